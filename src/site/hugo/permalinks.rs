//! Hugo `permalinks`: URL patterns per top-level section, for regular
//! pages (a key set to a pattern, or under `permalinks.page`) and for
//! section pages (`permalinks.section`). Source: Hugo docs, "Configure
//! permalinks" and "URL management" (tokens `:year`, `:month`,
//! `:monthname`, `:day`, `:weekday`, `:weekdayname`, `:yearday`,
//! `:section`, `:sections`, `:title`, `:slug`, `:filename`,
//! `:slugorfilename`, `:contentbasename`, `:slugorcontentbasename`).
//!
//! A pattern whose tokens are all of these is applied to the pages of its
//! section; any other (a taxonomy's or a term's, a token with an index
//! such as `:sections[1:]`, a Go time layout) is not, and links that its
//! pages could take are counted as not checked: those under the
//! pattern's literal prefix, or any link when the pattern starts with a
//! token (`/:slug/`).

use std::path::Path;

use super::super::front_matter::FrontMatter;
use super::super::{Layout, UrlStyle};

/// The `permalinks` patterns applied to pages: (top-level section name,
/// pattern), for regular pages and for section pages (`_index.md`).
/// Hugo `permalinks`, `permalinks.page`, `permalinks.section`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Permalinks {
    /// The patterns of regular pages, by top-level section.
    pub pages: Vec<(String, String)>,
    /// The patterns of section pages, by top-level section.
    pub sections: Vec<(String, String)>,
}

impl Permalinks {
    /// True when no pattern is applied.
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty() && self.sections.is_empty()
    }
}

/// The front matter keys the patterns read (besides `url` and `slug`):
/// the title and the dates Hugo's default `[frontmatter] date` reads.
pub const KEYS: &[&str] = &[
    "url",
    "slug",
    "title",
    "date",
    "publishDate",
    "pubdate",
    "published",
    "lastmod",
    "modified",
];

/// The page kinds of `permalinks` sub-tables (Hugo 0.112).
const KINDS: &[&str] = &["page", "section", "taxonomy", "term"];

/// The tokens [`apply`] knows.
const TOKENS: &[&str] = &[
    "year",
    "month",
    "monthname",
    "day",
    "weekday",
    "weekdayname",
    "yearday",
    "section",
    "sections",
    "title",
    "slug",
    "filename",
    "slugorfilename",
    "contentbasename",
    "slugorcontentbasename",
];

/// Reads the site's `permalinks` table `value` (from the configuration
/// file `config`) into `l`: the patterns [`apply`] can apply go to
/// [`Layout::hugo_permalinks`]; each other one makes the URLs its pages
/// could take unsure ([`Layout::unsure_under`] its literal prefix, or
/// [`Layout::unsure_pages`] when that is the root). `taxonomies` are
/// the site's taxonomy names (a flat key naming one is a term pattern).
/// `dates_moved` is true when `[frontmatter]` changes where dates come
/// from: date tokens are then not applied.
pub fn read(
    l: &mut Layout,
    value: &toml::Value,
    config: &Path,
    taxonomies: &[String],
    dates_moved: bool,
) {
    let Some(table) = value.as_table() else {
        return;
    };
    let mut entries: Vec<(&str, &str, &str)> = Vec::new();
    for (k, v) in table {
        match (v, KINDS.contains(&k.as_str())) {
            (toml::Value::Table(t), true) => {
                for (section, p) in t {
                    if let Some(p) = p.as_str() {
                        entries.push((k.as_str(), section.as_str(), p));
                    }
                }
            }
            (toml::Value::String(p), _) => {
                let kind = if taxonomies.iter().any(|t| t == k) {
                    "term"
                } else {
                    "page"
                };
                entries.push((kind, k.as_str(), p.as_str()));
            }
            _ => {}
        }
    }
    for (kind, section, pattern) in entries {
        let section = section.trim_matches('/').to_lowercase();
        if matches!(kind, "page" | "section") && applicable(pattern, dates_moved) {
            let list = if kind == "page" {
                &mut l.hugo_permalinks.pages
            } else {
                &mut l.hugo_permalinks.sections
            };
            list.push((section, pattern.to_string()));
            continue;
        }
        let reason = format!(
            "Hugo `permalinks` `{section} = \"{pattern}\"` ({})",
            config.display()
        );
        let prefix = literal_prefix(pattern, &section);
        if prefix == "/" {
            l.unsure_pages.push(reason);
        } else {
            l.unsure_under.push((prefix, reason));
        }
    }
}

/// The tokens of `pattern` (`year` for `:year`, `sections[1:]` for
/// `:sections[1:]`).
fn tokens(pattern: &str) -> impl Iterator<Item = &str> {
    pattern.split(':').skip(1).map(|rest| {
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '[' || c == ']'))
            .unwrap_or(rest.len());
        &rest[..len]
    })
}

/// True when every token of `pattern` is one [`apply`] knows (and no date
/// token when `dates_moved`).
fn applicable(pattern: &str, dates_moved: bool) -> bool {
    tokens(pattern).all(|t| {
        TOKENS.contains(&t)
            && !(dates_moved
                && matches!(
                    t,
                    "year" | "month" | "monthname" | "day" | "weekday" | "weekdayname" | "yearday"
                ))
    })
}

/// The URL path prefix (ending in `/`) every URL of `pattern` starts
/// with, for pages of `section`: its segments up to the first that holds
/// a token other than `:section`.
fn literal_prefix(pattern: &str, section: &str) -> String {
    let mut out = String::from("/");
    for seg in pattern.trim_start_matches('/').split('/') {
        let seg = seg.replace(":section", section);
        if seg.is_empty() || seg.contains(':') {
            break;
        }
        out.push_str(&seg.to_lowercase());
        out.push('/');
    }
    out
}

/// The URL of the content file at `rel` (under a content directory
/// served at `prefix`) by the pattern of its top-level section, when
/// there is one ([`Layout::hugo_permalinks`]); `None` otherwise. A page
/// directly in the content directory has no section.
pub fn apply(l: &Layout, rel: &str, prefix: &str, front: &FrontMatter) -> Option<String> {
    let p = &l.hugo_permalinks;
    let (dir, name) = rel.rsplit_once('/')?;
    let lower_name = name.to_lowercase();
    let is_section = lower_name.starts_with("_index.");
    let is_bundle = lower_name.starts_with("index.");
    let section = dir.split('/').next()?.to_lowercase();
    let list = if is_section { &p.sections } else { &p.pages };
    let (_, pattern) = list.iter().find(|(s, _)| *s == section)?;
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let filename = if is_section || is_bundle {
        dir.rsplit('/').next().unwrap_or(dir)
    } else {
        stem
    };
    let sections = if is_bundle {
        dir.rsplit_once('/').map_or(dir, |(d, _)| d)
    } else {
        dir
    };
    let title = front.get("title").map(urlize);
    let slug = front.get("slug").map(urlize);
    let date = [
        "date",
        "publishDate",
        "pubdate",
        "published",
        "lastmod",
        "modified",
    ]
    .iter()
    .find_map(|k| front.get(k).and_then(date_of))
    .unwrap_or((1, 1, 1));
    let (y, m, d) = date;
    let mut url = String::new();
    let mut rest = pattern.as_str();
    while let Some(i) = rest.find(':') {
        url.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let value = match &after[..len] {
            "year" => format!("{y:04}"),
            "month" => format!("{m:02}"),
            "monthname" => MONTHS.get(m.wrapping_sub(1) as usize)?.to_string(),
            "day" => format!("{d:02}"),
            "weekday" => weekday(y, m, d).to_string(),
            "weekdayname" => DAYS.get(weekday(y, m, d) as usize)?.to_string(),
            "yearday" => super::super::jekyll::day_of_year(y, m, d)?.to_string(),
            "section" => section.clone(),
            "sections" => sections.to_string(),
            "title" => title.clone().unwrap_or_else(|| urlize(filename)),
            "slug" => slug
                .clone()
                .or_else(|| title.clone())
                .unwrap_or_else(|| urlize(filename)),
            "filename" | "contentbasename" => urlize(filename),
            "slugorfilename" | "slugorcontentbasename" => {
                slug.clone().unwrap_or_else(|| urlize(filename))
            }
            _ => return None,
        };
        url.push_str(&value);
        rest = &after[len..];
    }
    url.push_str(rest);
    let url = url.trim_start_matches('/').to_lowercase();
    let url = match l.url_style {
        UrlStyle::Html if !url.ends_with('/') && !url.ends_with(".html") => format!("{url}.html"),
        _ if !url.ends_with('/') && !url.contains('.') => format!("{url}/"),
        _ => url,
    };
    Some(format!("{prefix}{url}"))
}

/// The month names of `:monthname` (Go's `time.Month.String`).
const MONTHS: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The day names of `:weekdayname` (Go's `time.Weekday.String`, Sunday 0).
const DAYS: &[&str] = &[
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// The day of the week of a date, Sunday 0 (Sakamoto's method).
fn weekday(y: u32, m: u32, d: u32) -> u32 {
    const T: [u32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if m < 3 { y.saturating_sub(1) } else { y };
    let t = T.get(m.wrapping_sub(1) as usize).copied().unwrap_or(0);
    (y + y / 4 - y / 100 + y / 400 + t + d) % 7
}

/// The (year, month, day) a front matter date starts with
/// (`2023-05-01`, `2023-05-01T10:00:00Z`).
fn date_of(v: &str) -> Option<(u32, u32, u32)> {
    let v = v.trim().trim_matches(['"', '\'']);
    let y = v.get(0..4)?.parse().ok()?;
    let m: u32 = v.get(5..7)?.parse().ok()?;
    let d: u32 = v.get(8..10)?.parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d) && v.get(4..5) == Some("-"))
        .then_some((y, m, d))
}

/// `s` as Hugo makes a path of it (`PathSpec.MakePath`, `UnicodeSanitize`):
/// letters, digits, marks and `.`, `/`, `\`, `_`, `-`, `#`, `+`, `~`, `@`
/// kept, white space to one `-`, anything else dropped.
fn urlize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.trim().chars() {
        if c.is_alphanumeric() || "./\\_-#+~@".contains(c) {
            out.push(c);
        } else if c.is_whitespace() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_and_prefixes() {
        assert!(applicable("/:section/:year/:month/:slug/", false));
        assert!(!applicable("/:section/:year/:slug/", true));
        assert!(!applicable("/:sections[1:]/:slug/", false));
        assert_eq!(literal_prefix("/:section/:year/:slug/", "blog"), "/blog/");
        assert_eq!(
            literal_prefix("/articles/:2006/:slug/", "posts"),
            "/articles/"
        );
        assert_eq!(literal_prefix("/:slug/", "posts"), "/");
        assert_eq!(urlize("Flux 2.0: GA!"), "flux-2.0-ga");
        assert_eq!(date_of("2023-05-01T10:00:00Z"), Some((2023, 5, 1)));
        assert_eq!(weekday(2024, 1, 31), 3);
    }

    /// linkerd/website `config/_default/permalinks.yaml` (`page:` sub-table)
    /// is applied; a pattern with a token not modelled makes only the
    /// URLs under its literal prefix unsure, one starting with a token any.
    #[test]
    fn read_applies_or_scopes_the_doubt() {
        let dir = Path::new("/site");
        let mut l = Layout::new(super::super::super::Generator::Hugo, dir, dir);
        let v: toml::Value = toml::from_str(
            "[permalinks.page]\nblog = '/:year/:month/:day/:slug/'\n[permalinks]\nposts = '/articles/:sections[1:]/:slug/'\nnotes = '/:2006/:slug/'\n",
        )
        .map(|t: toml::Table| t["permalinks"].clone())
        .unwrap_or(toml::Value::Integer(0));
        read(&mut l, &v, Path::new("hugo.toml"), &[], false);
        assert_eq!(
            l.hugo_permalinks.pages,
            vec![("blog".to_string(), "/:year/:month/:day/:slug/".to_string())]
        );
        assert_eq!(l.unsure_under.len(), 1);
        assert_eq!(l.unsure_under[0].0, "/articles/");
        assert_eq!(l.unsure_pages.len(), 1);
        let mut front = String::from("---\ndate: 2020-02-25T00:00:00Z\ntitle: Multicluster Kubernetes with Service Mirroring\n---\n");
        front.push_str("text");
        let f = super::super::super::front_matter::parse(front.as_bytes());
        assert_eq!(
            apply(&l, "blog/2020/0225-x/index.md", "/", &f).as_deref(),
            Some("/2020/02/25/multicluster-kubernetes-with-service-mirroring/")
        );
        assert_eq!(apply(&l, "docs/x.md", "/", &f), None);
    }
}
