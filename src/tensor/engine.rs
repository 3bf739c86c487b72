//! Engines: the memory a [`Tensor`](super::Tensor) indexes.

use generic_array::{ArrayLength, GenericArray};

/// The memory of a tensor: `len` elements from a pointer, and a borrowed view of them.
///
/// # Safety
///
/// `as_ptr` returns the same pointer for as long as the engine is not moved or mutated, `len`
/// the same length; the [`View`](Engine::View) has the same pointer and length. For a
/// [`HostEngine`], the pointer is valid for reads of `len` elements for as long as the engine
/// is borrowed.
pub unsafe trait Engine {
    /// The element type.
    type Elem;
    /// A borrowed view of the same memory.
    type View<'a>: Engine<Elem = Self::Elem>
    where
        Self: 'a;
    /// The number of elements.
    fn len(&self) -> usize;
    /// Whether there are no elements.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The pointer to element 0.
    fn as_ptr(&self) -> *const Self::Elem;
    /// A borrowed view of the same memory.
    fn view(&self) -> Self::View<'_>;
}

/// An engine that can be written through.
///
/// # Safety
///
/// As [`Engine`]; `as_mut_ptr` is `as_ptr` and, for a [`HostEngine`], valid for writes of
/// `len` elements for as long as the engine is mutably borrowed.
#[doc(hidden)]
pub unsafe trait EngineMut: Engine {
    /// A mutable borrowed view of the same memory.
    type ViewMut<'a>: EngineMut<Elem = Self::Elem>
    where
        Self: 'a;
    /// The pointer to element 0, for writing.
    fn as_mut_ptr(&mut self) -> *mut Self::Elem;
    /// A mutable borrowed view of the same memory.
    fn view_mut(&mut self) -> Self::ViewMut<'_>;
}

/// An engine whose memory the host may read (and, with [`EngineMut`], write): slices and
/// register fragments; not [`RawEngine`].
///
/// # Safety
///
/// The engine's pointer is valid for host reads (and writes, for an [`EngineMut`]) of `len`
/// elements, as [`Engine`] states.
pub unsafe trait HostEngine: Engine {}

// SAFETY: a slice's pointer and length.
unsafe impl<T> Engine for &[T] {
    type Elem = T;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    #[inline(always)]
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const T {
        <[T]>::as_ptr(self)
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self
    }
}
// SAFETY: a shared slice is readable.
unsafe impl<T> HostEngine for &[T] {}

// SAFETY: a slice's pointer and length.
unsafe impl<T> Engine for &mut [T] {
    type Elem = T;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    #[inline(always)]
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const T {
        <[T]>::as_ptr(self)
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self
    }
}
// SAFETY: a mutable slice is writable.
unsafe impl<T> EngineMut for &mut [T] {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;
    #[inline(always)]
    fn as_mut_ptr(&mut self) -> *mut T {
        <[T]>::as_mut_ptr(self)
    }
    #[inline(always)]
    fn view_mut(&mut self) -> &mut [T] {
        self
    }
}
// SAFETY: a mutable slice is readable.
unsafe impl<T> HostEngine for &mut [T] {}

// SAFETY: an array's pointer and length.
unsafe impl<T, N: ArrayLength> Engine for GenericArray<T, N> {
    type Elem = T;
    type View<'a>
        = &'a [T]
    where
        Self: 'a;
    #[inline(always)]
    fn len(&self) -> usize {
        N::USIZE
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const T {
        self.as_slice().as_ptr()
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self.as_slice()
    }
}
// SAFETY: an owned array is writable.
unsafe impl<T, N: ArrayLength> EngineMut for GenericArray<T, N> {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;
    #[inline(always)]
    fn as_mut_ptr(&mut self) -> *mut T {
        self.as_mut_slice().as_mut_ptr()
    }
    #[inline(always)]
    fn view_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}
// SAFETY: an owned array is readable.
unsafe impl<T, N: ArrayLength> HostEngine for GenericArray<T, N> {}

/// A raw pointer and a length: memory the tensor does not own and the host may not be able
/// to read (FFI buffers, device memory). Built by the unsafe
/// [`Tensor::from_raw_parts`](super::Tensor::from_raw_parts), whose contract it carries;
/// tensors on it compute pointers ([`data_ptr`](super::Tensor::data_ptr)) but do not index.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct RawEngine<T> {
    ptr: *mut T,
    len: usize,
}
impl<T> Clone for RawEngine<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for RawEngine<T> {}
impl<T> RawEngine<T> {
    /// The pointer and the length (no access is made).
    pub(crate) fn new(ptr: *mut T, len: usize) -> Self {
        RawEngine { ptr, len }
    }
}
// SAFETY: the pointer and length given to `from_raw_parts`, never dereferenced here.
unsafe impl<T> Engine for RawEngine<T> {
    type Elem = T;
    type View<'a>
        = RawEngine<T>
    where
        Self: 'a;
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const T {
        self.ptr
    }
    #[inline(always)]
    fn view(&self) -> RawEngine<T> {
        *self
    }
}
// SAFETY: as above.
unsafe impl<T> EngineMut for RawEngine<T> {
    type ViewMut<'a>
        = RawEngine<T>
    where
        Self: 'a;
    #[inline(always)]
    fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }
    #[inline(always)]
    fn view_mut(&mut self) -> RawEngine<T> {
        *self
    }
}
