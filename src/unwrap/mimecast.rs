//! Mimecast URL Protect (Targeted Threat Protection):
//! `https://protect-<region>.mimecast.com/s/<token>?domain=<host>` and,
//! since February 2024, `https://url.<region>.<m|a>.mimecastprotect.com/s/<token>`.
//! The target is not in the link: the token is looked up on Mimecast's
//! servers (only the `domain` parameter, when there, names the target's
//! host). Such a link is recognised and reported as wrapped, never
//! decoded.
//!
//! Source: Mimecast support, "Targeted Threat Protection - URL Protect -
//! Verifying a URL" (the sample `https://url.uk.m.mimecastprotect.com/s/F6rYCAW0hl6wn3CQg3QZ`)
//! and "Targeted Threat Protection - Domain Update - Feb 2024" (the
//! `mimecastprotect.com` hosts).

use super::{host_is_or_under, Decoded, Undecodable, Wrapper};
use crate::grammar::UriRef;

/// The wrapper.
pub const WRAPPER: Wrapper = Wrapper {
    name: "mimecast",
    title: "Mimecast URL Protect",
    source: "Mimecast support, \"Targeted Threat Protection - URL Protect - Verifying a URL\" and \
             \"Domain Update - Feb 2024\"",
    decode,
};

/// Recognises a URL Protect link (always undecodable, see the module).
pub fn decode(uri: &UriRef<'_>) -> Decoded {
    let host = uri.host()?;
    let old = host_is_or_under(host, "mimecast.com")
        && host
            .get(..8)
            .is_some_and(|p| p.eq_ignore_ascii_case("protect-"));
    let new = host_is_or_under(host, "mimecastprotect.com");
    if !(old || new) || !uri.path().starts_with("/s/") {
        return None;
    }
    Some(Err(Undecodable(
        "a Mimecast token: the link it stands for is kept on Mimecast's servers",
    )))
}

#[cfg(test)]
mod tests {
    use super::super::unwrap;

    #[test]
    fn recognised_not_decoded() {
        // Mimecast's published sample, and the older host form (Gordon-
        // Conwell's help page: protect-us.mimecast.com, `domain=`).
        for wrapped in [
            "https://url.uk.m.mimecastprotect.com/s/F6rYCAW0hl6wn3CQg3QZ",
            "https://protect-us.mimecast.com/s/abcDEFghiJK?domain=bbc.com",
        ] {
            let u = unwrap(wrapped).unwrap_or_else(|| panic!("{wrapped}"));
            assert_eq!(u.names(), "mimecast");
            assert!(!u.decoded());
            assert_eq!(u.uri, wrapped);
        }
        for not in [
            "https://www.mimecast.com/s/blog",
            "https://login-us.mimecast.com/s/x",
            "https://protect-us.mimecast.com/login",
        ] {
            assert_eq!(unwrap(not), None, "{not}");
        }
    }
}
