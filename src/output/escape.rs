//! Display text for names and messages: the one place where a file name,
//! or any other text taken from the input, is made safe to print on a
//! terminal or in a line-oriented log.
//!
//! This module owns the escaping applied to file names in the plain,
//! human and GitHub formats, in the `--diff` headers and `rewrite
//! --dry-run` listing, and to every message on standard error
//! (`crate::pipeline::Sink::message`, the errors printed by the binary,
//! [`crate::error::DisplayPath`]). Without it a file named
//! `nl⏎fake.txt:1:1: U999 injected` forges a finding line in `--format
//! plain`, a name holding `ESC ] 0 ;` retitles the terminal, and a name
//! starting `::error` becomes a GitHub Actions workflow command.
//!
//! The escaping is in the style of ripgrep's and GNU `ls
//! --quoting-style=escape` (the characters as Rust writes them in a
//! string literal):
//!
//! | character | written as |
//! |---|---|
//! | TAB, LF, CR | `\t`, `\n`, `\r` |
//! | other C0 controls (U+0000 to U+001F), DEL (U+007F) | `\x00` to `\x1f`, `\x7f` |
//! | C1 controls (U+0080 to U+009F) | `\u{80}` to `\u{9f}` |
//! | LINE SEPARATOR, PARAGRAPH SEPARATOR (U+2028, U+2029) | `\u{2028}`, `\u{2029}` |
//! | bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069; "Trojan Source", CVE-2021-42574) | `\u{202a}` ... `\u{2069}` |
//!
//! Everything else, the backslash included, is printed as it is, so the
//! display form of a name is not always reversible (a name that holds a
//! backslash followed by `n` looks like one holding a line feed): the
//! exact name is in the JSON Lines output (`path`, and `path_bytes` for
//! names that are not UTF-8, see [`crate::output::jsonl`]). Invalid UTF-8
//! in a name is shown as U+FFFD, as [`std::path::Path::to_string_lossy`]
//! gives it.
//!
//! A name ([`name`]) that would start a line with `:` or white space gets
//! `./` in front (`./::error::x`, the same file), since the GitHub runner
//! reads any line that starts with `::` after leading white space as a
//! workflow command, on standard output and standard error alike.

use std::borrow::Cow;

/// True for the characters [`text`] escapes (see the module documentation).
pub fn needs_escape(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00..=0x1f | 0x7f..=0x9f | 0x2028 | 0x2029 | 0x202a..=0x202e | 0x2066..=0x2069
    )
}

/// `s` with its control, line-separator and bidirectional-control
/// characters escaped as the module documentation says; borrowed when
/// there is nothing to escape. The result holds no character that starts a
/// new line or a terminal escape sequence.
pub fn text(s: &str) -> Cow<'_, str> {
    // Printable ASCII, nearly every URI: nothing to escape (one pass over
    // the bytes, no character decoding).
    if printable_ascii(s.as_bytes()) || !s.chars().any(needs_escape) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// True when every byte of `b` is printable ASCII (0x20 to 0x7e): eight
/// bytes at a time, each word tested for a byte below 0x20 and a byte
/// above 0x7e without carries between bytes, then the tail byte by byte.
fn printable_ascii(b: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = b.chunks_exact(8);
    for chunk in &mut words {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes);
        // A byte with its high bit set (0x80 and up) fails at once; below
        // that, adding 0x01 sets the high bit of 0x7f only, and adding
        // 0x60 sets it for 0x20 and up, with no carry out of any byte.
        let low7 = x & !HIGH;
        let del = (low7 + ONES) & HIGH;
        let printable = (low7 + ONES * 0x60) & HIGH;
        if x & HIGH != 0 || del != 0 || printable != HIGH {
            return false;
        }
    }
    words.remainder().iter().all(|b| (0x20..0x7f).contains(b))
}

fn push_escaped(out: &mut String, c: char) {
    use std::fmt::Write;
    let n = u32::from(c);
    // Writing to a String cannot fail.
    let _ = match c {
        '\t' => write!(out, "\\t"),
        '\n' => write!(out, "\\n"),
        '\r' => write!(out, "\\r"),
        _ if n < 0x20 || n == 0x7f => write!(out, "\\x{n:02x}"),
        _ if needs_escape(c) => write!(out, "\\u{{{n:x}}}"),
        _ => write!(out, "{c}"),
    };
}

/// The display form of the file name `name` (as
/// [`crate::source::Input::name`] gives it: lossy UTF-8, `-` for standard
/// input): [`text`], with `./` in front when it would start with `:` or
/// white space (see the module documentation).
pub fn name(name: &str) -> Cow<'_, str> {
    let escaped = text(name);
    match escaped.chars().next() {
        Some(c) if c == ':' || c.is_whitespace() => Cow::Owned(format!("./{escaped}")),
        _ => escaped,
    }
}

#[cfg(test)]
mod tests {
    /// The word test agrees with the byte test for every byte value at
    /// every place of a word and in the tail.
    #[test]
    fn printable_ascii_agrees_with_bytes() {
        for b in 0..=255u8 {
            for len in [1usize, 7, 8, 9, 16, 17] {
                for at in 0..len {
                    let mut v = vec![b'a'; len];
                    v[at] = b;
                    assert_eq!(
                        super::printable_ascii(&v),
                        (0x20..0x7f).contains(&b),
                        "{b:#04x} at {at} of {len}"
                    );
                }
            }
        }
        assert!(super::printable_ascii(b""));
    }

    use super::*;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(text("a\tb\nc\rd"), "a\\tb\\nc\\rd");
        assert_eq!(text("\x1b]0;t\x07"), "\\x1b]0;t\\x07");
        assert_eq!(text("\0\x7f"), "\\x00\\x7f");
        assert_eq!(text("\u{85}\u{9b}"), "\\u{85}\\u{9b}");
        assert_eq!(text("\u{2028}\u{2029}"), "\\u{2028}\\u{2029}");
        assert_eq!(text("a\u{202e}b\u{2066}"), "a\\u{202e}b\\u{2066}");
    }

    #[test]
    fn other_text_is_kept() {
        for s in [
            "docs/a.md",
            "ü é ☃ \u{fffd}",
            "a\\nb",
            "100%",
            "\u{a0}\u{2027}\u{202f}",
        ] {
            assert!(matches!(text(s), Cow::Borrowed(_)), "{s:?}");
        }
    }

    #[test]
    fn no_line_break_survives() {
        let all: String = (0..0x30_00u32).filter_map(char::from_u32).collect();
        let out = text(&all);
        assert!(!out.contains(['\n', '\r', '\x1b', '\u{85}', '\u{2028}', '\u{2029}']));
        assert!(!out.chars().any(needs_escape));
    }

    #[test]
    fn names_never_start_a_workflow_command() {
        assert_eq!(name("::error::x"), "./::error::x");
        assert_eq!(name(" ::error::x"), "./ ::error::x");
        assert_eq!(name("\u{3000}::x"), "./\u{3000}::x");
        assert_eq!(name("\n::x"), "\\n::x");
        assert_eq!(name("a::b"), "a::b");
        assert_eq!(name("-"), "-");
        assert_eq!(name("/abs/::x"), "/abs/::x");
    }
}
