//! Fuzz target for the Python docstring reader
//! (`urilint::format::python_docstring`, issue 51): for any bytes, reading
//! the docstrings and their links (as Markdown and as reStructuredText),
//! asking what a module defines or imports, and reading its decorators
//! (`python_decorators`, mkdocs-click's commands), never panic; every
//! literal and every link lies inside the input, and a link said exact is
//! the input's very bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::format::python_decorators::decorated;
use urilint::format::python_docstring::{defines, docstrings, imported_from, Markup};

fuzz_target!(|data: &[u8]| {
    let len = data.len();
    if let Ok(found) = docstrings(data) {
        for d in &found {
            assert!(
                d.literal.start <= d.literal.end && d.literal.end <= len,
                "{:?} of {len}",
                d.literal
            );
            for markup in [Markup::Markdown, Markup::Rst] {
                for link in d.links(data, markup) {
                    let s = &link.span;
                    assert!(s.start <= s.end && s.end <= len, "{s:?} of {len}");
                    if link.exact {
                        assert_eq!(&data[s.clone()], link.text.as_bytes());
                    }
                }
            }
        }
    }
    if let Ok(defs) = decorated(data) {
        // Only definitions with a decorator are given.
        for d in &defs {
            assert!(!d.decorators.is_empty(), "{d:?}");
        }
    }
    for name in ["Flask", "a", "BasePlugin.on_files", ""] {
        let _ = defines(data, name);
        let _ = imported_from(data, name);
    }
});
