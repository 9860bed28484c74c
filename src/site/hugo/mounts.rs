//! Hugo module mounts of single files and directories into `content`
//! and `static` (`[module] [[module.mounts]]`). Source: Hugo docs,
//! "Module configuration: mounts".

use std::path::Path;

use super::super::Layout;
use super::shown;

/// The module mounts of single files, or of directories, into a path
/// under `content` or `static` (Hugo docs, "Module configuration",
/// `[[module.mounts]]`: `source = "../README.md"`, `target =
/// "content/project/repo/README.md"`): a directory is served under
/// that path, a content file at its page's URL and at the URL of its
/// content path (a link to `README.md` beside it, which a link render
/// hook makes the page's URL). A mount whose source the tree does not
/// hold (a module's, `node_modules`) is served unseen under its target
/// ([`Layout::generated`]), or, mounted as the whole content, may make
/// pages the model does not know ([`Layout::unsure_pages`]).
pub(super) fn file_mounts(l: &mut Layout, dir: &Path, mounts: &[toml::Value]) {
    for m in mounts {
        let field = |k: &str| m.get(k).and_then(toml::Value::as_str);
        let (Some(source), Some(target)) = (field("source"), field("target")) else {
            continue;
        };
        let target = target.trim_matches('/');
        let (kind, sub) = match target.split_once('/') {
            Some((k @ ("content" | "static"), sub)) if !sub.is_empty() => (k, sub),
            _ if target == "content" || target == "static" => (target, ""),
            _ => continue,
        };
        let src = super::super::lexically_clean(&dir.join(source));
        // An empty directory mounted under a path of the content or
        // static directory: filled by a script (or a submodule) before
        // `hugo` runs.
        let empty =
            !sub.is_empty() && std::fs::read_dir(&src).is_ok_and(|mut e| e.next().is_none());
        if !src.exists() || empty {
            let why = format!(
                "the Hugo module mount of `{source}` to `{target}` ({}), whose source is {},",
                shown(l),
                if empty {
                    "an empty directory"
                } else {
                    "not in the tree"
                }
            );
            if sub.is_empty() {
                l.unsure_pages.push(why);
            } else if kind == "content" {
                // What it brings (a script's copy, a submodule) is made
                // under its target, unseen.
                let is_page = sub.rsplit_once('.').is_some_and(|(_, e)| {
                    l.page_extensions.iter().any(|x| x.eq_ignore_ascii_case(e))
                });
                let url = if is_page {
                    super::super::default_page_url(l, &sub.to_lowercase(), "/")
                } else {
                    format!("/{}/", sub.trim_end_matches('/'))
                };
                l.unsure_under.push((url, why));
            } else {
                // A static file or directory brought in (`node_modules`):
                // served under its target, unseen.
                l.generated.push(format!("/{}", sub.trim_end_matches('/')));
            }
            continue;
        }
        if sub.is_empty() || (kind == "static" && src.is_dir()) {
            // Read with the content and static directories (`read`).
            continue;
        }
        if src.is_dir() {
            l.mounts.push((src, format!("/{sub}/")));
            continue;
        }
        if kind == "static" {
            l.generated_pages.push(format!("/{sub}"));
            continue;
        }
        let is_page = sub
            .rsplit_once('.')
            .is_some_and(|(_, e)| l.page_extensions.iter().any(|x| x.eq_ignore_ascii_case(e)));
        l.generated_pages.push(format!("/{sub}"));
        if is_page {
            let url = super::super::default_page_url(l, &sub.to_lowercase(), "/");
            l.generated_pages.push(url);
        }
    }
}
