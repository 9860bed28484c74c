//! Searches for the fixed byte strings of the mail and mailbox readers,
//! each built once per process ([`memchr::memmem::Finder`]).
//!
//! `memchr::memmem::find(haystack, needle)` builds a searcher at every
//! call (about 200 instructions for a two-byte needle); the readers call it
//! once per run of lines, per pair of `Content-Type` fields or per message,
//! which was 1.2% of the instructions of reading a mailbox (issue 49).
//! A finder built once searches the same way and gives the same offsets.
//!
//! It owns no reading rule: each caller says what its needle means.

use memchr::memmem::Finder;
use std::sync::OnceLock;

macro_rules! needles {
    ($($(#[$doc:meta])* $name:ident = $needle:expr;)*) => {
        $(
            $(#[$doc])*
            pub(crate) fn $name() -> &'static Finder<'static> {
                static FINDER: OnceLock<Finder<'static>> = OnceLock::new();
                FINDER.get_or_init(|| Finder::new($needle))
            }
        )*
        #[cfg(test)]
        fn all() -> Vec<(&'static Finder<'static>, &'static [u8])> {
            vec![$(($name(), &$needle[..])),*]
        }
    };
}

needles! {
    /// `\n>`: a line that starts with a reply prefix.
    newline_quote = b"\n>";
    /// `\n--`: a line that may be a MIME delimiter line.
    newline_dashes = b"\n--";
    /// `\n\n`: an empty line (LF line ends).
    empty_line = b"\n\n";
    /// `\n\r\n`: an empty line (CRLF line ends).
    empty_line_crlf = b"\n\r\n";
    /// `From `: a mailbox separator line's start (RFC 4155).
    from_space = b"From ";
    /// `>From `: an mboxrd-quoted `From ` line.
    quoted_from = b">From ";
    /// `=?`: the start of an RFC 2047 encoded word.
    encoded_word_start = b"=?";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each finder looks for its needle and finds what a search built at
    /// the call finds, at every offset of a text holding them all.
    #[test]
    fn finders_find_as_memmem_find() {
        let text = b"a\n>b\n--c\n\nd\r\n\r\nFrom x\n>From y =?utf-8?q?z?= \n>\n--\n\n";
        for (finder, needle) in all() {
            assert_eq!(finder.needle(), needle);
            for at in 0..text.len() {
                assert_eq!(
                    finder.find(&text[at..]),
                    memchr::memmem::find(&text[at..], needle),
                    "{needle:?} from {at}"
                );
            }
            assert!(finder.find(text).is_some(), "{needle:?} is in the text");
        }
    }
}
