//! Fuzz target for the language server's frames (`urilint server`,
//! `urilint::server::frames`, L2 of the 2026-11-29 review): for any
//! bytes, reading frames never panics, ends, and never makes one
//! allocation larger than the input allows (a `Content-Length` is not
//! allocated ahead); then the same bytes, as a client's whole input, are
//! served by a server over in-memory pipes (the frame reader on its
//! thread, the dispatch on this one) to the end without a panic.
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use libfuzzer_sys::fuzz_target;
use urilint::server::frames::{read_frame, Frame};

/// The system allocator, recording the largest single request.
struct Largest;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Largest {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Largest = Largest;

fuzz_target!(|data: &[u8]| {
    LARGEST.store(0, Ordering::Relaxed);
    let mut r = std::io::BufReader::new(data);
    let mut frames = 0usize;
    loop {
        match read_frame(&mut r) {
            Ok(Some(Frame::Message(_) | Frame::Invalid { .. })) => frames += 1,
            Ok(None) | Err(_) => break,
        }
        // Each frame takes at least its empty header line.
        assert!(
            frames <= data.len(),
            "{frames} frames from {} bytes",
            data.len()
        );
    }
    // The body's first buffer (64 KiB at most) and what parsing the input
    // can take; never an announced length.
    let largest = LARGEST.load(Ordering::Relaxed);
    assert!(
        largest <= 256 * 1024 + 16 * data.len(),
        "an allocation of {largest} bytes for {} bytes of input",
        data.len()
    );
    if data.len() > 64 * 1024 {
        return;
    }
    let Ok((connection, transport)) =
        urilint::server::frames::over(std::io::Cursor::new(data.to_vec()), std::io::sink())
    else {
        return;
    };
    let _ = urilint::server::serve(&connection);
    drop(connection);
    let _ = transport.join_with_reader();
});
