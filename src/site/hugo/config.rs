//! Reading Hugo's configuration: a file or a configuration directory
//! (`config/_default/`, environments, one file per root key), TOML, YAML
//! or JSON, merged into one TOML table. Source: Hugo docs, "Configure
//! Hugo" (configuration directory).

use std::path::{Path, PathBuf};

use super::super::Layout;
use super::{CONFIG_NAMES, ENVIRONMENTS, ROOT_KEYS};

/// The most files of one environment directory read.
pub(super) const MAX_DIR_FILES: usize = 64;

/// The extensions of Hugo's configuration files, without the dot.
pub(super) const CONFIG_EXTENSIONS: &[&str] = &["toml", "yaml", "yml", "json"];

/// Notes in `l.unsure_pages` and `l.unsure_anchors` a configuration file
/// the model cannot read because a build step makes it: a file of an
/// environment directory (`env_files`, of [`ENVIRONMENTS`]) whose name is
/// no root key Hugo reads ([`ROOT_KEYS`]; opentelemetry.io's
/// `config/_default/module-template.yaml`, which a script renders into
/// `module.yaml`), and a configuration file missing from the tree that
/// the repository's `.gitignore` files ignore (written before `hugo`
/// runs). Either may hold mounts, languages or permalinks that move
/// pages. `dir` is the project directory.
pub(super) fn unread_config_files(l: &mut Layout, dir: &Path, env_files: &[Vec<PathBuf>]) {
    let rel = |p: &Path| {
        p.strip_prefix(dir)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let mut reasons = Vec::new();
    for f in env_files.iter().flatten() {
        let Some(stem) = f.file_stem().map(|s| s.to_string_lossy().to_lowercase()) else {
            continue;
        };
        // `menus.en.toml`: the key, then a language.
        let key = stem.split('.').next().unwrap_or_default();
        if !ROOT_KEYS.contains(&key) {
            reasons.push(format!(
                "the file {} of Hugo's configuration directory, named after no root key Hugo reads (a template a build step renders?),",
                rel(f)
            ));
        }
    }
    let repo = dir
        .ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(dir);
    let memo = super::super::gitignore::Memo::default();
    let mut candidates: Vec<PathBuf> = CONFIG_NAMES
        .iter()
        .filter(|n| !n.contains('/'))
        .map(|n| dir.join(n))
        .collect();
    for env in ENVIRONMENTS {
        let env = dir.join(env);
        if memo.ignores(repo, &env) {
            // A whole directory ignored: no file of it named.
            continue;
        }
        for key in ROOT_KEYS {
            for ext in CONFIG_EXTENSIONS {
                candidates.push(env.join(format!("{key}.{ext}")));
            }
        }
    }
    for c in candidates {
        if !c.exists() && memo.ignores(repo, &c) {
            reasons.push(format!(
                "the Hugo configuration file {}, ignored by .gitignore and not in the tree (a build step writes it),",
                rel(&c)
            ));
        }
    }
    for why in reasons {
        l.unsure_pages.push(why.clone());
        l.unsure_anchors.push(why);
    }
}

/// The configuration files of the environment directory `env` (at most
/// [`MAX_DIR_FILES`], TOML, YAML or JSON), in its subdirectories too
/// (at most [`MAX_DIR_DEPTH`] deep), in the order of their paths; none
/// when it is not a directory. Hugo walks the directory whole and sets
/// each file at the key its *name* gives ([`key_of`]), whatever folder
/// it is in (`config/_default/module/module.yaml` is `module`:
/// falcosecurity/falco-website's content mounts; Hugo's
/// `config/allconfig/load.go`, `loadConfigFromConfigDir`).
pub(super) fn directory_files(env: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    collect_files(env, 0, &mut files);
    files.sort();
    files
}

/// How deep [`directory_files`] looks into a configuration directory's
/// subdirectories.
const MAX_DIR_DEPTH: usize = 3;

/// [`directory_files`] of `dir`, `depth` folders down.
fn collect_files(dir: &Path, depth: usize, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if files.len() >= MAX_DIR_FILES {
            return;
        }
        if p.is_dir() {
            if depth < MAX_DIR_DEPTH {
                collect_files(&p, depth + 1, files);
            }
        } else if p.is_file()
            && p.extension().is_some_and(|e| {
                ["toml", "yaml", "yml", "json"].contains(&e.to_string_lossy().as_ref())
            })
        {
            files.push(p);
        }
    }
}

/// Where the file `f` of a configuration directory goes, as the path of
/// keys its table is set at (Hugo's `config/configLoader.go`): `Some(vec![])`
/// for the whole configuration (`hugo.*`, `config.*`), `[key]` for a root
/// key's table (`params.toml`), `["languages", lang]` for a file of one
/// language (`languages.fr.toml`, or any `name.lang.toml` but
/// `menu(s)`/`params`: letsencrypt/website's `languages.ca.toml` ...);
/// `None` for a language's menus and params (`menus.en.toml`,
/// `params.fr.yaml`), which move no page and are not read.
pub(super) fn key_of(f: &Path) -> Option<Vec<String>> {
    let stem = f.file_stem()?.to_string_lossy().into_owned();
    if let Some((name, lang)) = stem.split_once('.') {
        let name = name.to_lowercase();
        if lang.is_empty()
            || lang.contains('.')
            || ["menu", "menus", "params"].contains(&name.as_str())
        {
            return None;
        }
        return Some(vec!["languages".into(), lang.to_lowercase()]);
    }
    if stem == "hugo" || stem == "config" {
        return Some(Vec::new());
    }
    Some(vec![stem])
}

/// The table of a configuration directory's file set at the `keys`
/// [`key_of`] gives: `table` nested under them; a file whose only key is
/// its own name (`cascade.yaml` holding `cascade: ...`) gives that key's
/// value (Hugo's `unwrapKey`).
pub(super) fn nested(keys: &[String], mut table: toml::Table, name: &str) -> toml::Table {
    let Some((last, outer)) = keys.split_last() else {
        return table;
    };
    let mut value = match table.len() {
        1 if table.contains_key(name) => table
            .remove(name)
            .unwrap_or(toml::Value::Table(toml::Table::new())),
        _ => toml::Value::Table(table),
    };
    value = toml::Value::Table(toml::Table::from_iter([(last.clone(), value)]));
    for k in outer.iter().rev() {
        value = toml::Value::Table(toml::Table::from_iter([(k.clone(), value)]));
    }
    match value {
        toml::Value::Table(t) => t,
        _ => toml::Table::new(),
    }
}

/// The configuration file `path` as a table (TOML, YAML or JSON).
///
/// # Errors
/// `None` when it cannot be read or does not parse; the YAML error when
/// its aliases would expand past the budget (H3 of the 2026-11-29
/// review).
pub(super) fn table_of(path: &Path) -> Result<toml::Table, Option<String>> {
    let text = super::super::read_config(path).map_err(Some)?;
    let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
    let value = match ext.as_deref() {
        Some("toml") => return text.parse::<toml::Table>().map_err(|_| None),
        Some("yaml" | "yml") => match super::super::yaml_config(&text) {
            Ok(y) => yaml_to_toml(&y),
            Err(e) => return Err(Some(e.to_string())),
        },
        Some("json") => match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(j) => json_to_toml(&j),
            Err(_) => return Err(None),
        },
        _ => return Err(None),
    };
    match value {
        toml::Value::Table(t) => Ok(t),
        _ => Err(None),
    }
}

/// `over` merged into `into`: tables merged key by key, any other value
/// replaced (Hugo's configuration directory: the right-most wins). Keys
/// meet without regard to case, as Hugo's do.
pub(super) fn merge(into: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        let existing = into
            .keys()
            .find(|e| e.eq_ignore_ascii_case(&k))
            .cloned()
            .unwrap_or_else(|| k.clone());
        match (into.get_mut(&existing), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
            (_, v) => {
                into.remove(&existing);
                into.insert(k, v);
            }
        }
    }
}

/// A JSON value as a TOML value (`null` as an empty string).
pub(super) fn json_to_toml(j: &serde_json::Value) -> toml::Value {
    use serde_json::Value;
    match j {
        Value::Object(o) => toml::Value::Table(
            o.iter()
                .map(|(k, v)| (k.clone(), json_to_toml(v)))
                .collect(),
        ),
        Value::Array(a) => toml::Value::Array(a.iter().map(json_to_toml).collect()),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => n
            .as_i64()
            .map(toml::Value::Integer)
            .unwrap_or_else(|| toml::Value::String(n.to_string())),
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Null => toml::Value::String(String::new()),
    }
}

/// A YAML value as a TOML value (`null` and aliases as empty strings).
pub(super) fn yaml_to_toml(y: &yaml_rust2::Yaml) -> toml::Value {
    use yaml_rust2::Yaml;
    match y {
        Yaml::Hash(h) => toml::Value::Table(
            h.iter()
                .filter_map(|(k, v)| Some((k.as_str()?.to_string(), yaml_to_toml(v))))
                .collect(),
        ),
        Yaml::Array(a) => toml::Value::Array(a.iter().map(yaml_to_toml).collect()),
        Yaml::Boolean(b) => toml::Value::Boolean(*b),
        Yaml::Integer(i) => toml::Value::Integer(*i),
        Yaml::String(s) | Yaml::Real(s) => toml::Value::String(s.clone()),
        _ => toml::Value::String(String::new()),
    }
}

/// The most themes followed for one site (components and their own
/// components).
const MAX_THEMES: usize = 32;

/// The directories of the themes the Hugo site in `dir` uses, whose
/// merged configuration is `t`, in Hugo's lookup order (Hugo docs, "Theme
/// components"): each name of `theme` (a string or a list) under
/// `themesDir` (default `themes`), each followed by the themes its own
/// configuration (`hugo.toml`, `config.toml`, `.yaml`, `.json` in its
/// directory) names. Empty when no theme is set. `None` when the model
/// cannot tell: a theme named by a module path (`github.com/x/y`), or
/// `module.imports` (Hugo Modules), which it does not follow.
pub(super) fn themes_in_use(dir: &Path, t: &toml::Table) -> Option<Vec<PathBuf>> {
    fn get<'a>(t: &'a toml::Table, k: &str) -> Option<&'a toml::Value> {
        t.iter()
            .find(|(x, _)| x.eq_ignore_ascii_case(k))
            .map(|(_, v)| v)
    }
    fn names(t: &toml::Table) -> Option<Vec<String>> {
        if get(t, "module")
            .and_then(|m| m.as_table())
            .and_then(|m| get(m, "imports"))
            .is_some()
        {
            return None;
        }
        let names: Vec<String> = match get(t, "theme") {
            None => Vec::new(),
            Some(toml::Value::String(s)) => vec![s.clone()],
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<_>>()?,
            Some(_) => return None,
        };
        let plain = |n: &String| !n.is_empty() && !n.contains(['/', '\\']) && n != "." && n != "..";
        names.iter().all(plain).then_some(names)
    }
    let themes_dir = dir.join(
        get(t, "themesDir")
            .and_then(toml::Value::as_str)
            .unwrap_or("themes"),
    );
    let mut out: Vec<PathBuf> = Vec::new();
    let mut queue = names(t)?;
    queue.reverse();
    while let Some(name) = queue.pop() {
        let root = themes_dir.join(&name);
        if out.contains(&root) {
            continue;
        }
        if out.len() >= MAX_THEMES {
            return None;
        }
        out.push(root.clone());
        let own = [
            "hugo.toml",
            "hugo.yaml",
            "hugo.yml",
            "hugo.json",
            "config.toml",
            "config.yaml",
            "config.yml",
            "config.json",
        ]
        .iter()
        .map(|f| root.join(f))
        .find(|f| f.is_file());
        if let Some(file) = own {
            let table = table_of(&file).ok()?;
            let mut more = names(&table)?;
            more.reverse();
            queue.extend(more);
        }
    }
    Some(out)
}
