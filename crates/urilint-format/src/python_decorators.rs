//! Python source files (`.py`): the decorators of each `def` and `class`
//! as written (`@cli.command(name="build")` above `def build_command`),
//! read with the lexer of [`crate::python_docstring`] (comments dropped,
//! lines joined inside brackets), without running anything.
//!
//! What a documentation plugin that renders a Click application reads
//! from it is urilint's `links::anchors::mkdocs_click`; this module only
//! gives the decorators, their callees and their literal arguments (The
//! Python Language Reference, "Function definitions": a decorator is
//! `@` and an expression on its own line before the definition).

use crate::python_docstring::{header, logical_lines, PythonError, Tok, MAX_BYTES};

/// A literal argument of a decorator call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Plain string literals (no `f`, `b` or `t` prefix; escapes only of
    /// `\n`, `\t`, `\r`, `\\`, quotes and line ends), one or several side
    /// by side, in parentheses or not: their text.
    Str(String),
    /// A name, or a dotted one (`build`, `commands.build`), as written.
    Name(String),
    /// Anything else (a call, an f-string, `+`, a number).
    Other,
}

/// One decorator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decorator {
    /// The dotted name called or applied (`click.group`, `cli.command`,
    /// `common_options`); empty when the expression is not a dotted name
    /// (PEP 614's `@buttons[0].clicked.connect`).
    pub callee: String,
    /// True when it is called (`@x.command()`, `@x.command(name="y")`).
    pub called: bool,
    /// Its positional arguments, in order.
    pub positional: Vec<Arg>,
    /// Its keyword arguments (`name="build"`), in order; `**kwargs` is
    /// given as the keyword `**`.
    pub keywords: Vec<(String, Arg)>,
}

impl Decorator {
    /// The keyword argument `name`, when given.
    pub fn keyword(&self, name: &str) -> Option<&Arg> {
        self.keywords
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, a)| a)
    }
}

/// A `def` or `class` with its decorators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decorated {
    /// Its name.
    pub name: String,
    /// The column of its header (0: the module's top level).
    pub indent: usize,
    /// True for a function (`def`, `async def`).
    pub function: bool,
    /// Its decorators, top to bottom.
    pub decorators: Vec<Decorator>,
}

/// Every `def` and `class` of the Python source `src` that has at least
/// one decorator, in file order, at any depth.
///
/// # Errors
/// [`PythonError`] when the file is larger than [`MAX_BYTES`] or the
/// lexer cannot read it to its end.
pub fn decorated(src: &[u8]) -> Result<Vec<Decorated>, PythonError> {
    if src.len() > MAX_BYTES {
        return Err(PythonError::TooLarge);
    }
    let lines = logical_lines(src)?;
    let mut out = Vec::new();
    let mut pending: Vec<Decorator> = Vec::new();
    let mut pending_indent = 0;
    for line in &lines {
        if let Some(Tok::Other(b'@', 0)) = line.tokens.first() {
            if pending.is_empty() || line.indent != pending_indent {
                pending.clear();
                pending_indent = line.indent;
            }
            pending.push(decorator(src, &line.tokens[1..]));
            continue;
        }
        if let Some((function, name, _)) = header(src, &line.tokens) {
            if !pending.is_empty() && line.indent == pending_indent {
                out.push(Decorated {
                    name,
                    indent: line.indent,
                    function,
                    decorators: std::mem::take(&mut pending),
                });
            }
        }
        pending.clear();
    }
    Ok(out)
}

/// Each statement of the Python source `src` at the top level of its
/// module (column 0) that is a call of a method named `method` on a
/// dotted name and nothing else (`cli.add_command(build, name="b")`),
/// in file order, as a [`Decorator`] (its callee `cli.add_command`).
/// A call inside a function, a class or a block, one whose value is
/// used (`x = cli.add_command(y)`), or one beside another statement on
/// its line (`;`) is not given.
///
/// # Errors
/// As [`decorated`].
pub fn method_calls(src: &[u8], method: &str) -> Result<Vec<Decorator>, PythonError> {
    if src.len() > MAX_BYTES {
        return Err(PythonError::TooLarge);
    }
    let lines = logical_lines(src)?;
    let mut out = Vec::new();
    for line in lines.iter().filter(|l| l.indent == 0) {
        let Some(Tok::Name(_)) = line.tokens.first() else {
            continue;
        };
        // The call ends the statement: its `)` at depth 1 is the last token.
        let close = line
            .tokens
            .iter()
            .position(|t| matches!(t, Tok::Other(b')', 1)));
        if close.is_none_or(|c| c + 1 != line.tokens.len()) {
            continue;
        }
        let call = decorator(src, &line.tokens);
        let named = call
            .callee
            .rsplit_once('.')
            .is_some_and(|(_, last)| last == method);
        if call.called && named {
            out.push(call);
        }
    }
    Ok(out)
}

/// A `from` import at the top level of a module (The Python Language
/// Reference, "The import statement"): `from ..pkg.mod import a, b as c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// Leading dots: 0 for an absolute import, 1 for `.`, 2 for `..`.
    pub level: usize,
    /// The module's dotted name after the dots (`pkg.mod`; empty for
    /// `from . import x`).
    pub module: String,
    /// Each name imported and the name it is bound to (`("b", "c")` for
    /// `b as c`); a `*` import is `("*", "*")`.
    pub names: Vec<(String, String)>,
}

/// Every `from ... import ...` statement at the top level (column 0) of
/// the Python source `src`, in file order (parentheses and line
/// continuations allowed).
///
/// # Errors
/// As [`decorated`].
pub fn from_imports(src: &[u8]) -> Result<Vec<Import>, PythonError> {
    if src.len() > MAX_BYTES {
        return Err(PythonError::TooLarge);
    }
    let lines = logical_lines(src)?;
    let text = |r: &std::ops::Range<usize>| {
        String::from_utf8_lossy(src.get(r.clone()).unwrap_or_default()).into_owned()
    };
    let mut out = Vec::new();
    for line in lines.iter().filter(|l| l.indent == 0) {
        let t = &line.tokens;
        let word = |k: usize| match t.get(k) {
            Some(Tok::Name(r)) => Some(text(r)),
            _ => None,
        };
        if word(0).as_deref() != Some("from") {
            continue;
        }
        let mut k = 1;
        let mut level = 0;
        while let Some(Tok::Other(b'.', _)) = t.get(k) {
            level += 1;
            k += 1;
        }
        let mut module = String::new();
        while let Some(w) = word(k).filter(|w| w != "import") {
            module.push_str(&w);
            k += 1;
            if let Some(Tok::Other(b'.', _)) = t.get(k) {
                module.push('.');
                k += 1;
            }
        }
        if word(k).as_deref() != Some("import") {
            continue;
        }
        k += 1;
        let mut names = Vec::new();
        let mut ok = true;
        let rest: Vec<&Tok> = t[k..]
            .iter()
            .filter(|t| !matches!(t, Tok::Other(b'(' | b')', _)))
            .collect();
        for item in rest.split(|t| matches!(t, Tok::Other(b',', _))) {
            let w = |t: &&Tok| match t {
                Tok::Name(r) => Some(text(r)),
                _ => None,
            };
            match item {
                [] => {}
                [Tok::Other(b'*', _)] => names.push(("*".to_string(), "*".to_string())),
                [n] => match w(n) {
                    Some(n) => names.push((n.clone(), n)),
                    None => ok = false,
                },
                [n, a, b] if w(a).as_deref() == Some("as") => match (w(n), w(b)) {
                    (Some(n), Some(b)) => names.push((n, b)),
                    _ => ok = false,
                },
                _ => ok = false,
            }
        }
        if ok {
            out.push(Import {
                level,
                module,
                names,
            });
        }
    }
    Ok(out)
}

/// The decorator whose expression is `tokens` (after the `@`).
fn decorator(src: &[u8], tokens: &[Tok]) -> Decorator {
    let text = |r: &std::ops::Range<usize>| {
        String::from_utf8_lossy(src.get(r.clone()).unwrap_or_default()).into_owned()
    };
    let mut callee = String::new();
    let mut k = 0;
    loop {
        match tokens.get(k) {
            Some(Tok::Name(r)) => callee.push_str(&text(r)),
            _ => {
                callee.clear();
                break;
            }
        }
        k += 1;
        match tokens.get(k) {
            Some(Tok::Other(b'.', 0)) => {
                callee.push('.');
                k += 1;
            }
            _ => break,
        }
    }
    let mut d = Decorator {
        callee,
        called: false,
        positional: Vec::new(),
        keywords: Vec::new(),
    };
    if d.callee.is_empty() || !matches!(tokens.get(k), Some(Tok::Other(b'(', 0))) {
        return d;
    }
    d.called = true;
    // The arguments: the tokens at depth 1 up to the closing `)`, split
    // at the commas of that depth.
    let mut args: Vec<Vec<&Tok>> = vec![Vec::new()];
    for t in &tokens[k + 1..] {
        match t {
            Tok::Other(b')', 1) => break,
            Tok::Other(b',', 1) => args.push(Vec::new()),
            t => {
                if let Some(last) = args.last_mut() {
                    last.push(t);
                }
            }
        }
    }
    for arg in args.into_iter().filter(|a| !a.is_empty()) {
        match arg.as_slice() {
            [Tok::Other(b'*', 1), Tok::Other(b'*', 1), ..] => {
                d.keywords.push(("**".to_string(), Arg::Other));
            }
            [Tok::Name(r), Tok::Other(b'=', 1), value @ ..]
                if !matches!(value.first(), Some(Tok::Other(b'=', _))) =>
            {
                d.keywords.push((text(r), literal(src, value)));
            }
            value => d.positional.push(literal(src, value)),
        }
    }
    d
}

/// The argument `value` (its tokens) as an [`Arg`]: one plain string
/// literal, or several side by side (Python joins them), in parentheses
/// or not (`help=("one " "two")`).
fn literal(src: &[u8], value: &[&Tok]) -> Arg {
    let inner = match value {
        [Tok::Other(b'(', _), inner @ .., Tok::Other(b')', _)] => inner,
        _ => value,
    };
    if inner.is_empty() {
        return Arg::Other;
    }
    // A name, or names joined by dots.
    let mut dotted = String::new();
    for (k, t) in inner.iter().enumerate() {
        match (k % 2, t) {
            (0, Tok::Name(r)) => dotted.push_str(&String::from_utf8_lossy(
                src.get(r.clone()).unwrap_or_default(),
            )),
            (1, Tok::Other(b'.', _)) => dotted.push('.'),
            _ => {
                dotted.clear();
                break;
            }
        }
    }
    if !dotted.is_empty() && !dotted.ends_with('.') {
        return Arg::Name(dotted);
    }
    let mut text = String::new();
    for t in inner {
        let Tok::Str { prefix, body, .. } = t else {
            return Arg::Other;
        };
        let Some(bytes) = src.get(body.clone()) else {
            return Arg::Other;
        };
        if prefix.contains(['f', 'b', 't']) {
            return Arg::Other;
        }
        let Ok(s) = std::str::from_utf8(bytes) else {
            return Arg::Other;
        };
        if prefix.contains('r') {
            text.push_str(s);
        } else if !unescape(s, &mut text) {
            return Arg::Other;
        }
    }
    Arg::Str(text)
}

/// Appends the text of the body `s` of a literal that is not raw to
/// `out`, its simple escapes made what they stand for (`\n`, `\t`, `\r`,
/// `\\`, `\'`, `\"`, a backslash at a line's end); false for any other
/// escape (`\x41`, `\u00e9`, `\N{...}`, octal), whose text is not read.
fn unescape(s: &str, out: &mut String) -> bool {
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(c @ ('\\' | '\'' | '"')) => out.push(c),
            Some('\n') => {}
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Arg {
        Arg::Str(x.to_string())
    }

    #[test]
    fn decorators_of_a_click_application() {
        // As mkdocs/mkdocs's `mkdocs/__main__.py` writes them (shortened).
        let src = br#"
import click

@click.group(context_settings=dict(help_option_names=['-h', '--help'], max_content_width=120))
@click.version_option(
    __version__,
    '-V',  # a comment
    '--version',
)
@common_options
def cli():
    """MkDocs - Project documentation with Markdown."""


@cli.command(name="gh-deploy")
@click.option('-c', '--clean/--dirty', is_flag=True, default=True, help=clean_help)
def gh_deploy_command(**kwargs):
    pass

class Plain:
    @property
    def x(self):
        return 1

@cli.group("sub", **extra)
async def sub_group():
    pass
"#;
        let d = decorated(src).unwrap();
        assert_eq!(d.len(), 4);
        assert_eq!(
            (d[0].name.as_str(), d[0].indent, d[0].function),
            ("cli", 0, true)
        );
        assert_eq!(d[0].decorators.len(), 3);
        assert_eq!(d[0].decorators[0].callee, "click.group");
        assert!(d[0].decorators[0].keyword("context_settings") == Some(&Arg::Other));
        assert_eq!(
            d[0].decorators[1].positional,
            vec![Arg::Name("__version__".into()), s("-V"), s("--version")]
        );
        assert_eq!(d[0].decorators[2].callee, "common_options");
        assert!(!d[0].decorators[2].called);
        assert_eq!(d[1].name, "gh_deploy_command");
        assert_eq!(d[1].decorators[0].callee, "cli.command");
        assert_eq!(d[1].decorators[0].keyword("name"), Some(&s("gh-deploy")));
        assert_eq!(
            d[1].decorators[1].keyword("help"),
            Some(&Arg::Name("clean_help".into()))
        );
        assert_eq!((d[2].name.as_str(), d[2].indent), ("x", 4));
        assert_eq!(d[3].name, "sub_group");
        assert_eq!(d[3].decorators[0].positional, vec![s("sub")]);
        assert_eq!(
            d[3].decorators[0].keywords,
            vec![("**".to_string(), Arg::Other)]
        );
    }

    #[test]
    fn literals_that_are_not_plain_text_are_other() {
        let src = b"@a.b(f\"x{y}\", b'z', 'p' 'q', r'\\d', 'e\\n', ('one ' \"two\"), (x), name=\"n\")\ndef f(): pass\n";
        let d = decorated(src).unwrap();
        assert_eq!(
            d[0].decorators[0].positional,
            vec![
                Arg::Other,
                Arg::Other,
                s("pq"),
                s("\\d"),
                s("e\n"),
                s("one two"),
                Arg::Name("x".into())
            ]
        );
        assert_eq!(d[0].decorators[0].keyword("name"), Some(&s("n")));
        let src = b"@a.b('\\x41', 'a\\\\b\\'c')\ndef f(): pass\n";
        let d = decorated(src).unwrap();
        assert_eq!(d[0].decorators[0].positional, vec![Arg::Other, s("a\\b'c")]);
    }

    /// The registrations of d-init-d/d-skill-forge's `cli/main.py`
    /// (shortened): `add_command` at the top level, not in a function nor
    /// used as a value; names, dotted names and literals as arguments.
    #[test]
    fn method_calls_at_the_top_level() {
        let src = br#"
import click
from .commands import build, deploy as deploy_cmd

@click.group()
def cli():
    pass

cli.add_command(build)
cli.add_command(deploy_cmd, name="deploy")
cli.add_command(
    tools.lint,  # a comment
    "lint",
)
x = cli.add_command(y)
cli.add_command(z); other()
def later():
    cli.add_command(w)
cli.add_command(make())
"#;
        let calls = method_calls(src, "add_command").unwrap();
        let got: Vec<(&str, &[Arg], Option<&Arg>)> = calls
            .iter()
            .map(|c| {
                (
                    c.callee.as_str(),
                    c.positional.as_slice(),
                    c.keyword("name"),
                )
            })
            .collect();
        let name = |n: &str| Arg::Name(n.to_string());
        assert_eq!(
            got,
            vec![
                ("cli.add_command", &[name("build")][..], None),
                (
                    "cli.add_command",
                    &[name("deploy_cmd")][..],
                    Some(&s("deploy"))
                ),
                (
                    "cli.add_command",
                    &[name("tools.lint"), s("lint")][..],
                    None
                ),
                ("cli.add_command", &[Arg::Other][..], None),
            ]
        );
        assert!(method_calls(b"cli.add_command(x)\n", "command")
            .unwrap()
            .is_empty());
    }

    #[test]
    fn from_imports_at_the_top_level() {
        let src = b"import os\nfrom . import a\nfrom ..pkg.mod import (b,\n    c as d,\n)\nfrom x import *\nif y:\n    from z import w\nfrom q import r as\n";
        let got = from_imports(src).unwrap();
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            got,
            vec![
                Import {
                    level: 1,
                    module: String::new(),
                    names: pairs(&[("a", "a")]),
                },
                Import {
                    level: 2,
                    module: "pkg.mod".into(),
                    names: pairs(&[("b", "b"), ("c", "d")]),
                },
                Import {
                    level: 0,
                    module: "x".into(),
                    names: pairs(&[("*", "*")]),
                },
            ]
        );
    }

    #[test]
    fn a_decorator_not_followed_by_a_definition_is_dropped() {
        let src = b"@x\ny = 1\ndef f(): pass\n@[1][0]\ndef g(): pass\n";
        let d = decorated(src).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].name, "g");
        assert_eq!(d[0].decorators[0].callee, "");
    }

    #[test]
    fn an_unreadable_file_is_an_error() {
        assert!(decorated(b"@x(\"\"\"open\ndef f(): pass\n").is_err());
        assert_eq!(
            decorated(&vec![b'#'; MAX_BYTES + 1]),
            Err(PythonError::TooLarge)
        );
    }
}
