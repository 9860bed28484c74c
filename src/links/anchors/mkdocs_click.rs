//! mkdocs-click (the `mkdocs-click` Markdown extension of an MkDocs
//! site): a block
//!
//! ```text
//! ::: mkdocs-click
//!     :module: mkdocs.__main__
//!     :command: cli
//!     :prog_name: mkdocs
//! ```
//!
//! renders a heading per command of a Click application, which only
//! importing the module tells. The headings are the command names (the
//! root's `prog_name`, else its own name; a subcommand's name), or with
//! `attr_list` the command's path with an explicit id
//! (`{#mkdocs-gh-deploy}`); the rest is the command's help text, a usage
//! block and the options (mkdocs-click's `_docs.py`: `_make_title_basic`,
//! `_make_title_full_command_path`, `_make_description`). This module
//! reads the names from the application's source without running it
//! ([`urilint_format::python_decorators`]): the root `def` the block
//! names, the `@root.command(...)` / `@root.group(...)` definitions of
//! its module, and the commands its top-level `root.add_command(x)`
//! calls add (`x` defined in the module, or imported by a `from` import
//! from a module of the application's package, read in turn),
//! recursively. mkdocs-click titles a command with its own name
//! (`command.name`), not the name `add_command` was given. Where the
//! source does not tell all the commands (a command registered from
//! another module or by a plugin, added as a call or a dotted name, made
//! by a constructor such as `click.Group(...)`, a custom group class, a
//! name that is not a literal, a help text with a Markdown heading),
//! nothing is read and the page may mint any id, as before. The ids read serve a cross-reference
//! looked up on every page of the site (mkdocs-autorefs): an id that no
//! page's text makes and no block may mint is missing there.

use std::path::{Path, PathBuf};

use urilint_format::python_decorators::{self, Arg, Decorated};

use crate::site::slug::Renderer;

/// The most Python files of a package looked at for commands registered
/// from outside the application's module.
const MAX_PACKAGE_FILES: usize = 2_000;

/// The most bytes of command names and paths read for one block (4 MiB;
/// a real CLI's are some kilobytes): a command path is as long as the
/// groups it is nested in, so 800 groups one inside another, 20 commands
/// each, made 62 MB of paths and 200 MB resident. Past it the block's
/// ids are left unknown.
const MAX_TEXT_BYTES: usize = 4 << 20;

/// One `::: mkdocs-click` block's options (mkdocs-click's
/// `replace_blocks`: `:key: value` lines indented under the header; a
/// value is its first word).
#[derive(Debug, Default, PartialEq, Eq)]
struct Block {
    module: Option<String>,
    command: Option<String>,
    prog_name: Option<String>,
}

/// True when the page `src` has a `::: mkdocs-click` block.
pub fn has_blocks(src: &[u8]) -> bool {
    memchr::memmem::find(src, b"::: mkdocs-click").is_some()
}

/// True when `line` opens a `::: mkdocs-click` block (mkdocs-click:
/// `^::: mkdocs-click`).
pub fn is_block_line(line: &[u8]) -> bool {
    line.starts_with(b"::: mkdocs-click")
}

/// The blocks of the page `src`.
fn blocks(src: &[u8]) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open = false;
    for line in src.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if open {
            // `^\s+:(?P<key>.+):(?:\s+(?P<value>\S+))?`
            let indented = line.first().is_some_and(|b| b.is_ascii_whitespace());
            let t = line.trim_ascii_start();
            if indented && t.first() == Some(&b':') {
                let t = String::from_utf8_lossy(&t[1..]).into_owned();
                if let (Some((key, value)), Some(block)) = (t.rsplit_once(':'), out.last_mut()) {
                    let value = value.split_whitespace().next().map(str::to_string);
                    match key {
                        "module" => block.module = value,
                        "command" => block.command = value,
                        "prog_name" => block.prog_name = value,
                        _ => {}
                    }
                }
                continue;
            }
            open = false;
        }
        if is_block_line(line) {
            open = true;
            out.push(Block::default());
        }
    }
    out
}

/// The ids the `::: mkdocs-click` blocks of the page `src` (at `path`)
/// may mint with `renderer`'s slugs (a heading's text's, and
/// Python-Markdown's `toc.slugify` of a command's path as the explicit
/// id): `None` when a block's application is not found inside `within`
/// (the tree; the module looked for beside the page and in each folder
/// above it there, plain or under `src/`) or its commands are not all
/// told by its source (see the module's documentation). Duplicate
/// counters (`_1`) are left to [`matches()`].
pub fn minted(
    src: &[u8],
    path: &Path,
    within: Option<&Path>,
    renderer: Renderer,
) -> Option<Vec<String>> {
    let within = within?;
    let mut ids = Vec::new();
    for block in blocks(src) {
        let module = block.module.as_deref()?;
        let command = block.command.as_deref()?;
        let (file, package) = locate(module, path, within)?;
        let names = commands(
            &file,
            package.as_deref(),
            within,
            command,
            block.prog_name.as_deref(),
        )?;
        for text in names {
            for r in [renderer, Renderer::PythonMarkdown] {
                let id = r.slug(&text);
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
    }
    Some(ids)
}

/// True when `fragment` is one of `ids`, or one with Python-Markdown's
/// duplicate counter (`build_1`).
pub fn matches(ids: &[String], fragment: &str) -> bool {
    ids.iter().any(|id| {
        fragment == id
            || fragment.strip_prefix(id.as_str()).is_some_and(|rest| {
                rest.strip_prefix('_')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
    })
}

/// The file of the module `module` (dotted) and the folder of its
/// top-level package (`None` for a module that is a file of its own),
/// looked for in the folder of `page` and each above it up to `within`.
fn locate(module: &str, page: &Path, within: &Path) -> Option<(PathBuf, Option<PathBuf>)> {
    let parts: Vec<&str> = module.split('.').collect();
    let ok = |p: &&str| {
        p.bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    if !parts.iter().all(ok) {
        return None;
    }
    let within = std::fs::canonicalize(within).ok()?;
    let mut dir = std::fs::canonicalize(page).ok()?.parent()?.to_path_buf();
    // Nothing outside the tree is read: not beside a page that is a link
    // to elsewhere, not a module file that is one.
    while dir.starts_with(&within) {
        for base in [dir.clone(), dir.join("src")] {
            let mut stem = base.clone();
            stem.extend(&parts);
            for file in [stem.with_extension("py"), stem.join("__init__.py")] {
                let Ok(real) = std::fs::canonicalize(&file) else {
                    continue;
                };
                if !real.starts_with(&within) || !real.is_file() {
                    return None;
                }
                let package = (parts.len() > 1).then(|| base.join(parts[0]));
                return Some((real, package));
            }
        }
        if dir == within || !dir.pop() {
            return None;
        }
    }
    None
}

/// A Python module of the application read for commands: its source,
/// its decorated definitions, its top-level `add_command` calls and
/// `from` imports, and what the walk found in it.
struct Module {
    file: PathBuf,
    src: Vec<u8>,
    defs: Vec<Decorated>,
    adds: Vec<python_decorators::Decorator>,
    imports: Vec<python_decorators::Import>,
    /// The functions whose docstrings are help texts mkdocs-click shows.
    functions: Vec<String>,
    /// The group functions whose commands were read.
    groups: Vec<String>,
}

impl Module {
    /// The module of the Python file `file`; `None` when it cannot be
    /// read or lexed.
    fn read(file: &Path) -> Option<Module> {
        let src = read_file(file)?;
        Some(Module {
            file: file.to_path_buf(),
            defs: python_decorators::decorated(&src).ok()?,
            adds: python_decorators::method_calls(&src, "add_command").ok()?,
            imports: python_decorators::from_imports(&src).ok()?,
            src,
            functions: Vec::new(),
            groups: Vec::new(),
        })
    }

    /// The top-level definition named `name` that is a Click command.
    fn command(&self, name: &str) -> Option<&Decorated> {
        self.defs
            .iter()
            .find(|d| d.indent == 0 && d.name == name && command_decorator(d).is_some())
    }
}

/// The modules read, the first the block's; at most
/// [`MAX_PACKAGE_FILES`].
struct Modules {
    list: Vec<Module>,
    /// The folder of the application's top-level package (`None`: a
    /// module of its own), and the tree nothing outside of which is read.
    package: Option<PathBuf>,
    within: PathBuf,
}

impl Modules {
    /// The index of the module of `file`, read on first use.
    fn load(&mut self, file: &Path) -> Option<usize> {
        let real = std::fs::canonicalize(file).ok()?;
        if !real.starts_with(&self.within) || !real.is_file() {
            return None;
        }
        if let Some(i) = self.list.iter().position(|m| m.file == real) {
            return Some(i);
        }
        if self.list.len() >= MAX_PACKAGE_FILES {
            return None;
        }
        self.list.push(Module::read(&real)?);
        Some(self.list.len() - 1)
    }

    /// The file of the module `import` names, imported by module `from`
    /// (Python's import system: relative to the importer's package, or
    /// absolute from the application's top-level package); `None` for a
    /// module outside the application (another distribution).
    fn module_file(&self, from: usize, import: &python_decorators::Import) -> Option<PathBuf> {
        let parts: Vec<&str> = import.module.split('.').filter(|p| !p.is_empty()).collect();
        let mut dir = if import.level == 0 {
            let first = parts.first()?;
            match &self.package {
                Some(package) if package.file_name()? == std::ffi::OsStr::new(first) => {
                    package.parent()?.to_path_buf()
                }
                // A module of its own imports modules beside it.
                None => self.list.first()?.file.parent()?.to_path_buf(),
                Some(_) => return None,
            }
        } else {
            // A relative import is only made inside a package.
            self.package.as_ref()?;
            let mut dir = self.list.get(from)?.file.parent()?.to_path_buf();
            for _ in 1..import.level {
                if !dir.pop() {
                    return None;
                }
            }
            dir
        };
        if let Some(package) = &self.package {
            let top = std::fs::canonicalize(package).ok()?;
            let real = std::fs::canonicalize(&dir).ok()?;
            // `..` may not climb out of the application's package.
            if import.level > 0 && !real.starts_with(&top) {
                return None;
            }
        }
        dir.extend(&parts);
        [dir.with_extension("py"), dir.join("__init__.py")]
            .into_iter()
            .find(|f| !parts.is_empty() && f.is_file())
            .or_else(|| parts.is_empty().then(|| dir.join("__init__.py")))
    }

    /// The command a top-level `group.add_command(arg)` of module `m`
    /// adds: defined in `m` or imported into it by name; `None` when it
    /// is anything else (a dotted name, a call, a `Command(...)`).
    fn added(&mut self, m: usize, arg: Option<&Arg>) -> Option<(usize, Decorated)> {
        let Some(Arg::Name(name)) = arg else {
            return None;
        };
        let module = self.list.get(m)?;
        if let Some(d) = module.command(name) {
            return Some((m, d.clone()));
        }
        let (import, original) = module.imports.iter().find_map(|i| {
            i.names
                .iter()
                .find(|(_, bound)| bound == name)
                .map(|(original, _)| (i.clone(), original.clone()))
        })?;
        let file = self.module_file(m, &import)?;
        let other = self.load(&file)?;
        let d = self.list.get(other)?.command(&original)?.clone();
        Some((other, d))
    }
}

/// The heading texts of the Click command `command` defined in `file`
/// and its subcommands: names and paths (see [`minted`]); `None` when
/// the source does not tell them all.
fn commands(
    file: &Path,
    package: Option<&Path>,
    within: &Path,
    command: &str,
    prog_name: Option<&str>,
) -> Option<Vec<String>> {
    let mut modules = Modules {
        list: Vec::new(),
        package: package.map(Path::to_path_buf),
        within: std::fs::canonicalize(within).ok()?,
    };
    modules.load(file)?;
    let root = modules.list.first()?.command(command)?.clone();
    is_command(&root)?;
    let root_names = match prog_name {
        Some(p) => vec![p.to_string()],
        None => {
            let mut n = own_names(&root)?;
            n.push(command.to_string());
            n
        }
    };
    // The root's help is its page's description.
    let root_dec = command_decorator(&root)?;
    if !help_is_plain(root_dec.keyword("help")) || !help_is_plain(root_dec.keyword("short_help")) {
        return None;
    }
    modules.list.first_mut()?.functions.push(root.name.clone());
    let mut texts = root_names.clone();
    // (module, group function, the paths of its command) to read.
    let mut groups: Vec<(usize, String, Vec<String>)> = Vec::new();
    if is_command(&root)? {
        groups.push((0, command.to_string(), root_names));
    }
    let mut seen = 0;
    let mut text_bytes = 0;
    while let Some((m, group, paths)) = groups.pop() {
        seen += 1;
        if seen > 1_000 {
            return None;
        }
        modules.list.get_mut(m)?.groups.push(group.clone());
        for (at, d) in subcommands(&mut modules, m, &group)? {
            let names = own_names(&d)?;
            let dec = command_decorator(&d)?;
            if !help_is_plain(dec.keyword("help")) || !help_is_plain(dec.keyword("short_help")) {
                return None;
            }
            let mut sub_paths = Vec::new();
            for n in &names {
                texts.push(n.clone());
                for p in &paths {
                    sub_paths.push(format!("{p} {n}"));
                }
            }
            texts.extend(sub_paths.iter().cloned());
            text_bytes += names
                .iter()
                .chain(&sub_paths)
                .map(String::len)
                .sum::<usize>();
            if text_bytes > MAX_TEXT_BYTES {
                return None;
            }
            modules.list.get_mut(at)?.functions.push(d.name.clone());
            if is_command(&d)? {
                groups.push((at, d.name.clone(), sub_paths));
            }
        }
    }
    // A help text with a Markdown heading mints an id of its own.
    if modules.list.iter().any(help_has_heading) {
        return None;
    }
    if !registered_only_here(&modules) {
        return None;
    }
    Some(texts)
}

/// The commands of the group function `group` of module `m`: those its
/// `@group.command` / `@group.group` decorators make there, and those a
/// top-level `group.add_command(...)` adds (mkdocs-click titles each
/// with the command's own name, `command.name`, whatever name it was
/// added under); `None` when one is not read (a decorator in a block or
/// with `cls=`, a command added that is not found).
fn subcommands(modules: &mut Modules, m: usize, group: &str) -> Option<Vec<(usize, Decorated)>> {
    let callees = [format!("{group}.command"), format!("{group}.group")];
    let module = modules.list.get(m)?;
    let mut out = Vec::new();
    for d in &module.defs {
        let Some(dec) = d.decorators.iter().find(|x| callees.contains(&x.callee)) else {
            continue;
        };
        if d.indent != 0 || dec.keyword("cls").is_some() {
            return None;
        }
        out.push((m, d.clone()));
    }
    let adder = format!("{group}.add_command");
    let added: Vec<Option<Arg>> = module
        .adds
        .iter()
        .filter(|c| c.callee == adder)
        .map(|c| c.positional.first().or(c.keyword("cmd")).cloned())
        .collect();
    for arg in added {
        let (at, d) = modules.added(m, arg.as_ref())?;
        if command_decorator(&d)?.keyword("cls").is_some() {
            return None;
        }
        out.push((at, d));
    }
    Some(out)
}

/// True when a docstring of module `m` that mkdocs-click shows as a
/// help text has a Markdown heading (which mints an id of its own).
fn help_has_heading(m: &Module) -> bool {
    match urilint_format::python_docstring::docstrings(&m.src) {
        Ok(docs) => docs.iter().any(|d| {
            m.functions.contains(&d.object) && has_heading(&String::from_utf8_lossy(&d.text))
        }),
        Err(_) => true,
    }
}

/// True when the help text `text` has a line that Python-Markdown reads
/// as a heading: one that starts with `#` once the text is cleaned as
/// Click and mkdocs-click clean it (`inspect.cleandoc`: the first line's
/// leading white space and the other lines' common indentation removed;
/// Python-Markdown's `HashHeaderProcessor` takes a `#` only at a line's
/// start, so an indented `# Basic deployment` of an example is text).
/// A line whose indentation holds a tab is taken as a heading when its
/// text starts with `#` (its columns are not worked out).
fn has_heading(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let margin = lines
        .iter()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent(l))
        .min()
        .unwrap_or(0);
    lines.iter().enumerate().any(|(i, l)| {
        let tabbed = l[..l.len() - l.trim_start().len()].contains('\t');
        if tabbed {
            return l.trim_start().starts_with('#');
        }
        let cleaned = if i == 0 {
            l.trim_start()
        } else {
            l.get(margin.min(indent(l))..).unwrap_or_default()
        };
        cleaned.starts_with('#')
    })
}

/// Whether `d` is a Click command: `Some(true)` for a group, `Some(false)`
/// for a command, `None` when it is neither or its class is its own
/// (`cls=`: a custom group may list commands it computes).
fn is_command(d: &Decorated) -> Option<bool> {
    let dec = command_decorator(d)?;
    if dec.keyword("cls").is_some() {
        return None;
    }
    Some(dec.callee.ends_with("group"))
}

/// The names the command `d` may have (its decorator's literal name,
/// else its function's names); `None` when the name is not a literal.
fn own_names(d: &Decorated) -> Option<Vec<String>> {
    let dec = command_decorator(d)?;
    match dec.positional.first().or(dec.keyword("name")) {
        Some(Arg::Str(n)) => Some(vec![n.clone()]),
        Some(Arg::Name(_) | Arg::Other) => None,
        None => Some(function_names(&d.name)),
    }
}

/// The decorator that makes `d` a Click command (`@click.group(...)`,
/// `@cli.command`, `@command()`: a callee whose last part is `group` or
/// `command`).
fn command_decorator(d: &Decorated) -> Option<&python_decorators::Decorator> {
    d.decorators.iter().find(|x| {
        let last = x.callee.rsplit('.').next().unwrap_or_default();
        matches!(last, "group" | "command")
    })
}

/// The names Click versions give a command from its function's name:
/// lowercased (Click 6), `_` made `-` (Click 7 to 8.1), and a trailing
/// `-command`, `-cmd`, `-group` or `-grp` dropped (Click 8.2).
fn function_names(name: &str) -> Vec<String> {
    let lower = name.to_lowercase();
    let dashed = lower.replace('_', "-");
    let mut out = vec![lower, dashed.clone()];
    if let Some((left, suffix)) = dashed.rsplit_once('-') {
        if matches!(suffix, "command" | "cmd" | "group" | "grp") && !left.is_empty() {
            out.push(left.to_string());
        }
    }
    out.dedup();
    out
}

/// True when a command's `help` (or `short_help`) argument `arg` is
/// absent or a literal without a Markdown heading.
fn help_is_plain(arg: Option<&Arg>) -> bool {
    match arg {
        None => true,
        Some(Arg::Name(_) | Arg::Other) => false,
        Some(Arg::Str(s)) => !has_heading(s),
    }
}

/// Click's ways of listing commands at run time (`CommandCollection`,
/// `list_commands`, `get_command`, click-plugins' `with_plugins`).
const DYNAMIC: &[&[u8]] = &[
    b"CommandCollection",
    b"list_commands",
    b"get_command",
    b"with_plugins",
];

/// True when no command is added to the groups read but by what
/// `modules` says: no module read, nor any other file of the package,
/// uses one of Click's ways of listing commands at run time ([`DYNAMIC`]);
/// every `.add_command(` of a module read is one of its top-level calls
/// on a group read there; and no other file of the package decorates
/// with one of the groups (`@cli.command(`), or imports one and
/// registers with it (`from .main import cli as app`, then
/// `@app.command()`), or mentions one and calls `add_command`.
fn registered_only_here(modules: &Modules) -> bool {
    let dynamic = |text: &[u8]| {
        DYNAMIC
            .iter()
            .any(|p| memchr::memmem::find(text, p).is_some())
    };
    for m in &modules.list {
        let written = memchr::memmem::find_iter(&m.src, b".add_command(").count();
        let on_groups = m.adds.iter().all(|c| {
            c.callee
                .strip_suffix(".add_command")
                .is_some_and(|g| m.groups.iter().any(|x| x == g))
        });
        if dynamic(&m.src) || written != m.adds.len() || !on_groups {
            return false;
        }
    }
    let Some(package) = &modules.package else {
        return true;
    };
    let functions: Vec<&String> = modules.list.iter().flat_map(|m| &m.groups).collect();
    let decorates: Vec<Vec<u8>> = functions
        .iter()
        .flat_map(|f| [format!("{f}.command("), format!("{f}.group(")])
        .map(String::into_bytes)
        .collect();
    let read: Vec<&Path> = modules.list.iter().map(|m| m.file.as_path()).collect();
    let mut stack = vec![package.to_path_buf()];
    let mut files = 0;
    let mut dirs = 0;
    while let Some(dir) = stack.pop() {
        // Folders count too (a tree of empty folders is no package).
        dirs += 1;
        if dirs > MAX_PACKAGE_FILES {
            return false;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return false;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                return false;
            };
            let p = entry.path();
            if kind.is_dir() {
                stack.push(p);
                continue;
            }
            if !kind.is_file() || p.extension().is_none_or(|e| e != "py") {
                continue;
            }
            if std::fs::canonicalize(&p).is_ok_and(|real| read.contains(&real.as_path())) {
                continue;
            }
            files += 1;
            if files > MAX_PACKAGE_FILES {
                return false;
            }
            let Some(text) = read_file(&p) else {
                return false;
            };
            // Another file that imports a group and decorates
            // (`from .main import cli as app`, then `@app.command()`).
            let registers = [&b".command("[..], b".command\n", b".command\r", b".group("]
                .iter()
                .any(|p| memchr::memmem::find(&text, p).is_some());
            // A name imported: after `import` on its line
            // (`from .environment import Environment` imports no
            // `environment`).
            let imports = |f: &str| {
                text.split(|&b| b == b'\n').any(|line| {
                    memchr::memmem::rfind(line, b"import ")
                        .is_some_and(|at| mentions(&line[at + 7..], f))
                })
            };
            let adds = memchr::memmem::find(&text, b".add_command(").is_some();
            if dynamic(&text)
                || decorates
                    .iter()
                    .any(|d| memchr::memmem::find(&text, d).is_some())
                || (registers && functions.iter().any(|f| imports(f)))
                || (adds && functions.iter().any(|f| mentions(&text, f)))
            {
                return false;
            }
        }
    }
    true
}

/// True when `text` has `word` with no name character on either side.
fn mentions(text: &[u8], word: &str) -> bool {
    let name = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    memchr::memmem::find_iter(text, word.as_bytes()).any(|at| {
        let before = at.checked_sub(1).and_then(|i| text.get(i));
        let after = text.get(at + word.len());
        !before.is_some_and(name) && !after.is_some_and(name)
    })
}

/// The bytes of the Python file `path`, when it is at most
/// [`urilint_format::python_docstring::MAX_BYTES`] long.
fn read_file(path: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    let max = urilint_format::python_docstring::MAX_BYTES as u64;
    let file = std::fs::File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut out = Vec::new();
    file.take(max + 1).read_to_end(&mut out).ok()?;
    (out.len() as u64 <= max).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// mkdocs/mkdocs's `mkdocs/__main__.py` at 2862536, shortened: a
    /// group and five commands named by `name=`.
    const MKDOCS_MAIN: &str = r#"import click

@click.group(context_settings=dict(help_option_names=['-h', '--help'], max_content_width=120))
@click.version_option(__version__, '-V', '--version')
@common_options
def cli():
    """MkDocs - Project documentation with Markdown."""


@cli.command(name="serve")
@click.option('-a', '--dev-addr', help=dev_addr_help, metavar='<IP:PORT>')
def serve_command(**kwargs):
    """Run the builtin development server."""


@cli.command(name="gh-deploy")
def gh_deploy_command(**kwargs):
    """Deploy your documentation to GitHub Pages."""
"#;

    const CLI_PAGE: &str = "# Command Line Interface\n\n::: mkdocs-click\n    :module: mkdocs.__main__\n    :command: cli\n    :prog_name: mkdocs\n    :style: table\n";

    fn site(main: &str, more: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for (p, text) in [
            ("mkdocs/__main__.py", main),
            ("docs/user-guide/cli.md", CLI_PAGE),
        ]
        .iter()
        .chain(more)
        {
            let p = d.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    fn ids(dir: &tempfile::TempDir) -> Option<Vec<String>> {
        let page = dir.path().join("docs/user-guide/cli.md");
        let src = std::fs::read(&page).unwrap();
        minted(&src, &page, Some(dir.path()), Renderer::PythonMarkdown)
    }

    #[test]
    fn blocks_are_read_as_mkdocs_click_reads_them() {
        let b = blocks(b"x\n::: mkdocs-click\n  :module: a.b\n\t:command: cli extra\n  :prog_name: my tool\n:depth: 1\n::: mkdocs-click\n");
        assert_eq!(
            b,
            vec![
                Block {
                    module: Some("a.b".into()),
                    command: Some("cli".into()),
                    prog_name: Some("my".into()),
                },
                Block::default()
            ]
        );
    }

    #[test]
    fn the_commands_of_mkdocs_own_cli_page() {
        let dir = site(MKDOCS_MAIN, &[]);
        let ids = ids(&dir).unwrap();
        for id in [
            "mkdocs",
            "serve",
            "gh-deploy",
            "mkdocs-serve",
            "mkdocs-gh-deploy",
        ] {
            assert!(ids.contains(&id.to_string()), "{id} in {ids:?}");
        }
        assert!(matches(&ids, "serve_1") && matches(&ids, "gh-deploy"));
        assert!(!matches(&ids, "site_url") && !matches(&ids, "serve_x"));
        assert!(!ids.iter().any(|i| i.contains("command")), "{ids:?}");
    }

    #[test]
    fn names_from_functions_and_nested_groups() {
        let main = r#"import click
@click.group()
def cli():
    pass

@cli.group()
def remote_grp():
    pass

@remote_grp.command
def add_command():
    "Add a remote."
"#;
        let dir = site(main, &[]);
        let ids = ids(&dir).unwrap();
        for id in [
            "mkdocs",
            "remote-grp",
            "remote",
            "remote_grp",
            "add",
            "mkdocs-remote-add",
            "mkdocs-remote-grp-add-command",
        ] {
            assert!(ids.contains(&id.to_string()), "{id} in {ids:?}");
        }
    }

    #[test]
    fn what_the_source_does_not_tell_mints_any_id() {
        let cases: &[(&str, &[(&str, &str)])] = &[
            // A command added with `add_command`.
            (&format!("{MKDOCS_MAIN}cli.add_command(other)\n"), &[]),
            // Registered from another file of the package under an alias.
            (
                MKDOCS_MAIN,
                &[(
                    "mkdocs/plugins_cli.py",
                    "from mkdocs.__main__ import cli as app\n@app.command()\ndef extra(): pass\n",
                )],
            ),
            // A name that is not a literal.
            (&MKDOCS_MAIN.replace("name=\"serve\"", "name=SERVE"), &[]),
            // A custom group class.
            (
                &MKDOCS_MAIN.replace("@click.group(", "@click.group(cls=Lazy, "),
                &[],
            ),
            // A help text with a Markdown heading.
            (
                &MKDOCS_MAIN.replace(
                    "Run the builtin development server.",
                    "Run it.\n\n    # Examples\n",
                ),
                &[],
            ),
            // A command defined inside a function.
            (
                &format!("{MKDOCS_MAIN}def make():\n    @cli.command()\n    def late(): pass\n"),
                &[],
            ),
        ];
        for (main, more) in cases {
            let dir = site(main, more);
            assert_eq!(ids(&dir), None, "{main}");
        }
        // The module not in the tree.
        let dir = site(MKDOCS_MAIN, &[]);
        std::fs::remove_file(dir.path().join("mkdocs/__main__.py")).unwrap();
        assert_eq!(ids(&dir), None);
        // A module file that is a link to outside the tree is not read.
        let outside = tempfile::tempdir().unwrap();
        let real = outside.path().join("main.py");
        std::fs::write(&real, MKDOCS_MAIN).unwrap();
        std::os::unix::fs::symlink(&real, dir.path().join("mkdocs/__main__.py")).unwrap();
        assert_eq!(ids(&dir), None);
    }

    /// d-init-d/d-skill-forge and complexluise/bib2graph register their
    /// commands with `add_command`, from modules of their own; an added
    /// group brings its commands; mkdocs-click titles a command with its
    /// own name (`command.name`), not the name it was added under.
    #[test]
    fn commands_added_from_other_modules_are_read() {
        let main = r#"import click
from .commands import build, deploy_command as deploy_cmd
from mkdocs.tools import tools

@click.group()
def cli():
    """The tool."""

@click.command("local")
def local_cmd():
    pass

cli.add_command(build)
cli.add_command(deploy_cmd, name="ship")
cli.add_command(local_cmd)
cli.add_command(tools)
"#;
        let commands = r#"import click
@click.command()
def build():
    "Build it."

@click.command(name="deploy")
def deploy_command():
    pass
"#;
        let tools = "import click\nfrom .lint import lint\n@click.group()\ndef tools():\n    pass\n\n@tools.command()\ndef fmt():\n    pass\n\ntools.add_command(lint)\n";
        let lint = "import click\n@click.command()\ndef lint():\n    pass\n";
        let more = [
            ("mkdocs/commands.py", commands),
            ("mkdocs/tools/__init__.py", tools),
            ("mkdocs/tools/lint.py", lint),
        ];
        let dir = site(main, &more);
        let found = ids(&dir).unwrap();
        for id in [
            "mkdocs",
            "build",
            "mkdocs-build",
            "deploy",
            "mkdocs-deploy",
            "local",
            "mkdocs-local",
            "tools",
            "mkdocs-tools",
            "fmt",
            "mkdocs-tools-fmt",
            "lint",
            "mkdocs-tools-lint",
        ] {
            assert!(found.contains(&id.to_string()), "{id} in {found:?}");
        }
        assert!(!found.iter().any(|i| i.contains("ship")), "{found:?}");
        // A heading in an added command's help, in its own module.
        let headed = commands.replace(
            "\"Build it.\"",
            "\"\"\"Build it.\n\n    # Steps\n    \"\"\"",
        );
        let dir = site(main, &[("mkdocs/commands.py", &headed), more[1], more[2]]);
        assert_eq!(ids(&dir), None);
    }

    #[test]
    fn commands_added_in_ways_not_read_mint_any_id() {
        let head = "import click\nfrom .commands import build\nfrom click_plugins import extra\n@click.group()\ndef cli():\n    pass\n\n";
        let commands = "import click\n@click.command()\ndef build():\n    pass\n";
        let cases = [
            // A command made by a call, a dotted name, one from another
            // distribution, one not a Click command.
            "cli.add_command(make())\n",
            "cli.add_command(commands.build)\n",
            "cli.add_command(extra)\n",
            "def helper(): pass\ncli.add_command(helper)\n",
            // Added in a function, or through another name.
            "def main():\n    cli.add_command(build)\n",
            "app = cli\napp.add_command(build)\n",
        ];
        for tail in cases {
            let dir = site(
                &format!("{head}{tail}"),
                &[("mkdocs/commands.py", commands)],
            );
            assert_eq!(ids(&dir), None, "{tail}");
        }
        // Another file of the package that names the group and adds to it.
        let dir = site(
            &format!("{head}cli.add_command(build)\n"),
            &[
                ("mkdocs/commands.py", commands),
                (
                    "mkdocs/more.py",
                    "from mkdocs import __main__ as m\nm.cli.add_command(x)\n",
                ),
            ],
        );
        assert_eq!(ids(&dir), None);
        // The same without it: the command added is read.
        let dir = site(
            &format!("{head}cli.add_command(build)\n"),
            &[("mkdocs/commands.py", commands)],
        );
        assert!(ids(&dir).unwrap().contains(&"mkdocs-build".to_string()));
    }

    #[test]
    fn other_files_that_only_share_a_word_do_not_hide_commands() {
        // posit-dev/rsconnect-python's `environment` group, its module
        // `rsconnect/environment.py` imported elsewhere beside a regular
        // expression's `.group(1)`; help texts in parentheses with `\n`.
        let main = r#"import click
@click.group()
def cli():
    pass

@cli.group(help=("Manage the " "environment.\n\nMore."))
def environment():
    pass
"#;
        let other = "from .environment import Environment\nm = re.match(x, y).group(1)\n";
        let dir = site(main, &[("mkdocs/bundle.py", other)]);
        let found = ids(&dir).unwrap();
        assert!(
            found.contains(&"mkdocs-environment".to_string()),
            "{found:?}"
        );
        // Importing the group under another name, then decorating: not
        // read.
        let other =
            "from mkdocs.__main__ import environment as env\n@env.command()\ndef x(): pass\n";
        let dir = site(main, &[("mkdocs/bundle.py", other)]);
        assert_eq!(ids(&dir), None);
    }

    /// zeroae/zae-limiter's help texts show examples as indented shell
    /// lines (`    # Basic deployment`): text to Python-Markdown, which
    /// takes a `#` as a heading only at a line's start once the help is
    /// cleaned (`inspect.cleandoc`).
    #[test]
    fn only_a_hash_at_a_cleaned_line_start_is_a_heading() {
        assert!(!has_heading(
            "Deploy it.\n\n    Examples:\n        # Basic deployment\n        zae deploy\n"
        ));
        assert!(!has_heading(
            "Deploy it.\n\n        # Basic deployment\n        zae deploy\n    Done.\n"
        ));
        assert!(has_heading("Deploy it.\n\n    # Steps\n\n    Run it.\n"));
        assert!(has_heading("  # Title\n"));
        assert!(has_heading("Deploy.\n\t# tabbed\n"));
        assert!(!help_is_plain(Some(&Arg::Str("Run.\n\n# Steps".into()))));
        // The common indentation goes: this line is a heading then.
        assert!(!help_is_plain(Some(&Arg::Str("Run.\n\n    # one".into()))));
        assert!(help_is_plain(Some(&Arg::Str(
            "Run.\n\n    Examples:\n        # not one".into()
        ))));
    }

    /// Groups nested one in another through modules: the names and paths
    /// read are bounded ([`MAX_TEXT_BYTES`]); past the bound, unknown.
    #[test]
    fn deeply_nested_groups_are_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let n = 400;
        std::fs::create_dir_all(d.join("app")).unwrap();
        std::fs::create_dir_all(d.join("docs")).unwrap();
        std::fs::write(d.join("app/__init__.py"), "").unwrap();
        for i in 0..n {
            let mut src = String::from("import click\n");
            if i + 1 < n {
                src.push_str(&format!("from .m{} import g{}\n", i + 1, i + 1));
            }
            src.push_str(&format!("@click.group()\ndef g{i}():\n    pass\n"));
            for k in 0..40 {
                src.push_str(&format!(
                    "@g{i}.command()\ndef c{k}_long_command_name():\n    pass\n"
                ));
            }
            if i + 1 < n {
                src.push_str(&format!("g{i}.add_command(g{})\n", i + 1));
            }
            std::fs::write(d.join(format!("app/m{i}.py")), src).unwrap();
        }
        let page = d.join("docs/cli.md");
        let text = "::: mkdocs-click\n    :module: app.m0\n    :command: g0\n";
        std::fs::write(&page, text).unwrap();
        let ids = minted(text.as_bytes(), &page, Some(d), Renderer::PythonMarkdown);
        assert_eq!(ids, None);
        // A few levels are read (the modules above, which add to these
        // groups from outside, gone).
        for i in 0..396 {
            std::fs::remove_file(d.join(format!("app/m{i}.py"))).unwrap();
        }
        let text = "::: mkdocs-click\n    :module: app.m396\n    :command: g396\n";
        let ids = minted(text.as_bytes(), &page, Some(d), Renderer::PythonMarkdown).unwrap();
        assert!(
            ids.contains(&"g396-g397-g398-g399-c3-long-command-name".to_string()),
            "{ids:?}"
        );
    }

    #[test]
    fn function_names_of_click_versions() {
        assert_eq!(
            function_names("Gh_Deploy_command"),
            vec!["gh_deploy_command", "gh-deploy-command", "gh-deploy"]
        );
        assert_eq!(function_names("serve"), vec!["serve"]);
    }
}
