//! Memory of the format layer, counted by a global allocator (review
//! 2026-11-26, M1 and M8): the most bytes held at once while an input is
//! read on one thread, per byte of input. Deterministic (bytes counted
//! per thread, not RSS sampled).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urilint::format::detect::InputFormat;
use urilint::format::{unit, ReadOptions};

/// The system allocator, counting the bytes each thread holds and their
/// peak.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = HELD.try_with(|h| {
            let held = h.get() + layout.size() as isize;
            h.set(held);
            let _ = PEAK.try_with(|p| p.set(p.get().max(held)));
        });
        // SAFETY: the layout is passed on as it was given.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = HELD.try_with(|h| h.set(h.get() - layout.size() as isize));
        // SAFETY: `ptr` was allocated by `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The most bytes held at once by this thread (above those held before)
/// while `input` is read as `format` unit by unit, its pieces held as a
/// run holds them.
fn peak_reading(input: &[u8], format: InputFormat) -> usize {
    let before = HELD.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let mut pieces = 0;
    unit::for_each(input, format, ReadOptions::default(), |_unit, p| {
        pieces += p.len();
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(pieces > 0);
    (PEAK.with(Cell::get) - before).max(0) as usize
}

/// M8: a Markdown page of links took about 80 bytes of memory per byte
/// (a 167 KB .md.gz peaked at 5.1 GiB): three segments a link (the blank
/// between two links was one), each with a map and a chain of their own
/// allocations. Now under 50 bytes a byte (it was 83 here).
#[test]
fn markdown_links_take_less_than_50_bytes_a_byte() {
    let page = "[a](http://a.example/) ".repeat(100_000);
    let peak = peak_reading(page.as_bytes(), InputFormat::Markdown);
    let per_byte = peak / page.len();
    assert!(
        per_byte < 50,
        "{peak} bytes at most for {} bytes",
        page.len()
    );
}

/// M1: the `<base href>` of a page was copied into each of its segments
/// (a 2 KB .html.gz took 6.2 GiB). A 20 KB base and 5,000 segments now
/// cost the base once (it was 100 MB).
#[test]
fn a_long_base_is_held_once() {
    let mut page = format!("<base href=\"http://b.example/{}\">\n", "a".repeat(20_000));
    page.push_str(&"<i>y</i>\n".repeat(5_000));
    let peak = peak_reading(page.as_bytes(), InputFormat::Html);
    assert!(
        peak < 5_000_000,
        "{peak} bytes at most for {} bytes",
        page.len()
    );
}
