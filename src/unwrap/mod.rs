//! Redirect wrappers: links that a mail security gateway or a search
//! engine rewrote to pass through its own redirector, and the URI each
//! one wraps.
//!
//! Gateways rewrite every link of a message they deliver (Microsoft
//! Defender for Office 365 Safe Links, Proofpoint URL Defense, Mimecast
//! URL Protect, Trend Micro's time-of-click protection), and Google rewrites links in Gmail, Groups and search
//! results; those links end up in replies, in list archives and, pasted,
//! in documentation, where they carry the recipient's address or tenant
//! and stop working when the tenant does. This module owns recognising
//! them and taking them apart ([`unwrap`]): one file per wrapper, each a
//! [`Wrapper`] in the table [`WRAPPERS`], each citing where its format is
//! published. It does not own finding URIs (the `scan` module), reporting
//! wrapped links (the rule `X005` in `crate::lint::rules::wrapped_link`)
//! nor printing records (`crate::record`, `crate::output`).
//!
//! ```
//! use urilint::unwrap::unwrap;
//!
//! let found = "https://urldefense.com/v3/__https://example.com/*newsletter__;Iw!!foo!bar$";
//! let u = unwrap(found).expect("a Proofpoint URL Defense v3 link");
//! assert_eq!(u.uri, "https://example.com/#newsletter");
//! assert_eq!(u.chain[0].wrapper, "proofpoint");
//! assert!(u.decoded());
//! ```

pub mod google;
pub mod mimecast;
pub mod proofpoint;
pub mod safelinks;
pub mod trendmicro;

use serde::Serialize;

use crate::grammar::{self, Grammar, UriRef};

/// Why a recognised wrapper gives no URI: its target is not in it (a
/// Mimecast token is looked up on Mimecast's servers), it is cut short, or
/// what it decodes to is not a URI.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Undecodable(pub &'static str);

/// What a wrapper's decoder gives for a URI: `None` when the URI is not
/// that wrapper's, `Some(Ok(target))` with the wrapped text as decoded
/// (not yet checked to be a URI), `Some(Err(_))` for a link of the
/// wrapper's that cannot be decoded offline.
pub type Decoded = Option<Result<String, Undecodable>>;

/// One redirect wrapper: its name and its decoder.
#[derive(Clone, Copy, Debug)]
pub struct Wrapper {
    /// Stable lower-case name, e.g. `"safelinks"`: the `wrapper` field of
    /// a record's `wrapped_by` entries.
    pub name: &'static str,
    /// The product, e.g. `"Microsoft Defender for Office 365 Safe Links"`.
    pub title: &'static str,
    /// Where the format is published (vendor documentation, the vendor's
    /// decoder).
    pub source: &'static str,
    /// Decodes a parsed, valid URI (see [`Decoded`]).
    pub decode: fn(&UriRef<'_>) -> Decoded,
}

/// Every wrapper, in the order they are tried.
pub const WRAPPERS: [Wrapper; 5] = [
    safelinks::WRAPPER,
    proofpoint::WRAPPER,
    google::WRAPPER,
    mimecast::WRAPPER,
    trendmicro::WRAPPER,
];

/// The most wrappers taken off one link (a Safe Links link around a
/// Proofpoint one, and so on); a deeper chain stops there, its innermost
/// URI left wrapped.
pub const MAX_DEPTH: usize = 8;

/// One wrapper around a link, as `extract --unwrap` prints it in a
/// record's `wrapped_by`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layer {
    /// The wrapper's name ([`Wrapper::name`]).
    pub wrapper: &'static str,
    /// The wrapped URI as it was at this layer: for the outermost, the URI
    /// as found in the text.
    pub uri: String,
    /// False when the wrapper was recognised but could not be decoded
    /// (`uri` is then the innermost URI known); left out of the JSON when
    /// true.
    #[serde(skip_serializing_if = "is_true")]
    pub decoded: bool,
    /// Why it could not be decoded; left out of the JSON when decoded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// A wrapped link taken apart by [`unwrap`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unwrapped {
    /// The innermost URI reached: the original link when every layer was
    /// decoded, else the URI of the layer that could not be.
    pub uri: String,
    /// The layers, outermost first; never empty.
    pub chain: Vec<Layer>,
}

impl Unwrapped {
    /// True when every layer was decoded: [`Unwrapped::uri`] is the
    /// original link.
    pub fn decoded(&self) -> bool {
        self.chain.iter().all(|l| l.decoded)
    }

    /// The names of the wrappers, outermost first, joined with `" > "`
    /// (`"safelinks > proofpoint"`).
    pub fn names(&self) -> String {
        let names: Vec<&str> = self.chain.iter().map(|l| l.wrapper).collect();
        names.join(" > ")
    }
}

/// The link that `uri` wraps, with the chain of wrappers around it, or
/// `None` when `uri` is not a valid URI (RFC 3986) of a known wrapper.
/// Wrappers around wrappers are taken off up to [`MAX_DEPTH`]; a layer
/// that cannot be decoded ends the chain (`decoded: false`).
///
/// A decoded target is accepted only when it is an absolute URI (RFC 3986
/// section 4.3) once the characters no URI may hold (space, `"`, `<`,
/// `>`, `\`, `^`, `` ` ``, `{`, `|`, `}` and non-ASCII, as a browser
/// sends them: WHATWG URL's percent-encode sets) are percent-encoded as
/// UTF-8; any other text (a control character, a bad `%`, a relative
/// reference) makes the layer undecodable rather than a wrong URI.
pub fn unwrap(uri: &str) -> Option<Unwrapped> {
    let parsed = grammar::parse(uri, Grammar::Rfc3986);
    if !parsed.is_valid() {
        return None;
    }
    unwrap_parsed(parsed.uri())
}

/// [`unwrap`] of a URI already parsed and valid (RFC 3986).
pub fn unwrap_parsed(uri: &UriRef<'_>) -> Option<Unwrapped> {
    // Nearly every URI is no wrapper's: decided before anything is copied.
    let mut next = decode_once(uri);
    next.as_ref()?;
    let mut chain: Vec<Layer> = Vec::new();
    let mut current = uri.as_str().to_string();
    while let Some((wrapper, result)) = next.take() {
        match result.and_then(|target| checked(&target)) {
            Ok(target) => {
                chain.push(Layer {
                    wrapper: wrapper.name,
                    uri: std::mem::replace(&mut current, target),
                    decoded: true,
                    reason: None,
                });
            }
            Err(e) => {
                chain.push(Layer {
                    wrapper: wrapper.name,
                    uri: current.clone(),
                    decoded: false,
                    reason: Some(e.0),
                });
                break;
            }
        }
        if chain.len() >= MAX_DEPTH {
            break;
        }
        let parsed = grammar::parse(&current, Grammar::Rfc3986);
        next = decode_once(parsed.uri());
    }
    Some(Unwrapped {
        uri: current,
        chain,
    })
}

/// The first wrapper that recognises `uri`, and what it decodes it to.
fn decode_once(uri: &UriRef<'_>) -> Option<(&'static Wrapper, Result<String, Undecodable>)> {
    // Every wrapper is reached over http(s) with a host.
    let scheme = uri.scheme()?;
    if !(scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http")) {
        return None;
    }
    uri.host()?;
    WRAPPERS
        .iter()
        .find_map(|w| (w.decode)(uri).map(|r| (w, r)))
}

/// `target` as a URI: the characters no URI may hold percent-encoded (see
/// [`unwrap`]), then checked to be an absolute URI.
fn checked(target: &str) -> Result<String, Undecodable> {
    if target.chars().any(char::is_control) {
        return Err(Undecodable("the decoded link holds a control character"));
    }
    let encoded = grammar::percent_encode(target.as_bytes(), |b| {
        !matches!(
            b,
            b' ' | b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}'
        )
    });
    let parsed = grammar::parse(&encoded, Grammar::Rfc3986);
    if !parsed.is_valid() {
        return Err(Undecodable("the decoded link is not a valid URI"));
    }
    if parsed.uri().scheme().is_none() {
        return Err(Undecodable("the decoded link is not an absolute URI"));
    }
    Ok(encoded)
}

/// True when `host` is `domain` or ends with `.` and `domain`, ASCII
/// case-insensitive.
pub(crate) fn host_is_or_under(host: &str, domain: &str) -> bool {
    let (h, d) = (host.as_bytes(), domain.as_bytes());
    if h.len() < d.len() || !h[h.len() - d.len()..].eq_ignore_ascii_case(d) {
        return false;
    }
    h.len() == d.len() || h[h.len() - d.len() - 1] == b'.'
}

/// The value of the first parameter `name` of the query `query`
/// (`name=value` pairs separated by `&`, as HTML forms write them), as
/// written (not decoded). A pair written after an HTML-escaped separator
/// (`&amp;name=`, text copied from an HTML attribute) counts too.
pub(crate) fn param<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query.split('&').find_map(|pair| {
        let pair = pair.strip_prefix("amp;").unwrap_or(pair);
        pair.strip_prefix(name)?.strip_prefix('=')
    })
}

/// The target in parameter `url` of `query`, percent-decoded, where the
/// wrapper always writes parameter `signed` after it (Safe Links' `data`,
/// Trend Micro's `auth`): without that one the link was cut short, as a
/// mail client's line wrapping cuts a quoted one, and `url` may be a piece
/// of the target. Errors: no `url` parameter, `missing` when there is no
/// `signed` one, a target that is not UTF-8.
pub(crate) fn url_before(
    query: &str,
    signed: &str,
    missing: &'static str,
) -> Result<String, Undecodable> {
    let value = param(query, "url").ok_or(Undecodable("no url parameter"))?;
    if param(query, signed).is_none() {
        return Err(Undecodable(missing));
    }
    percent_decoded(value).ok_or(Undecodable("the url parameter is not UTF-8"))
}

/// `s` percent-decoded (RFC 3986 section 2.1) as UTF-8; `None` when the
/// bytes are not UTF-8.
pub(crate) fn percent_decoded(s: &str) -> Option<String> {
    String::from_utf8(grammar::percent_decode(s.as_bytes())).ok()
}

/// The target of `s` when its whole chain is the one wrapper `name`,
/// decoded (test helper of the wrappers' modules); panics otherwise.
#[cfg(test)]
pub(crate) fn unwrapped_by(name: &str, s: &str) -> String {
    match unwrap(s) {
        Some(u) if u.decoded() && u.names() == name => u.uri,
        other => panic!("{s}: {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real links from the shared corpus' mail: Safe Links around a list
    /// address (usrp-users, 2019-08, QP-decoded), Proofpoint v2 around a
    /// GitHub URL.
    #[test]
    fn real_links() {
        let safe = "https://nam01.safelinks.protection.outlook.com/?url=http%3A%2F%2Flists.ettus.com%2Fmailman%2Flistinfo%2Fusrp-users_lists.ettus.com&data=02%7C01%7Cfzj28%40psu.edu%7C289a9a49c5fa46b4744108d7259e57f3%7C7cf48d453ddb4389a9c1c115526eb52e%7C0%7C1%7C637019234325754870&sdata=WLHShWdleLNLl3jhiGls9YgS&reserved=0";
        let u = unwrap(safe).unwrap_or_else(|| panic!("not unwrapped"));
        assert_eq!(
            u.uri,
            "http://lists.ettus.com/mailman/listinfo/usrp-users_lists.ettus.com"
        );
        assert_eq!(u.names(), "safelinks");
        assert_eq!(u.chain[0].uri, safe);
        assert!(u.decoded());
    }

    /// Look-alikes: a `url` parameter elsewhere, a search, a wrapper's
    /// domain in an address, text.
    #[test]
    fn not_wrapped() {
        for plain in [
            "https://example.com/?url=https%3A%2F%2Fa.example%2F",
            "https://www.google.com/search?q=url",
            "mailto:someone@safelinks.protection.outlook.com",
            "not a uri",
            "https://outlook.com/?url=http://a.example/",
        ] {
            assert_eq!(unwrap(plain), None, "{plain}");
        }
    }

    /// Nesting: Proofpoint v2 inside Safe Links (each decoded in turn),
    /// and Mimecast inside Google (recognised, not decodable).
    #[test]
    fn nested() {
        let inner = "https://urldefense.proofpoint.com/v2/url?u=https-3A__github.com_EttusResearch_uhd&d=DwMFaQ&c=x&r=y&m=z&s=w&e=";
        let outer = format!(
            "https://nam03.safelinks.protection.outlook.com/?url={}&data=02%7C01&reserved=0",
            grammar::percent_encode(inner.as_bytes(), |b| b.is_ascii_alphanumeric())
        );
        let u = unwrap(&outer).unwrap_or_else(|| panic!("not unwrapped"));
        assert_eq!(u.uri, "https://github.com/EttusResearch/uhd");
        assert_eq!(u.names(), "safelinks > proofpoint");
        assert_eq!(u.chain[1].uri, inner);

        let mime = "https://www.google.com/url?q=https://protect-us.mimecast.com/s/abcDEF?domain%3Dexample.com&sa=D";
        let u = unwrap(mime).unwrap_or_else(|| panic!("not unwrapped"));
        assert_eq!(u.names(), "google > mimecast");
        assert!(!u.decoded());
        assert_eq!(
            u.uri,
            "https://protect-us.mimecast.com/s/abcDEF?domain=example.com"
        );
        assert_eq!(u.chain[1].uri, u.uri);
    }

    /// A target that is no URI is not printed: the layer is undecodable.
    #[test]
    fn junk_targets_are_undecodable() {
        for (wrapped, why) in [
            (
                "https://eur01.safelinks.protection.outlook.com/?url=%0Ahttp%3A%2F%2Fa&data=0",
                "control",
            ),
            (
                "https://eur01.safelinks.protection.outlook.com/?url=just%20words&data=0",
                "not an absolute URI",
            ),
            (
                "https://eur01.safelinks.protection.outlook.com/?url=http%3A%2F%2F%5Bx%5D%2F&data=0",
                "not a valid URI",
            ),
            (
                "https://eur01.safelinks.protection.outlook.com/?url=http%3A%2F%2Fa%2F%25zz&data=0",
                "not a valid URI",
            ),
        ] {
            let u = unwrap(wrapped).unwrap_or_else(|| panic!("{wrapped}"));
            assert!(!u.decoded(), "{wrapped}");
            assert_eq!(u.uri, wrapped);
            let reason = u.chain[0].reason.unwrap_or("");
            assert!(reason.contains(why), "{wrapped}: {reason}");
        }
    }

    /// Characters no URI holds are percent-encoded as a browser does.
    #[test]
    fn targets_are_encoded_as_browsers_send_them() {
        let u = unwrap("https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2FD%C3%BCrst%20x%7Cy&data=0")
            .unwrap_or_else(|| panic!("not unwrapped"));
        assert_eq!(u.uri, "https://a.example/D%C3%BCrst%20x%7Cy");
    }

    /// A chain deeper than the limit stops there, left wrapped.
    #[test]
    fn depth_is_bounded() {
        let mut uri = "https://a.example/".to_string();
        for _ in 0..MAX_DEPTH + 2 {
            uri = format!(
                "https://www.google.com/url?q={}",
                grammar::percent_encode(uri.as_bytes(), |b| b.is_ascii_alphanumeric())
            );
        }
        let u = unwrap(&uri).unwrap_or_else(|| panic!("not unwrapped"));
        assert_eq!(u.chain.len(), MAX_DEPTH);
        assert!(u.uri.starts_with("https://www.google.com/url?q="));
    }

    proptest::proptest! {
        /// Any text: no panic, and a decoded chain ends in a valid
        /// absolute URI.
        #[test]
        fn any_text(
            host in proptest::sample::select(vec![
                "nam01.safelinks.protection.outlook.com/?url=",
                "urldefense.proofpoint.com/v2/url?u=",
                "urldefense.proofpoint.com/v1/url?u=",
                "urldefense.com/v3/__",
                "www.google.com/url?q=",
                "protect-us.mimecast.com/s/",
            ]),
            rest in "([A-Za-z0-9_*!$&;=:/.%#?~+-]|%[0-9A-Fa-f]{2}|__;|\\*\\*[A-Za-z0-9_-])*",
        ) {
            let text = format!("https://{host}{rest}");
            if let Some(u) = unwrap(&text) {
                proptest::prop_assert!(!u.chain.is_empty() && u.chain.len() <= MAX_DEPTH);
                if u.decoded() {
                    let p = grammar::parse(&u.uri, Grammar::Rfc3986);
                    proptest::prop_assert!(p.is_valid() && p.uri().scheme().is_some(), "{}", u.uri);
                }
            }
        }
    }

    #[test]
    fn params_and_hosts() {
        assert_eq!(param("a=1&amp;url=x&url=y", "url"), Some("x"));
        assert_eq!(param("urls=1&url", "url"), None);
        assert_eq!(param("", "url"), None);
        assert!(host_is_or_under(
            "NAM01.SafeLinks.Protection.Outlook.com",
            "safelinks.protection.outlook.com"
        ));
        assert!(!host_is_or_under(
            "xsafelinks.protection.outlook.com",
            "safelinks.protection.outlook.com"
        ));
        assert!(host_is_or_under("google.com", "google.com"));
    }
}
