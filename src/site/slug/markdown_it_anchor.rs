//! markdown-it-anchor's heading ids: its default `slugify`
//! (valeriangalliat/markdown-it-anchor `index.js`:
//! `encodeURIComponent(String(s).trim().toLowerCase().replace(/\s+/g, '-'))`)
//! and `uniqueSlug` (`-1`, `-2`, ... from `uniqueSlugStartIndex`, 1).

use super::chars;

/// The default markdown-it-anchor slug of `text`: trimmed, lowercased,
/// each run of white space made `-`, then percent-encoded as
/// `encodeURIComponent` does (UTF-8, upper-case hex; ASCII
/// alphanumerics and `-_.!~*'()` kept). Punctuation is kept: `a.b?`
/// gives `a.b%3F`.
pub fn slug(text: &str) -> String {
    let lowered = text.trim_matches(chars::is_js_space).to_lowercase();
    let mut dashed = String::with_capacity(lowered.len());
    let mut in_space = false;
    for c in lowered.chars() {
        if chars::is_js_space(c) {
            if !in_space {
                dashed.push('-');
            }
            in_space = true;
        } else {
            dashed.push(c);
            in_space = false;
        }
    }
    encode_uri_component(&dashed)
}

/// ECMAScript `encodeURIComponent`: every UTF-8 byte of `s` except ASCII
/// alphanumerics and `-_.!~*'()` as `%XX` (upper-case hex).
pub fn encode_uri_component(s: &str) -> String {
    crate::grammar::percent_encode(s.as_bytes(), |b| {
        b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_it_anchor_slugs() {
        assert_eq!(slug("  Hello   World "), "hello-world");
        assert_eq!(slug("What's new?"), "what's-new%3F");
        assert_eq!(slug("Café"), "caf%C3%A9");
        assert_eq!(slug("a/b & c"), "a%2Fb-%26-c");
    }
}
