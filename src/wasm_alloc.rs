//! The wasm module's memory allocator: blocks of power-of-two sizes, each size with its own
//! list of freed blocks, new blocks cut from the end of the wasm memory (grown as needed).
//!
//! It replaces the standard library's dlmalloc (about 4 KiB of the gzipped module) with a
//! few hundred bytes. Allocation and freeing are a few instructions, as fast as dlmalloc or
//! faster; the price is memory: a block is up to twice what was asked, and a freed block is
//! only reused for a block of the same size class (the engine's allocations are few and of
//! few sizes: the search's tables and move lists, the solvers' sets). A wasm module runs on
//! one thread, so the lists need no lock.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::ptr::null_mut;

/// The smallest block: 16 bytes (a free block holds the next free block's address).
const MIN_CLASS: u32 = 4;
/// Blocks up to 2^31 bytes (a wasm32 memory is at most 4 GiB).
const CLASSES: usize = 32;
/// A wasm memory page.
const PAGE: usize = 65_536;
/// Blocks are aligned to their size up to this (a larger alignment is refused).
const MAX_ALIGN: usize = 4096;

struct State {
    /// The first free block of each size class (0: none); a free block's first word is the
    /// next one's address.
    free: [usize; CLASSES],
    /// Where the next new block starts, and the end of the memory (0, 0 before the first).
    next: usize,
    end: usize,
}

/// The allocator (see the module doc).
pub struct ClassAlloc(UnsafeCell<State>);

// SAFETY: wasm32-unknown-unknown without the atomics feature has a single thread.
unsafe impl Sync for ClassAlloc {}

impl ClassAlloc {
    /// An allocator with no memory taken yet.
    pub const fn new() -> ClassAlloc {
        ClassAlloc(UnsafeCell::new(State {
            free: [0; CLASSES],
            next: 0,
            end: 0,
        }))
    }
}

impl Default for ClassAlloc {
    fn default() -> Self {
        ClassAlloc::new()
    }
}

/// The size class of a layout: log2 of its block size, or `None` if too large or too
/// strictly aligned.
fn class(layout: Layout) -> Option<usize> {
    if layout.align() > MAX_ALIGN || layout.size() > 1 << (CLASSES - 1) {
        return None;
    }
    let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
    Some(size.next_power_of_two().trailing_zeros() as usize)
}

unsafe impl GlobalAlloc for ClassAlloc {
    // Not inlined: every allocation site would get a copy.
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(k) = class(layout) else {
            return null_mut();
        };
        // SAFETY: one thread, and no call here reenters the allocator.
        let st = unsafe { &mut *self.0.get() };
        let head = st.free[k];
        if head != 0 {
            // SAFETY: `head` is a freed block of class `k`, its first word the next one.
            st.free[k] = unsafe { *(head as *const usize) };
            return head as *mut u8;
        }
        let size = 1usize << k;
        if st.end == 0 {
            // Everything past the memory's initial end (data, stack and the standard
            // library's heap start are below it) is ours.
            st.end = core::arch::wasm32::memory_size(0) * PAGE;
            st.next = st.end;
        }
        let align = size.min(MAX_ALIGN);
        let start = (st.next + align - 1) & !(align - 1);
        let Some(stop) = start.checked_add(size) else {
            return null_mut();
        };
        if stop > st.end {
            let pages = (stop - st.end).div_ceil(PAGE);
            if core::arch::wasm32::memory_grow(0, pages) == usize::MAX {
                return null_mut();
            }
            st.end += pages * PAGE;
        }
        st.next = stop;
        start as *mut u8
    }

    // Not inlined: every allocation site would get a copy.
    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if let Some(k) = class(layout) {
            // SAFETY: one thread; `ptr` is a block of class `k` (it was allocated with this
            // layout) and at least 16 bytes, so it can hold the list's next address.
            let st = unsafe { &mut *self.0.get() };
            unsafe { *(ptr as *mut usize) = st.free[k] };
            st.free[k] = ptr as usize;
        }
    }

    // Not inlined: every allocation site would get a copy.
    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY (here and below): the caller's contract of `GlobalAlloc::realloc`.
        let new = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class(layout) == class(new) {
            return ptr;
        }
        let out = unsafe { self.alloc(new) };
        if !out.is_null() {
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, out, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        out
    }
}
