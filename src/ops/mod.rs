//! The layout algebra computed through trait resolution: each operation is a trait whose
//! associated type is the result, an alias naming it, and methods computing the value.
//!
//! Static layouts get static results (zero-sized, checked at compile time); mixed layouts go
//! through the same impls, with runtime values and runtime checks where a value is dynamic.

pub mod coalesce;
pub mod divide;
pub mod complement;
pub mod compose;
pub mod modes;
pub mod select;
pub mod tiler;

pub use coalesce::{Coalesce, Coalesced};
pub use complement::{Complement, ComplementFull, ComplementOf, Cosize};
pub use compose::{Compose, Composition};
pub use tiler::Underscore;
pub use divide::{
    BlockedProduct, FlatDivide, FlatProduct, LogicalDivide, LogicalDivision, LogicalProduct, LogicalProductOf,
    RakedProduct, TiledDivide, TiledProduct, ZippedDivide, ZippedDivision, ZippedProduct,
};
