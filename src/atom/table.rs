//! The atoms by name, with their layouts as runtime values (for printing, the `cute` tool and
//! the tests against recorded hardware data).

use alloc::string::String;
use alloc::vec::Vec;

use typenum::{U128, U16, U192, U256, U32, U64, U8, U96};

use super::*;
use crate::dynamic::DynLayout;
use crate::tuple::IntTuple;

/// An atom's layouts as runtime values, with the lines [`AtomLayouts::lines`] prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtomLayouts {
    /// An MMA atom.
    Mma {
        /// `ThrID`.
        thr_id: DynLayout,
        /// `Shape_MNK`.
        shape_mnk: (i64, i64, i64),
        /// `ALayout`: (thread, value) → `m + M·k`.
        a: DynLayout,
        /// `BLayout`: (thread, value) → `n + N·k`.
        b: DynLayout,
        /// `CLayout`: (thread, value) → `m + M·n`.
        c: DynLayout,
    },
    /// A copy atom (layouts in bits).
    Copy {
        /// `ThrID`.
        thr_id: DynLayout,
        /// `SrcLayout`: (thread, bit) → bit.
        src: DynLayout,
        /// `DstLayout`: (thread, bit) → bit.
        dst: DynLayout,
        /// `RefLayout`.
        ref_layout: DynLayout,
    },
}

impl AtomLayouts {
    /// The layouts of an MMA atom type.
    pub fn of_mma<A>() -> Self
    where
        A: MmaTraits,
        A::ThrID: StaticLayout,
        A::ALayout: StaticLayout,
        A::BLayout: StaticLayout,
        A::CLayout: StaticLayout,
        A::Shape_MNK: check::ShapeMnk,
        <A::Shape_MNK as check::ShapeMnk>::M: crate::int::Int,
        <A::Shape_MNK as check::ShapeMnk>::N: crate::int::Int,
        <A::Shape_MNK as check::ShapeMnk>::K: crate::int::Int,
    {
        use crate::int::Int;
        type S<A> = <A as MmaTraits>::Shape_MNK;
        AtomLayouts::Mma {
            thr_id: A::ThrID::dyn_layout(),
            shape_mnk: (
                <<S<A> as check::ShapeMnk>::M as Default>::default().value(),
                <<S<A> as check::ShapeMnk>::N as Default>::default().value(),
                <<S<A> as check::ShapeMnk>::K as Default>::default().value(),
            ),
            a: A::ALayout::dyn_layout(),
            b: A::BLayout::dyn_layout(),
            c: A::CLayout::dyn_layout(),
        }
    }

    /// The layouts of a copy atom type.
    pub fn of_copy<A>() -> Self
    where
        A: CopyTraits,
        A::ThrID: StaticLayout,
        A::SrcLayout: StaticLayout,
        A::DstLayout: StaticLayout,
        A::RefLayout: StaticLayout,
    {
        AtomLayouts::Copy {
            thr_id: A::ThrID::dyn_layout(),
            src: A::SrcLayout::dyn_layout(),
            dst: A::DstLayout::dyn_layout(),
            ref_layout: A::RefLayout::dyn_layout(),
        }
    }

    /// The lines `cute atom NAME` prints, in CuTe notation: `ThrID: 32:1`,
    /// `Shape_MNK: (16,8,16)`, `ALayout: …`, `BLayout: …`, `CLayout: …` for an MMA atom;
    /// `ThrID`, `SrcLayout`, `DstLayout` for a copy atom.
    pub fn lines(&self) -> Vec<String> {
        match self {
            AtomLayouts::Mma {
                thr_id,
                shape_mnk: (m, n, k),
                a,
                b,
                c,
            } => alloc::vec![
                alloc::format!("ThrID: {thr_id}"),
                alloc::format!("Shape_MNK: ({m},{n},{k})"),
                alloc::format!("ALayout: {a}"),
                alloc::format!("BLayout: {b}"),
                alloc::format!("CLayout: {c}"),
            ],
            AtomLayouts::Copy {
                thr_id, src, dst, ..
            } => alloc::vec![
                alloc::format!("ThrID: {thr_id}"),
                alloc::format!("SrcLayout: {src}"),
                alloc::format!("DstLayout: {dst}"),
            ],
        }
    }
}

/// A static layout, converted to a [`DynLayout`] (the table's values).
#[doc(hidden)]
pub trait StaticLayout {
    /// The runtime copy.
    fn dyn_layout() -> DynLayout;
}
impl<S, D> StaticLayout for crate::Layout<S, D>
where
    S: crate::tuple::StaticShape + crate::tuple::Congruent<D>,
    D: crate::tuple::StaticTuple + IntTuple,
{
    fn dyn_layout() -> DynLayout {
        crate::Layout::<S, D>::new().to_dyn()
    }
}

macro_rules! table {
    (mma: [$($mma:ty => $mname:expr,)*] copy: [$($copy:ty => $cname:expr,)*]) => {
        /// The names of every atom of the crate, as CuTe spells them (`UniversalCopy<32>`,
        /// `SM80_CP_ASYNC_CACHEALWAYS<128>` and the other templated copies by their width in
        /// bits, `UniversalFMA<float>` by its C++ element type).
        pub fn atom_names() -> &'static [&'static str] {
            &[$($mname,)* $($cname,)*]
        }

        /// An atom's layouts by its CuTe name ([`atom_names`]); `None` for a name the crate does
        /// not have.
        ///
        /// ```
        /// let l = cute_layout::atom::atom_layouts("SM80_16x8x16_F32F16F16F32_TN").unwrap();
        /// assert_eq!(l.lines()[0], "ThrID: 32:1");
        /// assert_eq!(l.lines()[1], "Shape_MNK: (16,8,16)");
        /// assert!(cute_layout::atom::atom_layouts("SM80_16x8x16").is_none());
        /// ```
        pub fn atom_layouts(name: &str) -> Option<AtomLayouts> {
            match name {
                $($mname => Some(AtomLayouts::of_mma::<$mma>()),)*
                $($cname => Some(AtomLayouts::of_copy::<$copy>()),)*
                _ => None,
            }
        }
    };
}

table! {
    mma: [
    SM80_16x8x8_F32F16F16F32_TN => "SM80_16x8x8_F32F16F16F32_TN",
    SM80_16x8x8_F16F16F16F16_TN => "SM80_16x8x8_F16F16F16F16_TN",
    SM80_16x8x16_F16F16F16F16_TN => "SM80_16x8x16_F16F16F16F16_TN",
    SM80_16x8x16_F32F16F16F32_TN => "SM80_16x8x16_F32F16F16F32_TN",
    SM80_16x8x16_F32BF16BF16F32_TN => "SM80_16x8x16_F32BF16BF16F32_TN",
    SM80_16x8x8_F32TF32TF32F32_TN => "SM80_16x8x8_F32TF32TF32F32_TN",
    SM80_8x8x4_F64F64F64F64_TN => "SM80_8x8x4_F64F64F64F64_TN",
    SM80_16x8x32_S32S8S8S32_TN => "SM80_16x8x32_S32S8S8S32_TN",
    SM80_16x8x8_F32BF16BF16F32_TN => "SM80_16x8x8_F32BF16BF16F32_TN",
    SM80_16x8x4_F32TF32TF32F32_TN => "SM80_16x8x4_F32TF32TF32F32_TN",
    SM80_8x8x16_S32S8S8S32_TN => "SM80_8x8x16_S32S8S8S32_TN",
    SM80_8x8x16_S32S8S8S32_TN_SATURATE => "SM80_8x8x16_S32S8S8S32_TN_SATURATE",
    SM80_8x8x16_S32S8U8S32_TN => "SM80_8x8x16_S32S8U8S32_TN",
    SM80_8x8x16_S32S8U8S32_TN_SATURATE => "SM80_8x8x16_S32S8U8S32_TN_SATURATE",
    SM80_8x8x16_S32U8S8S32_TN => "SM80_8x8x16_S32U8S8S32_TN",
    SM80_8x8x16_S32U8S8S32_TN_SATURATE => "SM80_8x8x16_S32U8S8S32_TN_SATURATE",
    SM80_8x8x16_S32U8U8S32_TN => "SM80_8x8x16_S32U8U8S32_TN",
    SM80_8x8x16_S32U8U8S32_TN_SATURATE => "SM80_8x8x16_S32U8U8S32_TN_SATURATE",
    SM80_16x8x16_S32S8S8S32_TN => "SM80_16x8x16_S32S8S8S32_TN",
    SM80_16x8x16_S32S8S8S32_TN_SATURATE => "SM80_16x8x16_S32S8S8S32_TN_SATURATE",
    SM80_16x8x16_S32S8U8S32_TN => "SM80_16x8x16_S32S8U8S32_TN",
    SM80_16x8x16_S32S8U8S32_TN_SATURATE => "SM80_16x8x16_S32S8U8S32_TN_SATURATE",
    SM80_16x8x16_S32U8S8S32_TN => "SM80_16x8x16_S32U8S8S32_TN",
    SM80_16x8x16_S32U8S8S32_TN_SATURATE => "SM80_16x8x16_S32U8S8S32_TN_SATURATE",
    SM80_16x8x16_S32U8U8S32_TN => "SM80_16x8x16_S32U8U8S32_TN",
    SM80_16x8x16_S32U8U8S32_TN_SATURATE => "SM80_16x8x16_S32U8U8S32_TN_SATURATE",
    SM80_16x8x32_S32S8S8S32_TN_SATURATE => "SM80_16x8x32_S32S8S8S32_TN_SATURATE",
    SM80_16x8x32_S32S8U8S32_TN => "SM80_16x8x32_S32S8U8S32_TN",
    SM80_16x8x32_S32S8U8S32_TN_SATURATE => "SM80_16x8x32_S32S8U8S32_TN_SATURATE",
    SM80_16x8x32_S32U8S8S32_TN => "SM80_16x8x32_S32U8S8S32_TN",
    SM80_16x8x32_S32U8S8S32_TN_SATURATE => "SM80_16x8x32_S32U8S8S32_TN_SATURATE",
    SM80_16x8x32_S32U8U8S32_TN => "SM80_16x8x32_S32U8U8S32_TN",
    SM80_16x8x32_S32U8U8S32_TN_SATURATE => "SM80_16x8x32_S32U8U8S32_TN_SATURATE",
    SM80_8x8x32_S32S4S4S32_TN => "SM80_8x8x32_S32S4S4S32_TN",
    SM80_8x8x32_S32S4S4S32_TN_SATURATE => "SM80_8x8x32_S32S4S4S32_TN_SATURATE",
    SM80_8x8x32_S32S4U4S32_TN => "SM80_8x8x32_S32S4U4S32_TN",
    SM80_8x8x32_S32S4U4S32_TN_SATURATE => "SM80_8x8x32_S32S4U4S32_TN_SATURATE",
    SM80_8x8x32_S32U4S4S32_TN => "SM80_8x8x32_S32U4S4S32_TN",
    SM80_8x8x32_S32U4S4S32_TN_SATURATE => "SM80_8x8x32_S32U4S4S32_TN_SATURATE",
    SM80_8x8x32_S32U4U4S32_TN => "SM80_8x8x32_S32U4U4S32_TN",
    SM80_8x8x32_S32U4U4S32_TN_SATURATE => "SM80_8x8x32_S32U4U4S32_TN_SATURATE",
    SM80_16x8x32_S32S4S4S32_TN => "SM80_16x8x32_S32S4S4S32_TN",
    SM80_16x8x32_S32S4S4S32_TN_SATURATE => "SM80_16x8x32_S32S4S4S32_TN_SATURATE",
    SM80_16x8x32_S32S4U4S32_TN => "SM80_16x8x32_S32S4U4S32_TN",
    SM80_16x8x32_S32S4U4S32_TN_SATURATE => "SM80_16x8x32_S32S4U4S32_TN_SATURATE",
    SM80_16x8x32_S32U4S4S32_TN => "SM80_16x8x32_S32U4S4S32_TN",
    SM80_16x8x32_S32U4S4S32_TN_SATURATE => "SM80_16x8x32_S32U4S4S32_TN_SATURATE",
    SM80_16x8x32_S32U4U4S32_TN => "SM80_16x8x32_S32U4U4S32_TN",
    SM80_16x8x32_S32U4U4S32_TN_SATURATE => "SM80_16x8x32_S32U4U4S32_TN_SATURATE",
    SM80_16x8x64_S32S4S4S32_TN => "SM80_16x8x64_S32S4S4S32_TN",
    SM80_16x8x64_S32S4S4S32_TN_SATURATE => "SM80_16x8x64_S32S4S4S32_TN_SATURATE",
    SM80_16x8x64_S32S4U4S32_TN => "SM80_16x8x64_S32S4U4S32_TN",
    SM80_16x8x64_S32S4U4S32_TN_SATURATE => "SM80_16x8x64_S32S4U4S32_TN_SATURATE",
    SM80_16x8x64_S32U4S4S32_TN => "SM80_16x8x64_S32U4S4S32_TN",
    SM80_16x8x64_S32U4S4S32_TN_SATURATE => "SM80_16x8x64_S32U4S4S32_TN_SATURATE",
    SM80_16x8x64_S32U4U4S32_TN => "SM80_16x8x64_S32U4U4S32_TN",
    SM80_16x8x64_S32U4U4S32_TN_SATURATE => "SM80_16x8x64_S32U4U4S32_TN_SATURATE",
    SM80_8x8x128_S32U1U1S32_TN_ANDPOPC => "SM80_8x8x128_S32U1U1S32_TN_ANDPOPC",
    SM80_8x8x128_S32U1U1S32_TN_XORPOPC => "SM80_8x8x128_S32U1U1S32_TN_XORPOPC",
    SM80_16x8x128_S32U1U1S32_TN_ANDPOPC => "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC",
    SM80_16x8x128_S32U1U1S32_TN_XORPOPC => "SM80_16x8x128_S32U1U1S32_TN_XORPOPC",
    SM80_16x8x256_S32U1U1S32_TN_ANDPOPC => "SM80_16x8x256_S32U1U1S32_TN_ANDPOPC",
    SM80_16x8x256_S32U1U1S32_TN_XORPOPC => "SM80_16x8x256_S32U1U1S32_TN_XORPOPC",
    SM75_16x8x8_F32F16F16F32_TN => "SM75_16x8x8_F32F16F16F32_TN",
    SM75_8x8x16_S32S8S8S32_TN => "SM75_8x8x16_S32S8S8S32_TN",
    SM89_16x8x32_F32E4M3E4M3F32_TN => "SM89_16x8x32_F32E4M3E4M3F32_TN",
    SM89_16x8x32_F32E4M3E5M2F32_TN => "SM89_16x8x32_F32E4M3E5M2F32_TN",
    SM89_16x8x32_F32E5M2E4M3F32_TN => "SM89_16x8x32_F32E5M2E4M3F32_TN",
    SM89_16x8x32_F32E5M2E5M2F32_TN => "SM89_16x8x32_F32E5M2E5M2F32_TN",
    SM89_16x8x32_F16E4M3E4M3F16_TN => "SM89_16x8x32_F16E4M3E4M3F16_TN",
    SM89_16x8x32_F16E4M3E5M2F16_TN => "SM89_16x8x32_F16E4M3E5M2F16_TN",
    SM89_16x8x32_F16E5M2E4M3F16_TN => "SM89_16x8x32_F16E5M2E4M3F16_TN",
    SM89_16x8x32_F16E5M2E5M2F16_TN => "SM89_16x8x32_F16E5M2E5M2F16_TN",
    SM70_8x8x4_F16F16F16F16_TN => "SM70_8x8x4_F16F16F16F16_TN",
    SM70_8x8x4_F16F16F16F16_NT => "SM70_8x8x4_F16F16F16F16_NT",
    SM70_8x8x4_F16F16F16F16_NN => "SM70_8x8x4_F16F16F16F16_NN",
    SM70_8x8x4_F16F16F16F16_TT => "SM70_8x8x4_F16F16F16F16_TT",
    SM70_8x8x4_F32F16F16F32_TN => "SM70_8x8x4_F32F16F16F32_TN",
    SM70_8x8x4_F32F16F16F32_NT => "SM70_8x8x4_F32F16F16F32_NT",
    SM70_8x8x4_F32F16F16F32_NN => "SM70_8x8x4_F32F16F16F32_NN",
    SM70_8x8x4_F32F16F16F32_TT => "SM70_8x8x4_F32F16F16F32_TT",
    UniversalFMA<f32> => "UniversalFMA<float>",
    UniversalFMA<f64> => "UniversalFMA<double>",
    SM90_64xNx16_F32F16F16_SS<U8> => "SM90_64x8x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U16> => "SM90_64x16x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U32> => "SM90_64x32x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U64> => "SM90_64x64x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U96> => "SM90_64x96x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U128> => "SM90_64x128x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U192> => "SM90_64x192x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_SS<U256> => "SM90_64x256x16_F32F16F16_SS",
    SM90_64xNx16_F32F16F16_RS<U8> => "SM90_64x8x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U16> => "SM90_64x16x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U32> => "SM90_64x32x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U64> => "SM90_64x64x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U96> => "SM90_64x96x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U128> => "SM90_64x128x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U192> => "SM90_64x192x16_F32F16F16_RS",
    SM90_64xNx16_F32F16F16_RS<U256> => "SM90_64x256x16_F32F16F16_RS",
    SM90_64xNx16_F32BF16BF16_SS<U8> => "SM90_64x8x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U16> => "SM90_64x16x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U32> => "SM90_64x32x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U64> => "SM90_64x64x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U96> => "SM90_64x96x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U128> => "SM90_64x128x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U192> => "SM90_64x192x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_SS<U256> => "SM90_64x256x16_F32BF16BF16_SS",
    SM90_64xNx16_F32BF16BF16_RS<U8> => "SM90_64x8x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U16> => "SM90_64x16x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U32> => "SM90_64x32x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U64> => "SM90_64x64x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U96> => "SM90_64x96x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U128> => "SM90_64x128x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U192> => "SM90_64x192x16_F32BF16BF16_RS",
    SM90_64xNx16_F32BF16BF16_RS<U256> => "SM90_64x256x16_F32BF16BF16_RS",
    SM90_64xNx16_F16F16F16_SS<U8> => "SM90_64x8x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U16> => "SM90_64x16x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U32> => "SM90_64x32x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U64> => "SM90_64x64x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U96> => "SM90_64x96x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U128> => "SM90_64x128x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U192> => "SM90_64x192x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_SS<U256> => "SM90_64x256x16_F16F16F16_SS",
    SM90_64xNx16_F16F16F16_RS<U8> => "SM90_64x8x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U16> => "SM90_64x16x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U32> => "SM90_64x32x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U64> => "SM90_64x64x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U96> => "SM90_64x96x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U128> => "SM90_64x128x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U192> => "SM90_64x192x16_F16F16F16_RS",
    SM90_64xNx16_F16F16F16_RS<U256> => "SM90_64x256x16_F16F16F16_RS",
    ]
    copy: [
    SM75_U32x1_LDSM_N => "SM75_U32x1_LDSM_N",
    SM75_U32x2_LDSM_N => "SM75_U32x2_LDSM_N",
    SM75_U32x4_LDSM_N => "SM75_U32x4_LDSM_N",
    SM75_U16x2_LDSM_T => "SM75_U16x2_LDSM_T",
    SM75_U16x4_LDSM_T => "SM75_U16x4_LDSM_T",
    SM75_U16x8_LDSM_T => "SM75_U16x8_LDSM_T",
    SM90_U32x1_STSM_N => "SM90_U32x1_STSM_N",
    SM90_U32x2_STSM_N => "SM90_U32x2_STSM_N",
    SM90_U32x4_STSM_N => "SM90_U32x4_STSM_N",
    SM90_U16x2_STSM_T => "SM90_U16x2_STSM_T",
    SM90_U16x4_STSM_T => "SM90_U16x4_STSM_T",
    SM90_U16x8_STSM_T => "SM90_U16x8_STSM_T",
    UniversalCopy<U8> => "UniversalCopy<8>",
    UniversalCopy<U16> => "UniversalCopy<16>",
    UniversalCopy<U32> => "UniversalCopy<32>",
    UniversalCopy<U64> => "UniversalCopy<64>",
    UniversalCopy<U128> => "UniversalCopy<128>",
    SM80_CP_ASYNC_CACHEALWAYS<U32> => "SM80_CP_ASYNC_CACHEALWAYS<32>",
    SM80_CP_ASYNC_CACHEALWAYS<U64> => "SM80_CP_ASYNC_CACHEALWAYS<64>",
    SM80_CP_ASYNC_CACHEALWAYS<U128> => "SM80_CP_ASYNC_CACHEALWAYS<128>",
    SM80_CP_ASYNC_CACHEGLOBAL<U128> => "SM80_CP_ASYNC_CACHEGLOBAL<128>",
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL<U32> => "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<32>",
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL<U64> => "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<64>",
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL<U128> => "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<128>",
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<U128> => "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<128>",
    AutoVectorizingCopyWithAssumedAlignment<U8> => "AutoVectorizingCopyWithAssumedAlignment<8>",
    AutoVectorizingCopyWithAssumedAlignment<U16> => "AutoVectorizingCopyWithAssumedAlignment<16>",
    AutoVectorizingCopyWithAssumedAlignment<U32> => "AutoVectorizingCopyWithAssumedAlignment<32>",
    AutoVectorizingCopyWithAssumedAlignment<U64> => "AutoVectorizingCopyWithAssumedAlignment<64>",
    AutoVectorizingCopyWithAssumedAlignment<U128> => "AutoVectorizingCopyWithAssumedAlignment<128>",
    ]
}
