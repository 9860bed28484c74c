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
//! names and the `@root.command(...)` / `@root.group(...)` definitions of
//! its module, recursively. Where the source does not tell all the
//! commands (a command added with `add_command`, registered from another
//! module or by a plugin, a custom group class, a name that is not a
//! literal, a help text with a Markdown heading), nothing is read and the
//! page may mint any id, as before. The ids read serve a cross-reference
//! looked up on every page of the site (mkdocs-autorefs): an id that no
//! page's text makes and no block may mint is missing there.

use std::path::{Path, PathBuf};

use urilint_format::python_decorators::{self, Arg, Decorated};

use crate::site::slug::Renderer;

/// The most Python files of a package looked at for commands registered
/// from outside the application's module.
const MAX_PACKAGE_FILES: usize = 2_000;

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

/// The heading texts of the Click command `command` defined in `file`
/// and its subcommands: names and paths (see [`minted`]); `None` when
/// the source does not tell them all.
fn commands(
    file: &Path,
    package: Option<&Path>,
    command: &str,
    prog_name: Option<&str>,
) -> Option<Vec<String>> {
    let src = read(file)?;
    let defs = python_decorators::decorated(&src).ok()?;
    let docstrings = urilint_format::python_docstring::docstrings(&src).ok()?;
    let root = defs
        .iter()
        .find(|d| d.indent == 0 && d.name == command && is_command(d).is_some())?;
    let root_names = match prog_name {
        Some(p) => vec![p.to_string()],
        None => {
            let mut n = own_names(root)?;
            n.push(command.to_string());
            n
        }
    };
    // The root's help is its page's description.
    let root_dec = command_decorator(root)?;
    if !help_is_plain(root_dec.keyword("help")) || !help_is_plain(root_dec.keyword("short_help")) {
        return None;
    }
    let mut texts = root_names.clone();
    // (group function, the paths of its command) to read.
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    if is_command(root)? {
        groups.push((command.to_string(), root_names));
    }
    // The functions whose docstrings are help texts, and the groups.
    let mut functions = vec![root.name.clone()];
    let mut group_functions = Vec::new();
    let mut seen = 0;
    while let Some((group, paths)) = groups.pop() {
        group_functions.push(group.clone());
        seen += 1;
        if seen > 1_000 {
            return None;
        }
        let callees = [format!("{group}.command"), format!("{group}.group")];
        for d in &defs {
            let Some(dec) = d.decorators.iter().find(|x| callees.contains(&x.callee)) else {
                continue;
            };
            if d.indent != 0 || dec.keyword("cls").is_some() {
                return None;
            }
            let names = match dec.positional.first().or(dec.keyword("name")) {
                Some(Arg::Str(n)) => vec![n.clone()],
                Some(Arg::Other) => return None,
                None => function_names(&d.name),
            };
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
            functions.push(d.name.clone());
            if dec.callee.ends_with(".group") {
                groups.push((d.name.clone(), sub_paths));
            }
        }
    }
    // A help text with a Markdown heading mints an id of its own.
    let heading = |text: &[u8]| {
        text.split(|&b| b == b'\n')
            .any(|l| l.trim_ascii_start().first() == Some(&b'#'))
    };
    if docstrings
        .iter()
        .any(|d| functions.contains(&d.object) && heading(&d.text))
    {
        return None;
    }
    // Only a group has commands added to it.
    if !registered_only_here(&src, file, package, &group_functions) {
        return None;
    }
    Some(texts)
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

/// The names the root command `d` may have (its decorator's literal
/// name, else its function's names); `None` when the name is not a
/// literal.
fn own_names(d: &Decorated) -> Option<Vec<String>> {
    let dec = command_decorator(d)?;
    match dec.positional.first().or(dec.keyword("name")) {
        Some(Arg::Str(n)) => Some(vec![n.clone()]),
        Some(Arg::Other) => None,
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
        Some(Arg::Other) => false,
        Some(Arg::Str(s)) => !s.lines().any(|l| l.trim_start().starts_with('#')),
    }
}

/// True when no command is added to the groups `functions` but by the
/// decorators of `file` (`src`): neither its source nor any other file
/// of its `package` calls `add_command`, decorates with one of them from
/// elsewhere, or uses Click's ways of listing commands at run time
/// (`CommandCollection`, `list_commands`, `get_command`, click-plugins'
/// `with_plugins`).
fn registered_only_here(
    src: &[u8],
    file: &Path,
    package: Option<&Path>,
    functions: &[String],
) -> bool {
    const DYNAMIC: &[&[u8]] = &[
        b".add_command(",
        b"CommandCollection",
        b"list_commands",
        b"get_command",
        b"with_plugins",
    ];
    let dynamic = |text: &[u8]| {
        DYNAMIC
            .iter()
            .any(|p| memchr::memmem::find(text, p).is_some())
    };
    if dynamic(src) {
        return false;
    }
    let Some(package) = package else {
        return true;
    };
    let decorates: Vec<Vec<u8>> = functions
        .iter()
        .flat_map(|f| [format!("{f}.command("), format!("{f}.group(")])
        .map(String::into_bytes)
        .collect();
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
            } else if kind.is_file() && p.extension().is_some_and(|e| e == "py") && p != file {
                files += 1;
                if files > MAX_PACKAGE_FILES {
                    return false;
                }
                let Some(text) = read(&p) else {
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
                if dynamic(&text)
                    || decorates
                        .iter()
                        .any(|d| memchr::memmem::find(&text, d).is_some())
                    || (registers && functions.iter().any(|f| imports(f)))
                {
                    return false;
                }
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
fn read(path: &Path) -> Option<Vec<u8>> {
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

    #[test]
    fn function_names_of_click_versions() {
        assert_eq!(
            function_names("Gh_Deploy_command"),
            vec!["gh_deploy_command", "gh-deploy-command", "gh-deploy"]
        );
        assert_eq!(function_names("serve"), vec!["serve"]);
    }
}
