//! TOML read with the place of each value (`toml::de::DeTable`, whose
//! keys and values carry their byte spans), so that an edit of
//! `book.toml` or of a page's `+++` front matter lands on the bytes of a
//! string the parser read, or on a line after an entry it read; and the
//! check that the edited text parses to what was meant.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The text parsed, with spans; `None` when it does not parse.
pub(crate) fn parse(text: &str) -> Option<Spanned<DeTable<'_>>> {
    DeTable::parse(text).ok()
}

/// The value at the keys `path` (tables only).
pub(crate) fn at<'a, 'i>(
    table: &'a DeTable<'i>,
    path: &[&str],
) -> Option<&'a Spanned<DeValue<'i>>> {
    let (first, rest) = path.split_first()?;
    let v = table.get(*first)?;
    if rest.is_empty() {
        return Some(v);
    }
    match v.get_ref() {
        DeValue::Table(t) => at(t, rest),
        _ => None,
    }
}

/// The span of a string value in `text` when its bytes are the string
/// as written (a basic string without escapes, or a literal string, on
/// one line), with the quote it is written with.
pub(crate) fn exact_string(text: &str, v: &Spanned<DeValue<'_>>) -> Option<(Range<usize>, char)> {
    let DeValue::String(s) = v.get_ref() else {
        return None;
    };
    let span = v.span();
    let raw = text.get(span.clone())?;
    for q in ['"', '\''] {
        let quoted = format!("{q}{s}{q}");
        if raw == quoted && !(q == '"' && s.contains('\\')) && !s.contains(['\n', '\r']) {
            return Some((span, q));
        }
    }
    None
}

/// `value` as a TOML string written with the quote `q` (`'` only when
/// a literal string can hold it, else a basic string with escapes).
pub(crate) fn quoted(value: &str, q: char) -> String {
    if q == '\'' && !value.contains(['\'', '\n', '\r']) {
        return format!("'{value}'");
    }
    let mut out = String::from("\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A key written as a TOML key: bare when it is one (`A-Za-z0-9_-`),
/// else quoted.
pub(crate) fn key(k: &str) -> String {
    if !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        k.to_string()
    } else {
        quoted(k, '"')
    }
}

/// What an edit is expected to change in the document's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// The string at the keys becomes this string.
    Set(Vec<String>, String),
    /// The table at the keys (made when missing) gains this key with this
    /// string value.
    Insert(Vec<String>, String, String),
    /// The array at the keys (made when missing) gains this string.
    Push(Vec<String>, String),
}

/// True when `after` parses to `before` (parsed) with `changes` made.
pub(crate) fn verify(before: &str, after: &str, changes: &[Change]) -> bool {
    let (Ok(mut want), Ok(got)) = (before.parse::<toml::Table>(), after.parse::<toml::Table>())
    else {
        return false;
    };
    for c in changes {
        let (path, leaf) = match c {
            Change::Set(p, _) | Change::Insert(p, ..) | Change::Push(p, _) => (p, c),
        };
        let Some((last, parents)) = path.split_last() else {
            return false;
        };
        let mut t = &mut want;
        for p in parents {
            let entry = t
                .entry(p.clone())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            let toml::Value::Table(next) = entry else {
                return false;
            };
            t = next;
        }
        match leaf {
            Change::Set(_, s) => match t.get_mut(last) {
                Some(v @ toml::Value::String(_)) => *v = toml::Value::String(s.clone()),
                _ => return false,
            },
            Change::Insert(_, k, v) => {
                let entry = t
                    .entry(last.clone())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                let toml::Value::Table(inner) = entry else {
                    return false;
                };
                inner.insert(k.clone(), toml::Value::String(v.clone()));
            }
            Change::Push(_, s) => {
                let entry = t
                    .entry(last.clone())
                    .or_insert_with(|| toml::Value::Array(Vec::new()));
                let toml::Value::Array(a) = entry else {
                    return false;
                };
                a.push(toml::Value::String(s.clone()));
            }
        }
    }
    want == got
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_of_tables_and_strings() {
        let text = "[book]\ntitle = \"x\"\n\n[output.html.redirect]\n\"/a.html\" = \"b.html\"\n'/c.html' = '../d.html'\n\n[output.html]\ninline = { a = \"b\" }\n";
        let doc = parse(text).expect("parses");
        let r = at(doc.get_ref(), &["output", "html", "redirect"]).expect("table");
        eprintln!("table span {:?}: {:?}", r.span(), &text[r.span()]);
        let DeValue::Table(t) = r.get_ref() else {
            panic!("table")
        };
        for (k, v) in t.iter() {
            eprintln!(
                "key {:?} {:?} value {:?} {:?}",
                k.span(),
                &text[k.span()],
                v.span(),
                &text[v.span()]
            );
        }
        let inline = at(doc.get_ref(), &["output", "html", "inline"]).expect("inline");
        eprintln!("inline {:?}", &text[inline.span()]);
        let b = at(doc.get_ref(), &["output", "html", "redirect", "/a.html"]).expect("value");
        let (span, q) = exact_string(text, b).expect("exact");
        assert_eq!((&text[span], q), ("\"b.html\"", '"'));
        assert!(verify(
            "[a]\nb = \"c\"\n",
            "[a]\nb = \"d\"\n[x.y]\nk = \"v\"\n",
            &[
                Change::Set(vec!["a".into(), "b".into()], "d".into()),
                Change::Insert(vec!["x".into(), "y".into()], "k".into(), "v".into())
            ]
        ));
        assert!(!verify("a = 1\n", "a = 2\n", &[]));
    }
}
