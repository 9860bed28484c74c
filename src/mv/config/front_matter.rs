//! A moved page's old URL added to the list of URLs that redirect to it
//! in its own front matter: Hugo `aliases` (Hugo docs, "URL management",
//! "Aliases"), Zola `aliases` (Zola docs, "Page", front matter), Jekyll
//! `redirect_from` (the `jekyll-redirect-from` plugin's README). A YAML
//! block (`---`) or a TOML block (`+++`); the key made when absent,
//! an item appended to a list written in block or flow style; a JSON
//! front matter, a key holding one value, anchors or tags: left alone.

use super::yaml::{self, Kind, Step, Style};
use super::{toml, Out, Page};
use crate::fix::Edit;
use crate::mv::Redirect;

/// Records the redirect from `p.old` to `new` (URL paths) in the list
/// `key` of the front matter of the page `p` (its file before the move);
/// `create`: a page without front matter gets a YAML block holding it.
pub(super) fn alias(p: &Page, new: &str, key: &'static str, create: bool, out: &mut Out) {
    let file = &p.file.from;
    let text = match super::read_text(file) {
        Ok(t) => t,
        Err(why) => return out.leave(file, &p.old, format!("no redirect: {why}")),
    };
    match added(&text, key, &p.old, create) {
        Ok(Some(edit)) => out.redirects.push(Redirect {
            file: file.clone(),
            line: crate::mv::line_of(text.as_bytes(), edit.start),
            from: p.old.clone(),
            to: new.to_string(),
            setting: key,
            edit,
        }),
        Ok(None) => {}
        Err(why) => out.leave(
            file,
            &p.old,
            format!(
                "no redirect to {new}: {why}; add {} to `{key}` by hand",
                p.old
            ),
        ),
    }
}

/// The edit of the page `text` that adds `url` to the front matter list
/// `key`; `None` when the list already holds it.
///
/// # Errors
/// Why the front matter is left alone.
pub(super) fn added(
    text: &str,
    key: &str,
    url: &str,
    create: bool,
) -> Result<Option<Edit>, String> {
    let Some((range, is_toml)) = crate::site::front_matter::block_range(text.as_bytes()) else {
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        if body.starts_with('{') {
            return Err("JSON front matter is not edited".into());
        }
        if !create || body.starts_with("---") || body.starts_with("+++") {
            return Err("the page has no front matter urilint reads".into());
        }
        let nl = yaml::newline(text);
        let at = text.len() - body.len();
        let block = format!(
            "{key}:{nl}  - {}{nl}",
            yaml::quoted_or_single(url, Style::Plain)
        );
        return verified_yaml("", &block, key, url).map(|()| {
            Some(Edit {
                start: at as u64,
                end: at as u64,
                replacement: format!("---{nl}{block}---{nl}"),
            })
        });
    };
    let block = &text[range.clone()];
    let local = if is_toml {
        toml_added(block, key, url)?
    } else {
        yaml_added(block, key, url)?
    };
    Ok(local.map(|(at, ins)| {
        let at = (range.start + at) as u64;
        Edit {
            start: at,
            end: at,
            replacement: ins,
        }
    }))
}

/// The insertion (offset into the YAML `block`, text) that adds `url` to
/// the list `key`.
fn yaml_added(block: &str, key: &str, url: &str) -> Result<Option<(usize, String)>, String> {
    let nl = yaml::newline(block);
    let ins = if block.trim().is_empty() {
        (
            0,
            format!(
                "{key}:{nl}  - {}{nl}",
                yaml::quoted_or_single(url, Style::Plain)
            ),
        )
    } else {
        let doc = yaml::parse(block).ok_or("the front matter does not parse as YAML")?;
        let Kind::Map(_, false) = &doc.kind else {
            return Err("the front matter is not a block-style mapping".into());
        };
        match doc.pair(key) {
            None => (
                block.len(),
                format!(
                    "{key}:{nl}  - {}{nl}",
                    yaml::quoted_or_single(url, Style::Plain)
                ),
            ),
            Some((k, v)) => match yaml_list(block, k, v, url, nl)? {
                Some(ins) => ins,
                None => return Ok(None),
            },
        }
    };
    let after = format!("{}{}{}", &block[..ins.0], ins.1, &block[ins.0..]);
    verified_yaml(block, &after, key, url)?;
    Ok(Some(ins))
}

/// The insertion that appends `url` to the list value `v` of the key
/// `k`; `None` when it holds `url` already.
fn yaml_list(
    block: &str,
    k: &yaml::Node,
    v: &yaml::Node,
    url: &str,
    nl: &str,
) -> Result<Option<(usize, String)>, String> {
    if k.odd || v.odd {
        return Err(format!(
            "`{}` has an anchor or a tag",
            k.scalar().unwrap_or("")
        ));
    }
    if v.is_null() {
        let at = yaml::line_end(block, k.start);
        return Ok(Some((
            at,
            format!("  - {}{nl}", yaml::quoted_or_single(url, Style::Plain)),
        )));
    }
    let Kind::Seq(items, flow) = &v.kind else {
        return Err("it holds one value, not a list".into());
    };
    if items.iter().any(|i| i.scalar() == Some(url)) {
        return Ok(None);
    }
    let Some(last) = items.last() else {
        // `[]`: the item goes inside the brackets.
        return Ok(Some((
            v.start + 1,
            yaml::quoted_or_single(url, Style::Plain),
        )));
    };
    let style = match &last.kind {
        Kind::Scalar(_, s) => *s,
        _ => return Err("the list holds other than strings".into()),
    };
    let span = last
        .exact_span(block)
        .ok_or("the list's last item is written over lines or with escapes")?;
    let q = yaml::quoted_or_single(url, style);
    if *flow {
        return Ok(Some((span.end, format!(", {q}"))));
    }
    let prefix = &block[yaml::line_start(block, span.start)..span.start];
    let dash = prefix.trim_start_matches([' ', '\t']);
    if !(dash.starts_with('-')
        && dash[1..].chars().all(|c| c == ' ' || c == '\t')
        && dash.len() > 1)
    {
        return Err("the list's items are not one to a line".into());
    }
    Ok(Some((
        yaml::line_end(block, span.end),
        format!("{prefix}{q}{nl}"),
    )))
}

/// Ok when the YAML `after` holds what `before` holds with `url` added
/// to the list `key`.
fn verified_yaml(before: &str, after: &str, key: &str, url: &str) -> Result<(), String> {
    let old = if before.trim().is_empty() {
        yaml_rust2::Yaml::Hash(Default::default())
    } else {
        yaml::load(before).ok_or("the front matter does not load as YAML")?
    };
    let want = yaml::changed(
        &old,
        &[yaml::Change::Push(vec![Step::Key(key.into())], url.into())],
    );
    let got = yaml::load(after);
    match (want, got) {
        (Some(w), Some(g)) if yaml::same(&w, &g) => Ok(()),
        _ => Err("the edit would not read back as meant".into()),
    }
}

/// The insertion that adds `url` to the list `key` of the TOML `block`.
fn toml_added(block: &str, key: &str, url: &str) -> Result<Option<(usize, String)>, String> {
    let nl = yaml::newline(block);
    let doc = toml::parse(block).ok_or("the front matter does not parse as TOML")?;
    let ins = match toml::at(doc.get_ref(), &[key]) {
        None => (
            0,
            format!("{} = [{}]{nl}", toml::key(key), toml::quoted(url, '"')),
        ),
        Some(v) => {
            let ::toml::de::DeValue::Array(items) = v.get_ref() else {
                return Err("it holds one value, not a list".into());
            };
            if block[v.span()].starts_with("[[") {
                return Err("it is an array of tables".into());
            }
            if items.iter().any(|i| i.get_ref().as_str() == Some(url)) {
                return Ok(None);
            }
            match items.last() {
                None => (v.span().start + 1, toml::quoted(url, '"')),
                Some(last) => {
                    let (span, q) = toml::exact_string(block, last)
                        .ok_or("the list's last item is not a plain string")?;
                    (span.end, format!(", {}", toml::quoted(url, q)))
                }
            }
        }
    };
    let after = format!("{}{}{}", &block[..ins.0], ins.1, &block[ins.0..]);
    if !toml::verify(
        block,
        &after,
        &[toml::Change::Push(vec![key.into()], url.into())],
    ) {
        return Err("the edit would not read back as meant".into());
    }
    Ok(Some(ins))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edited(text: &str, key: &str, url: &str, create: bool) -> Result<String, String> {
        let e = added(text, key, url, create)?;
        Ok(match e {
            Some(e) => super::super::apply(text, &[e]),
            None => text.to_string(),
        })
    }

    #[test]
    fn yaml_front_matter() {
        let ok = |t: &str| edited(t, "aliases", "/old/x/", true).expect("edited");
        // The key made at the block's end.
        assert_eq!(
            ok("---\ntitle: X\n---\n# X\n"),
            "---\ntitle: X\naliases:\n  - /old/x/\n---\n# X\n"
        );
        // A block list: the item's own indentation and quoting.
        assert_eq!(
            ok("---\naliases:\n    - '/a/'\ntitle: X\n---\nbody"),
            "---\naliases:\n    - '/a/'\n    - '/old/x/'\ntitle: X\n---\nbody"
        );
        // A flow list on one line; an empty one.
        assert_eq!(
            ok("---\naliases: [/a/, \"/b/\"] # old\n---\n"),
            "---\naliases: [/a/, \"/b/\", \"/old/x/\"] # old\n---\n"
        );
        assert_eq!(
            ok("---\naliases: []\n---\n"),
            "---\naliases: [/old/x/]\n---\n"
        );
        // CRLF kept.
        assert_eq!(
            ok("---\r\ntitle: X\r\n---\r\n"),
            "---\r\ntitle: X\r\naliases:\r\n  - /old/x/\r\n---\r\n"
        );
        // Already there: nothing.
        assert_eq!(
            ok("---\naliases:\n- /old/x/\n---\n"),
            "---\naliases:\n- /old/x/\n---\n"
        );
        // No front matter: a block made (Hugo), or left alone (Jekyll).
        assert_eq!(ok("# X\n"), "---\naliases:\n  - /old/x/\n---\n# X\n");
        assert!(edited("# X\n", "redirect_from", "/x.html", false).is_err());
        // Odd shapes are left alone.
        for odd in [
            "---\naliases: /a/\n---\n",
            "---\naliases: &a [x]\n---\n",
            "---\naliases:\n  - a\n    b\n---\n",
            "{\"aliases\": []}\n",
            "---\n[not, a, map]\n---\n",
        ] {
            assert!(edited(odd, "aliases", "/old/x/", true).is_err(), "{odd}");
        }
    }

    #[test]
    fn toml_front_matter() {
        let ok = |t: &str| edited(t, "aliases", "/old/x/", true).expect("edited");
        assert_eq!(
            ok("+++\ntitle = \"X\"\n[params]\na = 1\n+++\n"),
            "+++\naliases = [\"/old/x/\"]\ntitle = \"X\"\n[params]\na = 1\n+++\n"
        );
        assert_eq!(
            ok("+++\naliases = ['/a/']\n+++\n"),
            "+++\naliases = ['/a/', '/old/x/']\n+++\n"
        );
        assert_eq!(
            ok("+++\naliases = [\n  \"/a/\",\n]\n+++\n"),
            "+++\naliases = [\n  \"/a/\", \"/old/x/\",\n]\n+++\n"
        );
        assert_eq!(
            ok("+++\naliases = []\n+++\n"),
            "+++\naliases = [\"/old/x/\"]\n+++\n"
        );
        assert!(edited("+++\naliases = \"/a/\"\n+++\n", "aliases", "/o/", true).is_err());
    }
}
