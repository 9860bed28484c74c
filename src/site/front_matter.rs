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

    /// True when the page had a front matter block.
    pub fn is_present(&self) -> bool {
        !self.values.is_empty() || !self.lists.is_empty()
    }
}

/// The front matter of the file `path`, read from its first `limit`
/// bytes; empty when it has none, it does not parse, or the file cannot
/// be read.
pub fn read(path: &Path, limit: u64) -> FrontMatter {
    let mut head = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(limit).read_to_end(&mut head);
    }
    parse(&head)
}

/// The front matter at the start of `src` (a page's first bytes).
pub fn parse(src: &[u8]) -> FrontMatter {
    let text = String::from_utf8_lossy(src);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut values = HashMap::new();
    let mut lists: HashMap<String, Vec<String>> = HashMap::new();
    for (fence, toml) in [("---", false), ("+++", true)] {
        let Some(rest) = text.strip_prefix(fence) else {
            continue;
        };
        let Some(rest) = rest
            .strip_prefix("\r\n")
            .or_else(|| rest.strip_prefix('\n'))
        else {
            continue;
        };
        let end = rest
            .match_indices(fence)
            .find(|(i, _)| *i == 0 || rest[..*i].ends_with('\n'))
            .map(|(i, _)| i);
        let Some(end) = end else { continue };
        let block = &rest[..end];
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
                        _ => continue,
                    };
                    values.insert(k, v);
                }
            }
        } else if let Ok(docs) = yaml_rust2::YamlLoader::load_from_str(block) {
            if let Some(yaml_rust2::Yaml::Hash(h)) = docs.into_iter().next() {
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
        }
        break;
    }
    FrontMatter { values, lists }
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
}
