//! The front matter of a page: the YAML (`---`) or TOML (`+++`) block at
//! its start, whose keys can set the page's URL (Jekyll `permalink`,
//! Hugo `url` and `slug`, Docusaurus `slug` and `id`).
//!
//! This module owns reading the top-level scalar values of that block.
//! It does not own what a generator makes of them.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

/// The top-level scalar values of a page's front matter, as strings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrontMatter {
    values: HashMap<String, String>,
    lists: HashMap<String, Vec<String>>,
    /// Why a YAML block was not read (its aliases past the budget).
    refused: Option<String>,
}

impl FrontMatter {
    /// The value of the top-level key `key`, when it is a scalar.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// The scalar items of the top-level key `key` when it is a list
    /// (Jekyll `redirect_from`, Hugo `aliases`), or its value as a list of
    /// one when it is a scalar; empty otherwise.
    pub fn list(&self, key: &str) -> Vec<&str> {
        match (self.lists.get(key), self.values.get(key)) {
            (Some(l), _) => l.iter().map(String::as_str).collect(),
            (None, Some(v)) => vec![v.as_str()],
            _ => Vec::new(),
        }
    }

    /// Why the page's YAML block was passed over, when it was: its
    /// aliases would expand past [`crate::format::yaml::CONFIG_COPIES`] nodes (H3
    /// of the 2026-11-29 review). The block is then read as empty.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// True when the page had a front matter block.
    pub fn is_present(&self) -> bool {
        !self.values.is_empty() || !self.lists.is_empty()
    }
}

/// The front matter of the file `path`, read from its first `limit`
/// bytes; empty when it has none, it does not parse, or the file cannot
/// be read.
pub fn read(path: &Path, limit: u64) -> FrontMatter {
    read_keys(path, limit, None)
}

/// [`read`] for a caller that only asks for the keys `keys` (when
/// `Some`): a front matter that does not hold one of them as text is not
/// parsed (most pages of a site set none of the keys that move a page's
/// URL), and is given as empty.
pub fn read_keys(path: &Path, limit: u64, keys: Option<&[&str]>) -> FrontMatter {
    let Ok(mut f) = std::fs::File::open(path) else {
        return FrontMatter::default();
    };
    // The first bytes say whether there is front matter at all (most
    // pages of a tree have none, or a short one): the rest is read only
    // when it opens and is not closed yet.
    let mut head = vec![0; FIRST_READ.min(limit as usize)];
    let mut filled = 0;
    while filled < head.len() {
        match f.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    head.truncate(filled);
    if block(&head).is_none() && filled as u64 == FIRST_READ as u64 && opens(&head) {
        let _ = f.take(limit - filled as u64).read_to_end(&mut head);
    }
    if let (Some(keys), Some((block, _))) = (keys, block(&head)) {
        if !keys
            .iter()
            .any(|k| memchr::memmem::find(block, k.as_bytes()).is_some())
        {
            return FrontMatter::default();
        }
    }
    parse(&head)
}

/// How many bytes [`read`] reads first.
const FIRST_READ: usize = 1024;

/// True when `src` starts with a front matter fence (`---` or `+++`,
/// after a byte order mark).
fn opens(src: &[u8]) -> bool {
    let src = src.strip_prefix("\u{feff}".as_bytes()).unwrap_or(src);
    src.starts_with(b"---") || src.starts_with(b"+++")
}

/// The front matter block of `src` and whether it is TOML (`+++`), when
/// `src` opens one and closes it: the lines between the fences.
fn block(src: &[u8]) -> Option<(&[u8], bool)> {
    block_range(src).map(|(r, toml)| (&src[r], toml))
}

/// Where the front matter block of `src` is ([`block`]): the byte range
/// of the lines between the fences (after a byte order mark), and
/// whether it is TOML (`+++`).
pub(crate) fn block_range(src: &[u8]) -> Option<(std::ops::Range<usize>, bool)> {
    let bom = if src.starts_with("\u{feff}".as_bytes()) {
        3
    } else {
        0
    };
    let body = &src[bom..];
    for (fence, toml) in [(&b"---"[..], false), (&b"+++"[..], true)] {
        let Some(rest) = body.strip_prefix(fence) else {
            continue;
        };
        let nl = if rest.starts_with(b"\r\n") {
            2
        } else if rest.starts_with(b"\n") {
            1
        } else {
            return None;
        };
        let rest = &rest[nl..];
        let end =
            memchr::memmem::find_iter(rest, fence).find(|&i| i == 0 || rest[i - 1] == b'\n')?;
        let start = bom + fence.len() + nl;
        return Some((start..start + end, toml));
    }
    None
}

/// The front matter at the start of `src` (a page's first bytes): a YAML
/// block between `---` lines, or a TOML block between `+++` lines (Hugo);
/// empty when there is none or it does not parse. YAML aliases are
/// bounded ([`crate::format::yaml::CONFIG_COPIES`]): a block past the budget is
/// empty, and says why ([`FrontMatter::refused`]).
pub fn parse(src: &[u8]) -> FrontMatter {
    let mut values = HashMap::new();
    let mut lists: HashMap<String, Vec<String>> = HashMap::new();
    let mut refused = None;
    let Some((block, toml)) = block(src) else {
        return FrontMatter::default();
    };
    // Only the block is decoded.
    let block = String::from_utf8_lossy(block);
    if toml {
        if let Ok(t) = block.parse::<toml::Table>() {
            for (k, v) in t {
                if let toml::Value::Array(a) = &v {
                    let items = a.iter().filter_map(|i| i.as_str().map(str::to_string));
                    lists.insert(k, items.collect());
                    continue;
                }
                let v = match v {
                    toml::Value::String(s) => s,
                    toml::Value::Integer(i) => i.to_string(),
                    toml::Value::Boolean(b) => b.to_string(),
                    // A TOML date (`date = 2023-05-01`): Hugo's
                    // permalink tokens read it.
                    toml::Value::Datetime(d) => d.to_string(),
                    _ => continue,
                };
                values.insert(k, v);
            }
        }
    } else {
        match crate::format::yaml::first_document(&block, crate::format::yaml::CONFIG_COPIES) {
            Ok(yaml_rust2::Yaml::Hash(h)) => {
                for (k, v) in h {
                    if let (Some(k), yaml_rust2::Yaml::Array(a)) = (k.as_str(), &v) {
                        lists.insert(k.to_string(), a.iter().filter_map(scalar).collect());
                        continue;
                    }
                    let (Some(k), Some(v)) = (k.as_str(), scalar(&v)) else {
                        continue;
                    };
                    values.insert(k.to_string(), v);
                }
            }
            Err(e @ crate::format::yaml::YamlError::TooManyCopies { .. }) => {
                refused = Some(e.to_string());
            }
            _ => {}
        }
    }
    FrontMatter {
        values,
        lists,
        refused,
    }
}

/// A YAML scalar as a string.
pub(crate) fn scalar(v: &yaml_rust2::Yaml) -> Option<String> {
    use yaml_rust2::Yaml;
    match v {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_and_toml_blocks() {
        let f = parse(b"---\ntitle: X\npermalink: /docs/x/\nlist: [1]\n---\n# X\n");
        assert_eq!(f.get("permalink"), Some("/docs/x/"));
        assert_eq!(f.get("list"), None);
        let f = parse(b"+++\nslug = \"y\"\nweight = 3\n+++\nbody");
        assert_eq!((f.get("slug"), f.get("weight")), (Some("y"), Some("3")));
        assert!(!parse(b"# no front matter\n---\n").is_present());
        let f = parse(b"---\nredirect_from:\n - /a/\n - /b/\naliases: /c/\n---\n");
        assert_eq!(
            (f.list("redirect_from"), f.list("aliases")),
            (vec!["/a/", "/b/"], vec!["/c/"])
        );
        assert!(!parse(b"---\nunclosed: 1\n").is_present());
    }

    /// H3 of the 2026-11-29 review: a page whose front matter sets a URL
    /// key and holds the 11-level alias bomb (674 bytes, 10^11 nodes
    /// expanded) is read as empty, with the reason, at once.
    #[test]
    fn an_alias_bomb_is_not_expanded() {
        let bomb = crate::format::yaml::alias_bomb("permalink: /a/\n", 11);
        let page = format!("---\n{bomb}---\n# A\n");
        assert!(page.len() < 700, "{}", page.len());
        let f = parse(page.as_bytes());
        assert!(!f.is_present());
        assert!(f.refused().is_some_and(|r| r.contains("aliases")), "{f:?}");
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("bomb.md");
        std::fs::write(&path, &page).expect("write");
        let f = read_keys(&path, 8192, Some(&["permalink"]));
        assert!(f.get("permalink").is_none() && f.refused().is_some());
        // A few aliases are still read.
        let f = parse(b"---\nbase: &b /x/\npermalink: *b\n---\n");
        assert_eq!((f.get("permalink"), f.refused()), (Some("/x/"), None));
    }

    /// A front matter longer than the first read is read on to its end
    /// (up to the limit); a page without one is read no further.
    #[test]
    fn read_goes_on_only_for_an_open_block() {
        let dir = tempfile::tempdir().expect("tempdir");
        let long = dir.path().join("long.md");
        let mut text = String::from("\u{feff}---\n");
        for i in 0..200 {
            text.push_str(&format!("key{i}: value {i}\n"));
        }
        text.push_str("permalink: /docs/long/\n---\n# Long\n");
        std::fs::write(&long, &text).expect("write");
        assert!(text.len() > FIRST_READ);
        assert_eq!(read(&long, 8192).get("permalink"), Some("/docs/long/"));
        assert!(!read(&long, 512).is_present());
        let none = dir.path().join("none.md");
        std::fs::write(&none, "# Title\n---\npermalink: /x/\n---\n").expect("write");
        assert!(!read(&none, 8192).is_present());
        assert!(!read(&dir.path().join("missing.md"), 8192).is_present());
        // Only the keys asked for: parsed when one is there.
        let asked = read_keys(&long, 8192, Some(&["permalink"]));
        assert_eq!(asked.get("permalink"), Some("/docs/long/"));
        assert!(!read_keys(&long, 8192, Some(&["slug", "aliases"])).is_present());
    }
}
