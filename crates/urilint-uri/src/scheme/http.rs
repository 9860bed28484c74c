//! `S1xx`: the `http` and `https` schemes (RFC 9110 section 4.2) and the
//! WebSocket schemes `ws` and `wss` (RFC 6455 section 3).
//!
//! ```text
//! http-URI  = "http" "://" authority path-abempty [ "?" query ]   ; RFC 9110 4.2.1
//! https-URI = "https" "://" authority path-abempty [ "?" query ]  ; RFC 9110 4.2.2
//! ws-URI    = "ws:" "//" host [ ":" port ] path [ "?" query ]     ; RFC 6455 3
//! wss-URI   = "wss:" "//" host [ ":" port ] path [ "?" query ]
//! ```
//!
//! This module owns the rules on userinfo and fragments of these schemes.
//! The host, port and DNS name rules (including RFC 9110's "a sender MUST
//! NOT generate an http URI with an empty host identifier") are `S0xx`, in
//! the `host` module.

use super::{host, SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S101`: userinfo in an http, https, ws or wss URI.
pub(super) const HTTP_USERINFO: SchemeRule = SchemeRule {
    code: "S101",
    name: "http-userinfo",
    schemes: &["http", "https", "ws", "wss"],
    summary: "userinfo ('user:password@') in the authority: deprecated for http(s) and not part of the ws(s) syntax",
    source: "RFC 9110 section 4.2.4; RFC 1738 section 3.3; RFC 6455 section 3",
};

/// `S102`: a fragment on a ws or wss URI.
pub(super) const WS_FRAGMENT: SchemeRule = SchemeRule {
    code: "S102",
    name: "ws-fragment",
    schemes: &["ws", "wss"],
    summary: "a fragment identifier on a WebSocket URI; '#' must be escaped as %23",
    source: "RFC 6455 section 3",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[HTTP_USERINFO, WS_FRAGMENT];

/// Checks an http, https, ws or wss URI; `scheme` is lowercase.
pub(super) fn check(uri: &UriRef<'_>, scheme: &str, out: &mut Vec<Violation>) {
    host::check_scheme(uri, scheme, out);
    let c = uri.components();
    let web_socket = scheme == "ws" || scheme == "wss";
    if let Some(r) = &c.userinfo {
        let message = if web_socket {
            format!("a {scheme} URI has no userinfo: its authority is host and port only (RFC 6455 section 3)")
        } else {
            format!("userinfo in a {scheme} URI is deprecated; a sender MUST NOT generate it and a recipient SHOULD treat it as an error (RFC 9110 section 4.2.4)")
        };
        out.push(Violation::new(&HTTP_USERINFO, r.start, message));
    }
    if web_socket {
        if let Some(r) = &c.fragment {
            out.push(Violation::new(
                &WS_FRAGMENT,
                r.start.saturating_sub(1),
                format!("fragment identifiers MUST NOT be used on {scheme} URIs; a '#' in the resource name must be escaped as %23 (RFC 6455 section 3)"),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn valid() {
        assert_valid(&[
            // RFC 9110 section 4.2.3
            "http://example.com:80/~smith/home.html",
            "http://EXAMPLE.com/%7Esmith/home.html",
            "http://EXAMPLE.com:/%7esmith/home.html",
            // RFC 9110 section 4.2, RFC 1738 section 5 shapes
            "https://www.iana.org/assignments/uri-schemes/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
            "http://a.example?q",
            "ws://example.com/chat",
            "wss://example.com:443/socket?x=%23y",
        ]);
    }

    #[test]
    fn userinfo() {
        assert_eq!(found("http://user:pass@example.com/"), vec![("S101", 7)]);
        assert_eq!(found("https://@example.com/"), vec![("S101", 8)]);
        assert_eq!(found("ws://u@example.com/"), vec![("S101", 5)]);
    }

    #[test]
    fn ws_fragment() {
        assert_eq!(found("ws://example.com/chat#x"), vec![("S102", 21)]);
        assert_eq!(found("wss://example.com#"), vec![("S102", 17)]);
        assert_valid(&["https://example.com/#x"]);
    }
}
