//! `book.toml`'s `[output.html.redirect]` (mdBook guide, "Configuring
//! Renderers", `[output.html.redirect]`): each key the absolute path of
//! an old page's HTML file in the built book (`"/old.html"`), each value
//! a URL the browser is sent to, resolved against the key (a relative
//! `"new.html"`, an absolute `"/new.html"`, another site). A value that
//! leads to a moved page is written again; with `--redirect`, a line per
//! moved page is added to the table (made at the file's end when absent).
//! A table written inline or with dotted keys is left alone, named.

use super::toml::{self, Change};
use super::{Out, Page};
use crate::fix::Edit;
use crate::mv::plan::{relative_url, restyle};
use crate::mv::{LinkEdit, Redirect};
use crate::site::{resolve_path, Site};

/// The keys of the table.
const TABLE: [&str; 3] = ["output", "html", "redirect"];

/// Adds to `out` the edits of the book's `book.toml` for the moved
/// `pages`: the redirect values leading to one, and with `redirect` a
/// redirect per moved page.
pub(super) fn edits(site: &Site, pages: &[Page], redirect: bool, out: &mut Out) {
    let config = &site.layout.config;
    if !config.is_file() {
        if redirect {
            for p in pages {
                out.leave(
                    &p.file.from,
                    &p.old,
                    "no redirect: the book has no book.toml",
                );
            }
        }
        return;
    }
    let text = match super::read_text(config) {
        Ok(t) => t,
        Err(why) => return out.leave(config, "", format!("not read: {why}")),
    };
    let Some(doc) = toml::parse(&text) else {
        return out.leave(
            config,
            "",
            "does not parse as TOML: its redirects are not edited",
        );
    };
    let table = toml::at(doc.get_ref(), &TABLE);
    let mut redirects = Vec::new();
    let entries: Vec<(String, &::toml::Spanned<::toml::de::DeValue<'_>>)> =
        match table.map(|t| t.get_ref()) {
            Some(::toml::de::DeValue::Table(t)) => t
                .iter()
                .map(|(k, v)| (k.get_ref().to_string(), v))
                .collect(),
            _ => Vec::new(),
        };
    let mut changes = Vec::new();
    // A page moved onto a redirect's old URL: mdBook writes the page
    // there and the redirect is lost; its value is not written again (it
    // would lead to itself), and the move is named below.
    let onto = |k: &str| {
        pages.iter().any(|p| {
            p.new.as_ref().is_ok_and(|new| {
                site.same_url(&key_url(k), new) && !site.same_url(&key_url(k), &p.old)
            })
        })
    };
    let kept: Vec<_> = entries.iter().filter(|(k, _)| !onto(k)).cloned().collect();
    let links = rewritten(&text, config, &kept, site, pages, &mut changes, out);
    for p in pages {
        let Ok(new) = &p.new else { continue };
        if let Some((key, _)) = entries
            .iter()
            .find(|(k, _)| site.same_url(&key_url(k), new) && !site.same_url(&key_url(k), &p.old))
        {
            out.leave(
                &p.file.from,
                key.as_str(),
                format!("its new URL is the old URL of a redirect of book.toml ({key}), which mdBook replaces with the page: check that redirect"),
            );
        }
    }
    if redirect {
        add(
            &text,
            config,
            table,
            &entries,
            pages,
            site,
            &mut redirects,
            &mut changes,
            out,
        );
    }
    let all: Vec<Edit> = links
        .iter()
        .map(|l| l.edit.clone())
        .chain(redirects.iter().map(|r| r.edit.clone()))
        .collect();
    if all.is_empty() {
        return;
    }
    if !toml::verify(&text, &super::apply(&text, &all), &changes) {
        for l in links {
            out.leave(
                config,
                l.old,
                "the edit of book.toml would not read back as meant",
            );
        }
        for r in redirects {
            out.leave(
                config,
                r.from,
                "no redirect: the edit of book.toml would not read back as meant",
            );
        }
        return;
    }
    out.edits
        .extend(links.into_iter().map(|l| (config.clone(), l)));
    out.redirects.extend(redirects);
}

/// The URL path of the old page a redirect key names: mdBook writes the
/// stub at the key's path under the book's root, so `/old.html`,
/// `./old.html` and `old.html` are all `/old.html` (the nomicon writes
/// `./`; a value relative to `./old.html` was resolved one folder too
/// deep, issue 51's second `mv` measurement).
fn key_url(key: &str) -> String {
    let mut rest = key;
    loop {
        if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix('/') {
            rest = r;
        } else {
            break;
        }
    }
    format!("/{rest}")
}

/// The redirect values of `entries` that lead to a moved page, written
/// again (each change recorded in `changes`); the others that cannot be,
/// named in `out`.
fn rewritten(
    text: &str,
    config: &std::path::Path,
    entries: &[(String, &::toml::Spanned<::toml::de::DeValue<'_>>)],
    site: &Site,
    pages: &[Page],
    changes: &mut Vec<Change>,
    out: &mut Out,
) -> Vec<LinkEdit> {
    let config = config.to_path_buf();
    let mut links = Vec::new();
    for (key, v) in entries {
        let Some(value) = v.get_ref().as_str() else {
            continue;
        };
        let Some(new) = new_value(site, pages, key, value) else {
            continue;
        };
        let line = crate::mv::line_of(text.as_bytes(), v.span().start as u64);
        let new = match new {
            Ok(n) => n,
            Err(why) => {
                out.left.push(crate::mv::Left {
                    file: config.clone(),
                    line,
                    link: value.to_string(),
                    reason: why,
                });
                continue;
            }
        };
        let Some((span, q)) = toml::exact_string(text, v) else {
            out.left.push(crate::mv::Left {
                file: config.clone(),
                line,
                link: value.to_string(),
                reason: format!("written with escapes or over lines: not edited; write \"{new}\""),
            });
            continue;
        };
        let mut path: Vec<String> = TABLE.iter().map(|s| s.to_string()).collect();
        path.push(key.clone());
        changes.push(Change::Set(path, new.clone()));
        links.push(LinkEdit {
            line,
            edit: Edit {
                start: span.start as u64,
                end: span.end as u64,
                replacement: toml::quoted(&new, q),
            },
            old: value.to_string(),
            new,
        });
    }
    links
}

/// The value of the redirect `key` = `value` written again when it leads
/// to a moved page (fragment kept, in the form it had: relative to the
/// key, or absolute); `None` when it leads to none; `Err` when its new
/// URL is not known.
fn new_value(
    site: &Site,
    pages: &[Page],
    key: &str,
    value: &str,
) -> Option<Result<String, String>> {
    if value.starts_with("//") || crate::grammar::has_scheme(value) {
        return None;
    }
    let cut = value.find(['#', '?']).unwrap_or(value.len());
    let (path, suffix) = value.split_at(cut);
    if path.is_empty() {
        return None;
    }
    let absolute = path.starts_with('/');
    let key = key_url(key);
    let key = key.as_str();
    let resolved = if absolute {
        path.to_string()
    } else {
        resolve_path(key, path)
    };
    let page = pages.iter().find(|p| site.same_url(&resolved, &p.old))?;
    Some(page.new.clone().map(|new| {
        let styled = restyle(&resolved, &page.old, &new).unwrap_or(new);
        let url = if absolute {
            styled
        } else {
            relative_url(key, &styled)
        };
        format!("{url}{suffix}")
    }))
}

/// True when the `book.toml` text `text` has `[output.X]` tables and none
/// for `html` (mdBook then runs only those renderers: guide,
/// "Configuring Renderers").
fn other_renderers_only(text: &str) -> bool {
    let headers: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("[output."))
        .collect();
    !headers.is_empty()
        && !headers
            .iter()
            .any(|h| h.starts_with("[output.html]") || h.starts_with("[output.html."))
}

/// Adds a redirect from each moved page's old URL to its new one.
#[allow(clippy::too_many_arguments)]
fn add(
    text: &str,
    config: &std::path::Path,
    table: Option<&::toml::Spanned<::toml::de::DeValue<'_>>>,
    entries: &[(String, &::toml::Spanned<::toml::de::DeValue<'_>>)],
    pages: &[Page],
    site: &Site,
    redirects: &mut Vec<Redirect>,
    changes: &mut Vec<Change>,
    out: &mut Out,
) {
    let nl = super::yaml::newline(text);
    let mut lines = Vec::new();
    for p in pages {
        let new = match &p.new {
            Ok(n) if site.same_url(n, &p.old) => continue,
            Ok(n) => n,
            Err(why) => {
                out.leave(&p.file.from, &p.old, format!("no redirect: {why}"));
                continue;
            }
        };
        if entries
            .iter()
            .any(|(k, _)| site.same_url(&key_url(k), &p.old))
        {
            out.leave(
                &p.file.from,
                &p.old,
                "no redirect: book.toml redirects this URL already",
            );
            continue;
        }
        lines.push((p.old.clone(), relative_url(&p.old, new)));
    }
    if lines.is_empty() {
        return;
    }
    let q = entries
        .last()
        .and_then(|(_, v)| toml::exact_string(text, v))
        .map_or('"', |(_, q)| q);
    let (at, header) = match table {
        Some(t) if text[t.span()].starts_with('[') && !text[t.span()].starts_with("[[") => {
            let end = entries
                .iter()
                .map(|(_, v)| v.span().end)
                .max()
                .unwrap_or(t.span().end);
            (super::yaml::line_end(text, end), String::new())
        }
        Some(_) => {
            let shown: Vec<String> = lines
                .iter()
                .map(|(k, v)| format!("{} = {}", toml::quoted(k, '"'), toml::quoted(v, '"')))
                .collect();
            return out.leave(
                config,
                "",
                format!("no redirect: `output.html.redirect` is written inline or with dotted keys, which urilint does not edit; add: {}", shown.join(", ")),
            );
        }
        // Other renderers and no `[output.html]`: mdBook builds no HTML,
        // and a table added would turn it on.
        None if other_renderers_only(text) => {
            return out.leave(
                config,
                "",
                "no redirect: book.toml names other renderers and no `[output.html]`; a table added would make mdBook build HTML",
            );
        }
        None => {
            let sep = if text.is_empty() || text.ends_with('\n') {
                ""
            } else {
                nl
            };
            (text.len(), format!("{sep}{nl}[output.html.redirect]{nl}"))
        }
    };
    // After a last entry on the file's last line without its newline.
    let lead = if at == text.len() && !text.is_empty() && !text.ends_with('\n') && header.is_empty()
    {
        nl
    } else {
        ""
    };
    for (i, (k, v)) in lines.into_iter().enumerate() {
        let mut line = format!("{} = {}{nl}", toml::quoted(&k, '"'), toml::quoted(&v, q));
        if i == 0 {
            line.insert_str(0, &format!("{lead}{header}"));
        }
        changes.push(Change::Insert(
            TABLE.iter().map(|s| s.to_string()).collect(),
            k.clone(),
            v.clone(),
        ));
        redirects.push(Redirect {
            file: config.to_path_buf(),
            line: crate::mv::line_of(text.as_bytes(), at as u64),
            from: k,
            to: v,
            setting: "[output.html.redirect]",
            edit: Edit {
                start: at as u64,
                end: at as u64,
                replacement: line,
            },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The edits of `book.toml` (`config`) for moving `src/a.md` to
    /// `src/b/a.md`, with redirects: the file after, and what is left
    /// alone.
    fn moved(config: &str) -> (String, Vec<String>) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = std::fs::canonicalize(dir.path()).expect("real");
        std::fs::write(root.join("book.toml"), config).expect("config");
        std::fs::create_dir_all(root.join("src/b")).expect("dirs");
        std::fs::write(root.join("src/a.md"), "# A\n").expect("page");
        std::fs::write(root.join("src/SUMMARY.md"), "- [A](a.md)\n").expect("summary");
        let site = Site::in_dir(&root).expect("a site");
        let files = [crate::mv::plan::Move {
            from: root.join("src/a.md"),
            to: root.join("src/b/a.md"),
        }];
        let mut out = Out::default();
        edits(&site, &super::super::pages(&site, &files), true, &mut out);
        let all: Vec<Edit> = out
            .edits
            .iter()
            .map(|(_, l)| l.edit.clone())
            .chain(out.redirects.iter().map(|r| r.edit.clone()))
            .collect();
        let left = out.left.iter().map(|l| l.reason.clone()).collect();
        (super::super::apply(config, &all), left)
    }

    #[test]
    fn the_table_is_edited_or_made() {
        // Values relative to their key and absolute, quoting kept; the
        // new line after the table's last entry.
        let (after, left) = moved(
            "[output.html.redirect]\n'/x/old.html' = '../a.html'\n\"/y.html\" = \"/a.html#f\"\n\n[output.html.fold]\nenable = true\n",
        );
        assert_eq!(
            after,
            "[output.html.redirect]\n'/x/old.html' = '../b/a.html'\n\"/y.html\" = \"/b/a.html#f\"\n\"/a.html\" = \"b/a.html\"\n\n[output.html.fold]\nenable = true\n"
        );
        assert!(left.is_empty(), "{left:?}");
        // No table: made at the end (a newline added to a last line
        // without one).
        let (after, _) = moved("[book]\ntitle = \"t\"");
        assert_eq!(
            after,
            "[book]\ntitle = \"t\"\n\n[output.html.redirect]\n\"/a.html\" = \"b/a.html\"\n"
        );
    }

    /// rust-lang/nomicon's `book.toml` writes its keys `"./old.html"`: a
    /// value relative to the key is relative to the book's root (mdBook
    /// writes the stub there), and a page moved onto such a key's old URL
    /// is named.
    #[test]
    fn keys_written_with_a_dot_are_the_root_s() {
        assert_eq!(key_url("./vec-drain.html"), "/vec-drain.html");
        assert_eq!(key_url("/x/y.html"), "/x/y.html");
        assert_eq!(key_url("y.html"), "/y.html");
        let config = "[output.html.redirect]\n\"./old.html\" = \"./a.html\"\n";
        let (after, _) = moved(config);
        // One folder down from the root (it was `../b/a.html`, a 404).
        assert_eq!(
            after,
            "[output.html.redirect]\n\"./old.html\" = \"b/a.html\"\n\"/a.html\" = \"b/a.html\"\n"
        );
        let (_, left) = moved("[output.html.redirect]\n\"./b/a.html\" = \"../x.html\"\n");
        assert!(
            left.iter().any(|l| l.contains("old URL of a redirect")),
            "{left:?}"
        );
        // The redirect led to the page moved onto its key (the nomicon's
        // move 13, `arc-base.md`): named, and its value not written again
        // to lead to itself (it was `a.html`).
        let config = "[output.html.redirect]\n\"./b/a.html\" = \"../a.html\"\n";
        let (after, left) = moved(config);
        assert!(after.starts_with(config), "{after}");
        assert!(
            left.iter().any(|l| l.contains("old URL of a redirect")),
            "{left:?}"
        );
    }

    #[test]
    fn other_renderers_alone_are_not_turned_into_html() {
        assert!(other_renderers_only("[book]\n[output.linkcheck]\n"));
        assert!(!other_renderers_only("[output.linkcheck]\n[output.html]\n"));
        assert!(!other_renderers_only("[output.html.fold]\nenable = true\n"));
        assert!(!other_renderers_only("[book]\ntitle = \"t\"\n"));
        let config = "[book]\ntitle = \"t\"\n\n[output.linkcheck]\n";
        let (after, left) = moved(config);
        assert_eq!(after, config);
        assert!(
            left.iter().any(|l| l.contains("other renderers")),
            "{left:?}"
        );
    }

    #[test]
    fn an_inline_table_is_left_alone() {
        let config = "[output.html]\nredirect = { \"/z.html\" = \"q.html\" }\n";
        let (after, left) = moved(config);
        assert_eq!(after, config);
        assert!(
            left.iter()
                .any(|l| l.contains("written inline or with dotted keys")
                    && l.contains("\"/a.html\" = \"b/a.html\"")),
            "{left:?}"
        );
    }
}
