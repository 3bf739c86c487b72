//! The layout algebra computed through trait resolution: each operation is a trait whose
//! associated type is the result, an alias naming it, and methods computing the value.
//!
//! Static layouts get static results (zero-sized, checked at compile time); mixed layouts go
//! through the same impls, with runtime values and runtime checks where a value is dynamic.

pub mod coalesce;
pub mod complement;
pub mod compose;
pub mod divide;
pub mod inverse;
pub mod modeops;
pub mod modes;
pub mod select;
pub mod tiler;
pub mod vector;

pub use coalesce::{Coalesce, Coalesced};
pub use complement::{Complement, ComplementFull, ComplementOf, Cosize};
pub use compose::{Compose, Composition};
pub use divide::{
    BlockedProduct, FlatDivide, FlatProduct, LogicalDivide, LogicalDivision, LogicalProduct,
    LogicalProductOf, RakedProduct, TiledDivide, TiledProduct, ZippedDivide, ZippedDivision,
    ZippedProduct,
};
pub use inverse::{LeftInverse, LeftInverseOf, RightInverse, RightInverseOf};
pub use modeops::{
    CoalesceByMode, CoalescedByMode, Filter, FilterZeros, FilterZerosOf, Filtered, Flatten,
    Flattened, GroupModes, GroupedModes,
};
pub use tiler::Underscore;
pub use vector::{MaxCommonLayout, MaxCommonLayoutOf, MaxCommonVector, MaxCommonVectorOf};
