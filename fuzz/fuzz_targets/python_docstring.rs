//! Fuzz target for the Python docstring reader
//! (`urilint::format::python_docstring`, issue 51): for any bytes, reading
//! the docstrings and their links (as Markdown and as reStructuredText),
//! asking what a module defines or imports, and reading its decorators,
//! top-level `add_command` calls and `from` imports (`python_decorators`,
//! mkdocs-click's commands), never panic; every
//! literal and every link lies inside the input, and a link said exact is
//! the input's very bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::format::python_decorators::{decorated, from_imports, method_calls};
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
    // mkdocs-click's `add_command` calls and the imports they follow.
    if let Ok(calls) = method_calls(data, "add_command") {
        for c in &calls {
            assert!(c.called && c.callee.ends_with(".add_command"), "{c:?}");
        }
    }
    if let Ok(imports) = from_imports(data) {
        for i in &imports {
            assert!(
                i.names.iter().all(|(n, b)| !n.is_empty() && !b.is_empty()),
                "{i:?}"
            );
        }
    }
    for name in ["Flask", "a", "BasePlugin.on_files", ""] {
        let _ = defines(data, name);
        let _ = imported_from(data, name);
    }
});
