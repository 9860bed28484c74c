//! Zola's heading ids: `slugify_anchors` (getzola/zola
//! `components/utils/src/slugs.rs`) after the heading's text is taken
//! as `get_text` takes it (`components/markdown/src/markdown.rs`: its
//! text and inline code events only), for each value of the setting
//! `slugify.anchors`.

/// The Zola id of a heading whose text is `text`, before the counter.
/// With `slugify.anchors = "on"` (the default, `slugify` true): the
/// `slug` crate's `slugify`, as Zola calls it (transliterated to ASCII by
/// deunicode, lowercased, runs of anything but ASCII letters and digits
/// made one `-`, trimmed of `-`); with `"safe"` or `"off"`: each ASCII
/// white space character made `_`, nothing else changed.
pub fn slug(text: &str, slugify: bool) -> String {
    if slugify {
        slug::slugify(text)
    } else {
        text.replace(|c: char| c.is_ascii_whitespace(), "_")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zola_slugs() {
        // Zola's own table (`can_slugify_anchors`, components/utils/src/slugs.rs).
        let cases = [
            ("input", "input", "input"),
            ("test ", "test", "test_"),
            ("tes t", "tes-t", "tes_t"),
            ("dot. ", "dot", "dot._"),
            ("日本", "ri-ben", "日本"),
            ("héhé", "hehe", "héhé"),
            ("test (hey)", "test-hey", "test_(hey)"),
        ];
        for (text, on, off) in cases {
            assert_eq!(slug(text, true), on, "{text}");
            assert_eq!(slug(text, false), off, "{text}");
        }
        // Underscores are not kept by `slug::slugify` (unlike Hugo's).
        assert_eq!(slug("pkg rusoto_core", true), "pkg-rusoto-core");
    }
}
