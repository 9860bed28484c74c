//! Links into a git submodule that is not checked out, from the files
//! of the tree outside every site (plain Markdown, HTML, reST).
//!
//! A checkout made without `--recurse-submodules` (as a snapshot of a
//! repository is) leaves each submodule's directory empty or absent:
//! a link to a file inside one (opentelemetry.io's `AGENTS.md` linking
//! `themes/docsy/AGENTS.md`, `themes/docsy` a submodule of its
//! `.gitmodules`) names a file the repository has, only not here. Such a
//! link is counted *not checked*, with one note per `.gitmodules` naming
//! the submodules ([`crate::links::LocalLinks::notes`]), never reported
//! broken. The site model says the same of the pages a site serves from
//! a submodule ([`crate::site::submodule`]), and of a page's links above
//! the site's root; this module covers the file paths the links of the
//! other files name. Source: git documentation,
//! "gitmodules" (`submodule.<name>.path`).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Links not checked per `.gitmodules` (as shown) and submodule path (as
/// written there): how many, and the first one (page, link) to name.
type Counts = BTreeMap<(PathBuf, String), (u64, Option<(PathBuf, String)>)>;

/// What a run found out: the submodule paths of each directory's
/// `.gitmodules` (each read once), and the links not checked for them.
#[derive(Debug, Default)]
pub struct Memo {
    listed: Mutex<HashMap<PathBuf, Arc<Vec<String>>>>,
    counts: Mutex<Counts>,
}

impl Memo {
    /// The submodule not checked out that holds `target` (a missing
    /// file's path, absolute, symbolic links of the directories that
    /// exist resolved), as the `.gitmodules` listing it (its path) and
    /// the submodule's path as written there: looked for in the
    /// `.gitmodules` of each directory above `target` that lies in
    /// `boundary` (the tree checked, absolute and resolved). `None` when
    /// no such submodule holds it.
    pub fn holding(&self, target: &Path, boundary: &Path) -> Option<(PathBuf, String)> {
        for dir in target
            .ancestors()
            .skip(1)
            .take_while(|d| d.starts_with(boundary))
        {
            for rel in self.listed(dir).iter() {
                let sub = crate::site::lexically_clean(&dir.join(rel));
                if target.starts_with(&sub) && crate::site::submodule::not_checked_out(&sub) {
                    return Some((dir.join(".gitmodules"), rel.clone()));
                }
            }
        }
        None
    }

    /// The submodule paths of `dir`'s `.gitmodules`, read once
    /// ([`crate::site::submodule::paths`]).
    fn listed(&self, dir: &Path) -> Arc<Vec<String>> {
        if let Some(known) = self.listed.lock().ok().and_then(|l| l.get(dir).cloned()) {
            return known;
        }
        let paths = Arc::new(crate::site::submodule::paths(dir));
        if let Ok(mut l) = self.listed.lock() {
            l.insert(dir.to_path_buf(), paths.clone());
        }
        paths
    }

    /// Counts the link `link` of `page` as not checked, for the
    /// submodule `submodule` of the `.gitmodules` file `gitmodules` (both
    /// as shown).
    pub fn count(&self, gitmodules: PathBuf, submodule: String, page: &Path, link: &str) {
        if !super::notes::counting() {
            return;
        }
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let entry = c.entry((gitmodules, submodule)).or_default();
        entry.0 += 1;
        super::notes::keep_least(&mut entry.1, (page.to_path_buf(), link.to_string()));
    }

    /// The notes on the links not checked, one per `.gitmodules`: how
    /// many lead into each submodule not checked out, with one of them.
    pub fn notes(&self) -> Vec<String> {
        let c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let mut by_file: BTreeMap<&Path, Vec<String>> = BTreeMap::new();
        let mut totals: BTreeMap<&Path, u64> = BTreeMap::new();
        for ((file, sub), (n, first)) in c.iter() {
            let example = first
                .as_ref()
                .map(|(page, link)| format!(", e.g. `{link}` in {}", page.display()))
                .unwrap_or_default();
            by_file
                .entry(file.as_path())
                .or_default()
                .push(format!("`{sub}` ({n}{example})"));
            *totals.entry(file.as_path()).or_default() += n;
        }
        by_file
            .into_iter()
            .map(|(file, subs)| {
                let n = totals.get(file).copied().unwrap_or_default();
                format!(
                    "{}: {n} link{} not checked: {} into a git submodule it lists that is not checked out (its directory is empty or absent): {}",
                    file.display(),
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "it leads" } else { "they lead" },
                    subs.join(", ")
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A missing file under a submodule whose directory is empty, one
    /// under a submodule checked out, and one under none.
    #[test]
    fn holding_and_notes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = std::fs::canonicalize(dir.path()).expect("real");
        std::fs::create_dir_all(d.join("themes/docsy")).expect("mkdir");
        std::fs::create_dir_all(d.join("vendor/lib")).expect("mkdir");
        std::fs::write(d.join("vendor/lib/README.md"), "# lib\n").expect("write");
        std::fs::write(
            d.join(".gitmodules"),
            "[submodule \"themes/docsy\"]\n\tpath = themes/docsy\n[submodule \"lib\"]\n\tpath = vendor/lib\n[submodule \"gone\"]\n\tpath = gone\n",
        )
        .expect("write");
        let m = Memo::default();
        let gitmodules = d.join(".gitmodules");
        assert_eq!(
            m.holding(&d.join("themes/docsy/AGENTS.md"), &d),
            Some((gitmodules.clone(), "themes/docsy".to_string()))
        );
        assert_eq!(
            m.holding(&d.join("gone/x/y.md"), &d),
            Some((gitmodules.clone(), "gone".to_string()))
        );
        assert_eq!(m.holding(&d.join("vendor/lib/missing.md"), &d), None);
        assert_eq!(m.holding(&d.join("themes/other.md"), &d), None);
        // Not looked for above the tree checked.
        assert_eq!(
            m.holding(&d.join("themes/docsy/AGENTS.md"), &d.join("themes")),
            None
        );
        m.count(
            PathBuf::from(".gitmodules"),
            "themes/docsy".into(),
            Path::new("AGENTS.md"),
            "themes/docsy/AGENTS.md",
        );
        m.count(
            PathBuf::from(".gitmodules"),
            "themes/docsy".into(),
            Path::new("b.md"),
            "themes/docsy/x.md",
        );
        assert_eq!(
            m.notes(),
            vec![".gitmodules: 2 links not checked: they lead into a git submodule it lists that is not checked out (its directory is empty or absent): `themes/docsy` (2, e.g. `themes/docsy/AGENTS.md` in AGENTS.md)".to_string()]
        );
    }
}
