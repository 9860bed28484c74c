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
    /// Anything else (a name, a call, an f-string, `+`).
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
            vec![Arg::Other, s("-V"), s("--version")]
        );
        assert_eq!(d[0].decorators[2].callee, "common_options");
        assert!(!d[0].decorators[2].called);
        assert_eq!(d[1].name, "gh_deploy_command");
        assert_eq!(d[1].decorators[0].callee, "cli.command");
        assert_eq!(d[1].decorators[0].keyword("name"), Some(&s("gh-deploy")));
        assert_eq!(d[1].decorators[1].keyword("help"), Some(&Arg::Other));
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
                Arg::Other
            ]
        );
        assert_eq!(d[0].decorators[0].keyword("name"), Some(&s("n")));
        let src = b"@a.b('\\x41', 'a\\\\b\\'c')\ndef f(): pass\n";
        let d = decorated(src).unwrap();
        assert_eq!(d[0].decorators[0].positional, vec![Arg::Other, s("a\\b'c")]);
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
