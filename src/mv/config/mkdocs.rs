//! `mkdocs.yml` (MkDocs user guide, "Configuration"): the `nav` entries
//! and the `redirects` plugin's `redirect_maps` values (mkdocs-redirects'
//! README: `'old.md': 'new.md'`, paths relative to `docs_dir`) that name
//! a moved page, written again; with `--redirect`, a `redirect_maps`
//! entry per moved page. Only block-style YAML is edited; an entry in
//! flow style, under an anchor, alias or tag, or written over lines is
//! left alone, named with the line to write.

use std::path::Path;

use super::yaml::{self, Change, Kind, Node, Step, Style};
use super::Out;
use crate::fix::Edit;
use crate::mv::plan::{relative_path, Move};
use crate::mv::{LinkEdit, Redirect};
use crate::site::{lexically_clean, Site};

/// The edits of one `mkdocs.yml`, made and checked together.
struct Edits<'a> {
    /// The file's text.
    text: &'a str,
    /// The file.
    config: &'a Path,
    /// `docs_dir`.
    docs: &'a Path,
    /// The files moved.
    files: &'a [Move],
    /// Entries written again.
    links: Vec<LinkEdit>,
    /// Redirects added.
    redirects: Vec<Redirect>,
    /// What the edits change, for the check.
    changes: Vec<Change>,
}

/// Adds to `out` the edits of the site's `mkdocs.yml` for the moved
/// `files`: `nav` entries and `redirect_maps` values naming one, and with
/// `redirect` a `redirect_maps` entry per moved page.
pub(super) fn edits(site: &Site, files: &[Move], redirect: bool, out: &mut Out) {
    let config = &site.layout.config;
    let text = match super::read_text(config) {
        Ok(t) => t,
        Err(why) => return out.leave(config, "", format!("not read: {why}")),
    };
    let Some(doc) = yaml::parse(&text) else {
        return out.leave(
            config,
            "",
            "does not parse as YAML: its `nav` is not edited",
        );
    };
    let mut e = Edits {
        text: &text,
        config,
        docs: &site.layout.source_dir,
        files,
        links: Vec::new(),
        redirects: Vec::new(),
        changes: Vec::new(),
    };
    if let Some(nav) = doc.get("nav") {
        e.nav(
            nav,
            &mut vec![Step::Key("nav".into())],
            nav.unusual(),
            0,
            out,
        );
    }
    let plugin = redirects_plugin(&doc);
    if let Some((path, _, Some(settings))) = &plugin {
        e.map_values(path, settings, out);
    }
    if redirect {
        e.add_redirects(plugin.as_ref(), out);
    }
    let all: Vec<Edit> = e
        .links
        .iter()
        .map(|l| l.edit.clone())
        .chain(e.redirects.iter().map(|r| r.edit.clone()))
        .collect();
    if all.is_empty() {
        return;
    }
    let after = super::apply(&text, &all);
    let meant = yaml::load(&text).and_then(|d| yaml::changed(&d, &e.changes));
    if !meant
        .zip(yaml::load(&after))
        .is_some_and(|(w, g)| yaml::same(&w, &g))
    {
        for l in e.links {
            out.leave(
                config,
                l.old,
                "the edit of mkdocs.yml would not read back as meant",
            );
        }
        for r in e.redirects {
            out.leave(
                config,
                r.from,
                "no redirect: the edit of mkdocs.yml would not read back as meant",
            );
        }
        return;
    }
    out.edits
        .extend(e.links.into_iter().map(|l| (config.clone(), l)));
    out.redirects.extend(e.redirects);
}

/// The `redirects` plugin of `plugins` (a list item or a key): the path
/// to its settings, the node naming it, and its settings (`None` for a
/// bare `- redirects`). `None` when it is not there or is disabled.
fn redirects_plugin(doc: &Node) -> Option<(Vec<Step>, &Node, Option<&Node>)> {
    let plugins = doc.get("plugins")?;
    let base = Step::Key("plugins".into());
    let found = match &plugins.kind {
        Kind::Seq(items, _) => items.iter().enumerate().find_map(|(i, item)| {
            if item.scalar() == Some("redirects") {
                return Some((vec![base.clone(), Step::Index(i)], item, None));
            }
            let (k, v) = item.pair("redirects")?;
            Some((
                vec![base.clone(), Step::Index(i), Step::Key("redirects".into())],
                k,
                Some(v),
            ))
        }),
        Kind::Map(..) => plugins.pair("redirects").map(|(k, v)| {
            (
                vec![base.clone(), Step::Key("redirects".into())],
                k,
                Some(v),
            )
        }),
        _ => None,
    }?;
    let off = found
        .2
        .and_then(|s| s.get("enabled"))
        .and_then(Node::scalar)
        .is_some_and(|v| v == "false");
    (!off).then_some(found)
}

impl Edits<'_> {
    /// The moved file a `nav` entry or `redirect_maps` value (a path
    /// relative to `docs_dir`, without its fragment) names.
    fn moved(&self, value: &str) -> Option<&Move> {
        if value.is_empty() || value.starts_with('/') || crate::grammar::has_scheme(value) {
            return None;
        }
        let p = lexically_clean(&self.docs.join(value));
        self.files.iter().find(|m| m.from == p)
    }

    /// The path relative to `docs_dir` of a moved file's new place, or
    /// why it has none.
    fn new_path(&self, m: &Move) -> Result<String, String> {
        if !m.to.starts_with(self.docs) {
            return Err("the page moves out of `docs_dir`".into());
        }
        relative_path(self.docs, &m.to).ok_or_else(|| "a path that is not UTF-8".into())
    }

    /// Writes again the scalar `node` (at `path`) whose value becomes
    /// `new`, or names it left alone.
    fn rewrite(
        &mut self,
        node: &Node,
        path: &[Step],
        new: String,
        unusual: bool,
        what: &str,
        out: &mut Out,
    ) {
        let old = node.scalar().unwrap_or_default().to_string();
        let line = crate::mv::line_of(self.text.as_bytes(), node.start as u64);
        let span = (!unusual).then(|| node.exact_span(self.text)).flatten();
        let (Some(span), Kind::Scalar(_, style)) = (span, &node.kind) else {
            out.left.push(crate::mv::Left {
                file: self.config.to_path_buf(),
                line,
                link: old,
                reason: format!("{what} in flow style, under an anchor or tag, or written over lines: not edited; write `{new}`"),
            });
            return;
        };
        self.changes.push(Change::Set(path.to_vec(), new.clone()));
        self.links.push(LinkEdit {
            line,
            edit: Edit {
                start: span.start as u64,
                end: span.end as u64,
                replacement: yaml::quoted_or_single(&new, *style),
            },
            old,
            new,
        });
    }

    /// The `nav` entries under `node` (at `path`) that name a moved
    /// file, written again (`unusual`: the `nav` is not all block style).
    fn nav(
        &mut self,
        node: &Node,
        path: &mut Vec<Step>,
        unusual: bool,
        depth: usize,
        out: &mut Out,
    ) {
        if depth > 64 {
            return;
        }
        match &node.kind {
            Kind::Scalar(v, _) => {
                let Some(m) = self.moved(v) else { return };
                match self.new_path(m) {
                    Ok(new) => self.rewrite(node, path, new, unusual, "a `nav` entry", out),
                    Err(why) => out.left.push(crate::mv::Left {
                        file: self.config.to_path_buf(),
                        line: crate::mv::line_of(self.text.as_bytes(), node.start as u64),
                        link: v.clone(),
                        reason: why,
                    }),
                }
            }
            Kind::Seq(items, _) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    self.nav(item, path, unusual, depth + 1, out);
                    path.pop();
                }
            }
            Kind::Map(pairs, _) => {
                for (k, v) in pairs {
                    let Some(key) = k.scalar() else { continue };
                    path.push(Step::Key(key.to_string()));
                    self.nav(v, path, unusual, depth + 1, out);
                    path.pop();
                }
            }
            Kind::Alias => {}
        }
    }

    /// The `redirect_maps` values of the plugin's `settings` (at `path`)
    /// that name a moved page, written again, fragment kept.
    fn map_values(&mut self, path: &[Step], settings: &Node, out: &mut Out) {
        let Some(maps) = settings.get("redirect_maps") else {
            return;
        };
        let Kind::Map(pairs, _) = &maps.kind else {
            return;
        };
        let unusual = maps.unusual() || settings.odd;
        for (k, v) in pairs {
            let (Some(key), Some(value)) = (k.scalar(), v.scalar()) else {
                continue;
            };
            let (file, fragment) = value.split_at(value.find('#').unwrap_or(value.len()));
            let Some(m) = self.moved(file) else { continue };
            let mut at = path.to_vec();
            at.extend([Step::Key("redirect_maps".into()), Step::Key(key.into())]);
            match self.new_path(m) {
                Ok(new) => self.rewrite(
                    v,
                    &at,
                    format!("{new}{fragment}"),
                    unusual,
                    "a `redirect_maps` value",
                    out,
                ),
                Err(why) => out.leave(self.config, value, why),
            }
        }
    }

    /// A `redirect_maps` entry `'old.md': 'new.md'` for each moved page.
    fn add_redirects(&mut self, plugin: Option<&(Vec<Step>, &Node, Option<&Node>)>, out: &mut Out) {
        let mut entries = Vec::new();
        for m in self.files {
            let is_page = m
                .from
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("md"));
            if !is_page || !m.from.starts_with(self.docs) {
                continue;
            }
            let Some(old) = relative_path(self.docs, &m.from) else {
                continue;
            };
            match self.new_path(m) {
                Ok(new) if new != old => entries.push((old, new)),
                Ok(_) => {}
                Err(why) => out.leave(&m.from, &old, format!("no redirect: {why}")),
            }
        }
        if entries.is_empty() {
            return;
        }
        let lines = |entries: &[(String, String)]| -> String {
            entries
                .iter()
                .map(|(o, n)| format!("'{o}': '{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some((path, key, settings)) = plugin else {
            let why = format!(
                "no redirect: the `redirects` plugin (mkdocs-redirects) is not in mkdocs.yml `plugins`; with it, add under its `redirect_maps`: {}",
                lines(&entries)
            );
            return out.leave(self.config, "", why);
        };
        let maps = settings.and_then(|s| s.pair("redirect_maps"));
        if let Some((
            _,
            Node {
                kind: Kind::Map(pairs, _),
                ..
            },
        )) = maps
        {
            entries.retain(|(o, n)| {
                let there = pairs.iter().any(|(k, _)| k.scalar() == Some(o.as_str()));
                if there {
                    out.leave(
                        self.config,
                        o.as_str(),
                        format!("no redirect to {n}: `redirect_maps` has an entry for it already"),
                    );
                }
                !there
            });
            if entries.is_empty() {
                return;
            }
        }
        match self.place(key, *settings, maps) {
            Ok((at, header, indent, template)) => {
                let nl = yaml::newline(self.text);
                let mut maps_path = path.clone();
                maps_path.push(Step::Key("redirect_maps".into()));
                let (ks, sep, vs) = template;
                for (i, (o, n)) in entries.into_iter().enumerate() {
                    let mut line = format!(
                        "{indent}{}{sep}{}{nl}",
                        yaml::quoted_or_single(&o, ks),
                        yaml::quoted_or_single(&n, vs)
                    );
                    if i == 0 {
                        line.insert_str(0, &header);
                    }
                    self.changes
                        .push(Change::Insert(maps_path.clone(), o.clone(), n.clone()));
                    self.redirects.push(Redirect {
                        file: self.config.to_path_buf(),
                        line: crate::mv::line_of(self.text.as_bytes(), at as u64),
                        from: o,
                        to: n,
                        setting: "redirect_maps",
                        edit: Edit {
                            start: at as u64,
                            end: at as u64,
                            replacement: line,
                        },
                    });
                }
            }
            Err(why) => out.leave(
                self.config,
                "",
                format!(
                    "no redirect: {why}; add under `redirect_maps`: {}",
                    lines(&entries)
                ),
            ),
        }
    }

    /// Where the new `redirect_maps` lines go: the offset, the header to
    /// write first (`redirect_maps:` when it is missing), the entries'
    /// indentation, and their template (key style, separator, value
    /// style).
    #[allow(clippy::type_complexity)]
    fn place(
        &self,
        key: &Node,
        settings: Option<&Node>,
        maps: Option<&(Node, Node)>,
    ) -> Result<(usize, String, String, (Style, String, Style)), String> {
        let t = self.text;
        let nl = yaml::newline(t);
        let column = |n: &Node| -> Option<String> {
            let before = &t[yaml::line_start(t, n.start)..n.start];
            before
                .chars()
                .all(|c| c == ' ' || c == '-')
                .then(|| " ".repeat(before.chars().count()))
        };
        let single = (Style::Single, ": ".to_string(), Style::Single);
        let Some(settings) = settings else {
            return Err("`- redirects` has no settings to add `redirect_maps` to".into());
        };
        if settings.unusual() {
            return Err("the plugin's settings are in flow style or use anchors or tags".into());
        }
        match (maps, &settings.kind) {
            (Some((mk, mv)), _) if mv.is_null() => {
                let ind = column(mk).ok_or("`redirect_maps` is not on a line of its own")?;
                Ok((
                    yaml::line_end(t, mk.start),
                    String::new(),
                    format!("{ind}  "),
                    single,
                ))
            }
            (Some((_, mv)), _) => {
                let Kind::Map(pairs, false) = &mv.kind else {
                    return Err("`redirect_maps` is not a block mapping".into());
                };
                let (lk, lv) = pairs.last().ok_or("`redirect_maps` is empty")?;
                let (Some(ks), Some(vs)) = (lk.exact_span(t), lv.exact_span(t)) else {
                    return Err(
                        "the last `redirect_maps` entry is written over lines or with escapes"
                            .into(),
                    );
                };
                let sep = &t[ks.end..vs.start];
                let indent = &t[yaml::line_start(t, ks.start)..ks.start];
                if !indent.chars().all(|c| c == ' ')
                    || !sep.starts_with(':')
                    || !sep[1..].chars().all(|c| c == ' ')
                {
                    return Err(
                        "the last `redirect_maps` entry is not one `key: value` line".into(),
                    );
                }
                let style = |n: &Node| match &n.kind {
                    Kind::Scalar(_, s) => *s,
                    _ => Style::Single,
                };
                Ok((
                    yaml::line_end(t, vs.end),
                    String::new(),
                    indent.to_string(),
                    (style(lk), sep.to_string(), style(lv)),
                ))
            }
            (None, _) if settings.is_null() => {
                let ind = column(key).ok_or("`redirects:` is not on a line of its own")?;
                let ind = format!("{ind}  ");
                Ok((
                    yaml::line_end(t, key.start),
                    format!("{ind}redirect_maps:{nl}"),
                    format!("{ind}  "),
                    single,
                ))
            }
            (None, Kind::Map(pairs, false)) => {
                let (first, _) = pairs.first().ok_or("the plugin's settings are empty")?;
                let before = &t[yaml::line_start(t, first.start)..first.start];
                if !before.chars().all(|c| c == ' ') {
                    return Err("the plugin's first setting is not on a line of its own".into());
                }
                Ok((
                    yaml::line_start(t, first.start),
                    format!("{before}redirect_maps:{nl}"),
                    format!("{before}  "),
                    single,
                ))
            }
            _ => Err("the plugin's settings are not a block mapping".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The edits of `mkdocs.yml` (`config`) for moving `docs/setup.md` to
    /// `docs/guide/setup.md`, with redirects: the file after, and what is
    /// left alone.
    fn moved(config: &str) -> (String, Vec<String>) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = std::fs::canonicalize(dir.path()).expect("real");
        std::fs::write(root.join("mkdocs.yml"), config).expect("config");
        std::fs::create_dir_all(root.join("docs/guide")).expect("dirs");
        std::fs::write(root.join("docs/setup.md"), "# Setup\n").expect("page");
        let site = Site::in_dir(&root).expect("a site");
        let files = [Move {
            from: root.join("docs/setup.md"),
            to: root.join("docs/guide/setup.md"),
        }];
        let mut out = Out::default();
        edits(&site, &files, true, &mut out);
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
    fn redirect_maps_made_where_the_plugin_is() {
        // `- redirects:` without settings: `redirect_maps:` under it.
        let (after, left) = moved("site_name: x\nplugins:\n  - search\n  - redirects:\n  - tags\n");
        assert_eq!(
            after,
            "site_name: x\nplugins:\n  - search\n  - redirects:\n      redirect_maps:\n        'setup.md': 'guide/setup.md'\n  - tags\n"
        );
        assert!(left.is_empty(), "{left:?}");
        // Settings without `redirect_maps`: it goes first, at their
        // indentation.
        let (after, _) = moved("plugins:\n- redirects:\n    enabled: true\n");
        assert_eq!(
            after,
            "plugins:\n- redirects:\n    redirect_maps:\n      'setup.md': 'guide/setup.md'\n    enabled: true\n"
        );
        // An existing map: its indentation and quoting, CRLF kept.
        let (after, _) = moved(
            "plugins:\r\n  - redirects:\r\n      redirect_maps:\r\n        a.md: setup.md\r\n",
        );
        assert_eq!(
            after,
            "plugins:\r\n  - redirects:\r\n      redirect_maps:\r\n        a.md: guide/setup.md\r\n        setup.md: guide/setup.md\r\n"
        );
    }

    #[test]
    fn odd_shapes_are_left_alone() {
        for config in [
            // A bare plugin name, a flow map, an anchored map.
            "plugins:\n  - redirects\n",
            "plugins:\n  - redirects: {redirect_maps: {a.md: b.md}}\n",
            "plugins:\n  - redirects:\n      redirect_maps: &m\n        a.md: b.md\n",
        ] {
            let (after, left) = moved(config);
            assert_eq!(after, config);
            assert!(
                left.iter().any(|l| l.starts_with("no redirect:")),
                "{config}: {left:?}"
            );
        }
        // A nav entry under an anchor, or in flow style: named, not edited.
        for config in ["nav: &n\n  - setup.md\n", "nav:\n  - [setup.md]\n"] {
            let (after, left) = moved(config);
            assert_eq!(after, config);
            assert!(
                left.iter().any(|l| l.contains("write `guide/setup.md`")),
                "{left:?}"
            );
        }
    }
}
