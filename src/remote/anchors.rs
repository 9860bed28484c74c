//! The ids of a fetched page for `--remote-anchors`: which answers are
//! read for them, and the `id` and `<a name>` values of the HTML, read
//! with [`crate::links::anchors::of_html`] (the reader of local HTML
//! targets, html5gum).

use super::RemoteOptions;

/// True when the ids of a 2xx answer from `host` (lowercase, no port)
/// whose `Content-Type` is `content_type` are wanted: `opts.anchors` is
/// on, the host is not one of `opts.anchor_skip_hosts` (nor a subdomain of
/// one), and the type is `text/html` or `application/xhtml+xml`.
pub(crate) fn wanted(opts: &RemoteOptions, host: &str, content_type: Option<&str>) -> bool {
    let html = content_type.is_some_and(|t| {
        let essence = t.split(';').next().unwrap_or("").trim();
        essence.eq_ignore_ascii_case("text/html")
            || essence.eq_ignore_ascii_case("application/xhtml+xml")
    });
    opts.anchors
        && html
        && !opts
            .anchor_skip_hosts
            .iter()
            .any(|s| host == s || host.ends_with(&format!(".{s}")))
}

/// The `id` and `name` attribute values of the HTML `body`, sorted and
/// deduplicated.
pub(crate) fn ids(body: &[u8]) -> Vec<String> {
    let mut ids: Vec<String> = crate::links::anchors::of_html(body)
        .iter()
        .map(str::to_owned)
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_answers() {
        let opts = RemoteOptions {
            anchors: true,
            ..RemoteOptions::default()
        };
        assert!(wanted(&opts, "docs.rs", Some("text/html; charset=utf-8")));
        assert!(wanted(&opts, "docs.rs", Some("application/xhtml+xml")));
        assert!(!wanted(&opts, "docs.rs", Some("application/json")));
        assert!(!wanted(&opts, "docs.rs", None));
        assert!(!wanted(&opts, "github.com", Some("text/html")));
        assert!(!wanted(&opts, "gist.github.com", Some("text/html")));
        let off = RemoteOptions::default();
        assert!(!wanted(&off, "docs.rs", Some("text/html")));
    }

    #[test]
    fn ids_and_names() {
        let html = br#"<h2 id="install">Install</h2><a name="old-anchor"></a><p id="b"></p><div id="install"></div>"#;
        assert_eq!(ids(html), ["b", "install", "old-anchor"]);
    }
}
