//! Google's redirector: `https://www.google.com/url?q=<target>&...` (Gmail's
//! `data-saferedirecturl`, Google Groups, Docs and Sites) and
//! `https://www.google.com/url?...&url=<target>&...` (search results), on
//! `google.com` and Google's country domains (`google.de`, `google.co.uk`,
//! `www.google.com.au`), the target percent-encoded in the parameter (or
//! not at all, as Gmail writes it: `?hl=en&q=http://host:3260&source=gmail`).
//!
//! Google publishes no specification of `/url`; the parameters are as
//! Gmail, Groups and Search write them (the shared corpus' open-iscsi
//! archive, Google Groups, holds Gmail's).

use super::{param, percent_decoded, Decoded, Undecodable, Wrapper};
use crate::grammar::UriRef;

/// The wrapper.
pub const WRAPPER: Wrapper = Wrapper {
    name: "google",
    title: "Google redirector (google.com/url)",
    source: "no published specification; the q and url parameters as Gmail, Google Groups and \
             Google Search write them",
    decode,
};

/// True for `google.<tld>` and `www.google.<tld>`, the top-level part one
/// label (`com`, `de`) or two (`co.uk`, `com.au`).
fn google_host(host: &str) -> bool {
    let mut labels = host.split('.');
    let mut first = labels.next();
    if first.is_some_and(|l| l.eq_ignore_ascii_case("www")) {
        first = labels.next();
    }
    if !first.is_some_and(|l| l.eq_ignore_ascii_case("google")) {
        return false;
    }
    let tld: Vec<&str> = labels.collect();
    (1..=2).contains(&tld.len())
        && tld
            .iter()
            .all(|l| (2..=3).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// The `q` parameter (else `url`) of a `google.*/url` link,
/// percent-decoded.
pub fn decode(uri: &UriRef<'_>) -> Decoded {
    // The path first: one compare, where the host's test splits it.
    if uri.path() != "/url" || !google_host(uri.host()?) {
        return None;
    }
    let query = uri.query().unwrap_or("");
    // Without a target it is no link to anything else (a URL cut short
    // in a script: Google Groups' `onmousedown` handlers).
    let value = param(query, "q").or_else(|| param(query, "url"))?;
    Some(percent_decoded(value).ok_or(Undecodable("the parameter is not UTF-8")))
}

#[cfg(test)]
mod tests {
    use super::super::unwrap;
    use super::*;

    fn unwrapped(s: &str) -> String {
        super::super::unwrapped_by("google", s)
    }

    /// Real links of the shared corpus: Gmail's `data-saferedirecturl`
    /// (open-iscsi, Google Groups, QP- and HTML-decoded), and the form
    /// Google Docs and Groups write (target percent-encoded).
    #[test]
    fn real_links() {
        assert_eq!(
            unwrapped("https://www.google.com/url?hl=en&q=http://10.35.18.166:3260&source=gmail&ust=1580000000000000&usg=AFQjCNH"),
            "http://10.35.18.166:3260"
        );
        assert_eq!(
            unwrapped("https://www.google.com/url?q=https%3A%2F%2Fgroups.google.com%2Fg%2Fopen-iscsi&sa=D&sntz=1&usg=AOvVaw0"),
            "https://groups.google.com/g/open-iscsi"
        );
        assert_eq!(
            unwrapped("https://www.google.co.uk/url?sa=t&rct=j&url=https%3A%2F%2Fwww.rfc-editor.org%2Frfc%2Frfc3986&usg=x"),
            "https://www.rfc-editor.org/rfc/rfc3986"
        );
    }

    #[test]
    fn hosts() {
        for yes in [
            "google.com",
            "www.google.com",
            "www.google.co.uk",
            "google.de",
            "WWW.Google.Com.AU",
        ] {
            assert!(google_host(yes), "{yes}");
        }
        for no in [
            "google",
            "mail.google.com",
            "google.example.com",
            "notgoogle.com",
            "www.google.com.evil.example",
        ] {
            assert!(!google_host(no), "{no}");
        }
        assert_eq!(
            unwrap("https://www.google.com/search?q=https%3A%2F%2Fa.example%2F"),
            None
        );
        assert_eq!(
            unwrap("https://mail.google.com/url?q=https%3A%2F%2Fa.example%2F"),
            None
        );
        assert_eq!(unwrap("http://www.google.com/url?q"), None);
    }
}
