//! URI-valued attributes: which attributes hold URIs and how
//! ([`UrlValue`], [`url_attribute`]), and the URLs inside a value (the
//! image candidates of a `srcset`, the URL of a `<meta http-equiv=refresh>`
//! content).

use super::*;

/// How an attribute's value holds URIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UrlValue {
    /// The whole value is one URI reference.
    One,
    /// A `srcset`: image candidates, each a URL and descriptors.
    Srcset,
    /// Any other attribute: its value is text that may hold absolute
    /// URIs (Gmail's `data-saferedirecturl`, an `onclick` with a
    /// `mailto:`, a `content`, an `xmlns`); scanned as text.
    Text,
}

/// The elements on which an attribute holds a URL, for the attributes
/// whose name other elements use for other things (HTML standard, index
/// "Attributes": `data` on `object` only, `action` on `form`, `cite` on
/// `blockquote`/`q`/`del`/`ins`, ...; obsolete ones by section 16
/// "Obsolete features": `background`, `longdesc`, `codebase`, `icon`).
/// `href`, `src`, `srcset` and `imagesrcset` hold URLs on any element:
/// custom elements and components (`<my-link href>`, `<Image src>`)
/// follow the standard's.
const ONLY_ON: [(&str, &[&str]); 11] = [
    ("data", &["object"]),
    ("action", &["form"]),
    ("formaction", &["button", "input"]),
    ("poster", &["video"]),
    ("cite", &["blockquote", "q", "del", "ins"]),
    (
        "background",
        &["body", "table", "thead", "tbody", "tfoot", "tr", "td", "th"],
    ),
    ("longdesc", &["img", "frame", "iframe"]),
    ("manifest", &["html"]),
    ("codebase", &["object", "applet"]),
    ("icon", &["command", "menuitem"]),
    ("usemap", &["img", "object", "input"]),
];

/// The name (as it is given in segments) and the kind of a URI-valued
/// attribute `name` of the element `element` (either in any case);
/// `None` for other attributes, and for an attribute of [`ONLY_ON`] on
/// another element (`<b2 data="foo">`: text, not a URL).
pub(super) fn url_attribute(element: &[u8], name: &[u8]) -> Option<(&'static str, UrlValue)> {
    if let Some((_, on)) = ONLY_ON
        .iter()
        .find(|(n, _)| n.as_bytes().eq_ignore_ascii_case(name))
    {
        if !on
            .iter()
            .any(|e| e.as_bytes().eq_ignore_ascii_case(element))
        {
            return None;
        }
    }
    const NAMES: [&str; 13] = [
        "href",
        "src",
        "action",
        "cite",
        "poster",
        "data",
        "background",
        "longdesc",
        "formaction",
        "manifest",
        "codebase",
        "usemap",
        "icon",
    ];
    if let Some(n) = NAMES
        .iter()
        .find(|n| n.as_bytes().eq_ignore_ascii_case(name))
    {
        return Some((n, UrlValue::One));
    }
    ["srcset", "imagesrcset"]
        .iter()
        .find(|n| n.as_bytes().eq_ignore_ascii_case(name))
        .map(|n| (*n, UrlValue::Srcset))
}

/// The range of the URL in the `content` of `<meta http-equiv=refresh>`
/// (`5; url='https://example.org/'`), by HTML's "shared declarative
/// refresh steps" (HTML section 4.2.5.3): a time (digits and dots), a
/// `;` or `,` or white space, then optionally `url=`, then the URL,
/// optionally in quotes (it ends at the closing quote). `None` when the
/// value is only a time or not a refresh value at all.
pub(super) fn refresh_url(s: &[u8]) -> Option<Range<usize>> {
    let skip_space = |mut i: usize| {
        while s.get(i).copied().is_some_and(is_space) {
            i += 1;
        }
        i
    };
    let mut i = skip_space(0);
    let time = i;
    while s.get(i).is_some_and(|b| b.is_ascii_digit() || *b == b'.') {
        i += 1;
    }
    if i == time || i >= s.len() || !(matches!(s[i], b';' | b',') || is_space(s[i])) {
        return None;
    }
    i = skip_space(i);
    if s.get(i).is_some_and(|b| matches!(b, b';' | b',')) {
        i = skip_space(i + 1);
    }
    if s.get(i..i + 3)
        .is_some_and(|w| w.eq_ignore_ascii_case(b"url"))
    {
        let after = skip_space(i + 3);
        if s.get(after) == Some(&b'=') {
            i = skip_space(after + 1);
        }
    }
    let mut end = s.len();
    if let Some(&q) = s.get(i).filter(|b| matches!(b, b'"' | b'\'')) {
        i += 1;
        end = memchr::memchr(q, &s[i..]).map_or(end, |n| i + n);
    }
    let range = trim(s, i..end);
    (!range.is_empty()).then_some(range)
}

/// The URL ranges of the image candidates of a `srcset` value (HTML's
/// "parse a srcset attribute": URLs run to whitespace, trailing commas
/// end a candidate, descriptors run to a comma outside parentheses).
pub(super) fn srcset_urls(s: &[u8]) -> Vec<Range<usize>> {
    let mut urls = Vec::new();
    let n = s.len();
    let mut i = 0;
    loop {
        while i < n && (is_space(s[i]) || s[i] == b',') {
            i += 1;
        }
        if i >= n {
            break;
        }
        let start = i;
        while i < n && !is_space(s[i]) {
            i += 1;
        }
        let mut end = i;
        while end > start && s[end - 1] == b',' {
            end -= 1;
        }
        let commas = end < i;
        if end > start {
            urls.push(start..end);
        }
        if !commas {
            let mut paren = false;
            while i < n {
                match s[i] {
                    b'(' => paren = true,
                    b')' => paren = false,
                    b',' if !paren => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
        }
    }
    urls
}

/// The ranges of the URLs of CSS `url()` functions in `css` (a `style`
/// attribute's value or a `<style>` element's text; CSS Values and Units
/// Level 4 section 4.5): `url(` in any case, optional white space, the
/// URL unquoted up to `)` or white space, or in `'` or `"` up to the
/// same quote. Empty URLs are not given; CSS escapes are not undone.
pub(super) fn css_urls(css: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = memchr::memchr(b'(', &css[from..]) {
        let open = from + k;
        from = open + 1;
        let named = open >= 3
            && css[open - 3..open].eq_ignore_ascii_case(b"url")
            && (open == 3 || !is_name_byte(css[open - 4]));
        if !named {
            continue;
        }
        let mut i = open + 1;
        while css.get(i).copied().is_some_and(is_space) {
            i += 1;
        }
        let range = match css.get(i) {
            Some(&q @ (b'"' | b'\'')) => {
                let Some(n) = memchr::memchr(q, &css[i + 1..]) else {
                    break;
                };
                i + 1..i + 1 + n
            }
            Some(_) => {
                let n = css[i..]
                    .iter()
                    .position(|&b| b == b')' || is_space(b) || b == b'"' || b == b'\'')
                    .unwrap_or(css.len() - i);
                i..i + n
            }
            None => break,
        };
        from = range.end;
        let range = trim(css, range);
        if !range.is_empty() {
            out.push(range);
        }
    }
    out
}

/// A byte of a CSS identifier (so `xurl(` is no `url(`).
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b >= 0x80
}
