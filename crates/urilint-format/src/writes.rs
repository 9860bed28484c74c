//! What urilint may write into a file: the one policy that every write
//! (a safe fix, an unsafe fix, a rewrite, a suppression marker) asks.
//!
//! urilint writes only where it has read the file's grammar and the place
//! is a URI (or, for a marker, a comment) in that grammar:
//!
//! * **Documents** ([`Writes::Document`]): plain-text prose (`.txt`,
//!   `.text`, and the names projects give their prose, `README`, `NEWS`,
//!   `LICENSE-MIT`, when not scripts), Markdown, reStructuredText, AsciiDoc, HTML
//!   (outside `<script>`, `<style>` and code) and roff. A fix or rewrite
//!   is written where a finding's URI is, through the document's reader:
//!   only over bytes that the reader copied as they are into the text it
//!   scanned, with the new bytes encoded for the place (HTML character
//!   references, Markdown backslash escapes, roff escapes).
//! * **Data** ([`Writes::Data`]): YAML, TOML and JSON. An edit is written
//!   only when it lies inside the bytes of a URI and the file, edited,
//!   parses to the same structure with that format's parser
//!   (`yaml-rust2`, `toml`, `serde_json`), every string equal but for the
//!   URIs edited (`format::structure`, with the `cli` feature); a marker is written only
//!   where the file parses to the same structure with it.
//! * **Report only** ([`Writes::ReportOnly`]): source code, mail, news,
//!   gzip files and any format urilint does not parse. Findings are
//!   reported, with no fix; nothing is written.
//!
//! This module owns that classification ([`writes`]), where in a document
//! a piece of text is ([`place`]) and how new bytes are written there
//! ([`encode`]). It does not own deciding what an edit is (the rules,
//! `crate::lint`; the mappings, `crate::rewrite`), placing it through a
//! document's maps (`crate::fix::place`), nor writing files
//! (`crate::fix::write`).

use std::path::Path;

use super::detect::InputFormat;
use super::SegmentKind;

/// What urilint may write into one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writes {
    /// A document read through its grammar (`format`: text read as prose,
    /// Markdown, reStructuredText, AsciiDoc, HTML or roff): edits at the
    /// URIs of its reported findings, and markers in its comments.
    Document(InputFormat),
    /// A data file: edits inside the bytes of a URI, and markers, only
    /// when the file parses to the same structure afterwards.
    Data(DataFormat),
    /// Nothing is written; findings are reported without fixes.
    ReportOnly(NotWritten),
}

/// A data format whose files are parsed again after an edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFormat {
    /// YAML 1.2 (`.yaml`, `.yml`).
    Yaml,
    /// TOML 1.0 (`.toml`, `Cargo.lock`).
    Toml,
    /// JSON, RFC 8259 (`.json`, `.ipynb`, `.webmanifest`, `.geojson`).
    Json,
}

impl DataFormat {
    /// The format's name, for messages (`"YAML"`).
    pub fn name(self) -> &'static str {
        match self {
            DataFormat::Yaml => "YAML",
            DataFormat::Toml => "TOML",
            DataFormat::Json => "JSON",
        }
    }
}

/// Why a file is only reported on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotWritten {
    /// A mailbox, a message or a news article: never written (a fix of
    /// the raw bytes would cut quoted-printable soft breaks or base64).
    Mail,
    /// A gzip-compressed file.
    Gzip,
    /// Source code in the language named (by the file's extension, name
    /// or `#!` line), whose grammar urilint does not read.
    Code(&'static str),
    /// A file of another kind whose format urilint does not read (named
    /// by its extension): a template, a patch, a CSV table, a gettext
    /// catalogue, a configuration file.
    Other(&'static str),
    /// An XML document (SVG, drawio): read, its references decoded,
    /// never written (a fix would have to encode them again).
    Xml,
    /// A format urilint does not parse (an unknown extension).
    Unknown,
}

impl NotWritten {
    /// Why nothing is written, for messages: `"Python source code, whose
    /// grammar urilint does not read"`.
    pub fn reason(self) -> String {
        match self {
            NotWritten::Mail => "mail or news, which urilint never writes".to_string(),
            NotWritten::Gzip => "gzip-compressed, which urilint never writes".to_string(),
            NotWritten::Xml => {
                "XML (SVG, drawio), which urilint reads but never writes".to_string()
            }
            NotWritten::Code(lang) => {
                format!("{lang} source code, whose grammar urilint does not read")
            }
            NotWritten::Other(kind) => format!("{kind}, whose format urilint does not read"),
            NotWritten::Unknown => {
                "in a format urilint does not parse (only prose, Markdown, reStructuredText, \
                 AsciiDoc, HTML, roff, YAML, TOML and JSON are written)"
                    .to_string()
            }
        }
    }
}

impl Writes {
    /// True when fixes may be written at all (documents and data).
    pub fn writable(self) -> bool {
        !matches!(self, Writes::ReportOnly(_))
    }
}

/// What may be written into the file `path` whose format is `format`
/// (as detected: never [`InputFormat::Auto`]) and whose first bytes are
/// `head` (8 KiB are enough; for a `#!` line). A file read as plain text
/// read from standard input without a name is prose (unless it starts
/// with `#!`); a named one is prose only when its name says so (`.txt`,
/// `.text`, or a name that
/// projects give their prose, `README`, `NEWS`, `LICENSE-MIT`; not with a
/// `#!` line, nor a known build or configuration file name);
/// YAML, TOML and JSON are data; any other extension is code or unknown.
pub fn writes(format: InputFormat, path: &Path, head: &[u8]) -> Writes {
    match format {
        InputFormat::Mbox | InputFormat::Mail => return Writes::ReportOnly(NotWritten::Mail),
        InputFormat::Xml => return Writes::ReportOnly(NotWritten::Xml),
        InputFormat::Markdown
        | InputFormat::Rst
        | InputFormat::Asciidoc
        | InputFormat::Html
        | InputFormat::Roff => return Writes::Document(format),
        InputFormat::Text | InputFormat::Auto => {}
    }
    if super::detect::is_gzip(head) {
        return Writes::ReportOnly(NotWritten::Gzip);
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if path.as_os_str().is_empty() {
        // Standard input without `--stdin-filename`: the text piped in.
        return match shebang(head) {
            Some(lang) => Writes::ReportOnly(NotWritten::Code(lang)),
            None => Writes::Document(InputFormat::Text),
        };
    }
    if let Some(lang) = code_file_name(&name) {
        return Writes::ReportOnly(NotWritten::Code(lang));
    }
    if name == "cargo.lock" || name == "poetry.lock" || name == "pipfile" {
        return Writes::Data(DataFormat::Toml);
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if let Some(lang) = shebang(head) {
        return Writes::ReportOnly(NotWritten::Code(lang));
    }
    match ext.as_deref() {
        Some("txt" | "text") => Writes::Document(InputFormat::Text),
        Some("yaml" | "yml") => Writes::Data(DataFormat::Yaml),
        Some("toml") => Writes::Data(DataFormat::Toml),
        Some("json" | "ipynb" | "webmanifest" | "geojson" | "jsonld") => {
            Writes::Data(DataFormat::Json)
        }
        Some(ext) if language(ext).is_some() || other_kind(ext).is_some() => {
            Writes::ReportOnly(match (language(ext), other_kind(ext)) {
                (Some(lang), _) => NotWritten::Code(lang),
                (None, Some(kind)) => NotWritten::Other(kind),
                (None, None) => NotWritten::Unknown,
            })
        }
        // Without a known extension a file may be anything (`_redirects`,
        // `CNAME`, `Procfile`): prose only by its name.
        _ if prose_name(&name) => Writes::Document(InputFormat::Text),
        _ => Writes::ReportOnly(NotWritten::Unknown),
    }
}

/// Where in a document a piece of text is, as far as writing goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Running text or a comment (plain text, Markdown, reStructuredText,
    /// HTML and roff text, HTML and roff comments): a fix may add or drop
    /// delimiters around a URI (`<...>`, a `URL:` prefix) as well as edit
    /// it.
    Text,
    /// A link's target (a Markdown destination, a URI-valued HTML
    /// attribute, a reStructuredText or roff link): the markup delimits
    /// it, so only the URI's own bytes are edited.
    Link,
    /// Text in a cell of a table whose columns are drawn with characters
    /// (reStructuredText grid and simple tables): only edits that keep
    /// the width in characters, so that the table stays one.
    Cell,
}

/// Where a piece of `kind` is ([`Place`]), `None` where nothing is ever
/// written: mail header fields, code (read only with `--include-code`),
/// front matter (YAML or TOML inside a Markdown document), and XML.
pub fn place(kind: &SegmentKind) -> Option<Place> {
    match kind {
        SegmentKind::Text
        | SegmentKind::MarkdownText
        | SegmentKind::HtmlText
        | SegmentKind::HtmlComment
        | SegmentKind::RstText
        | SegmentKind::RoffText
        | SegmentKind::RoffComment => Some(Place::Text),
        SegmentKind::MarkdownLink(_)
        | SegmentKind::HtmlAttribute { .. }
        | SegmentKind::RstLink(_)
        | SegmentKind::RoffLink(_) => Some(Place::Link),
        SegmentKind::RstCell => Some(Place::Cell),
        SegmentKind::Header(_)
        | SegmentKind::Code(_)
        | SegmentKind::FrontMatter
        | SegmentKind::HtmlFallback(_)
        // XML is never written ([`NotWritten::Xml`]).
        | SegmentKind::XmlText
        | SegmentKind::XmlAttribute { .. } => None,
    }
}

/// `text` (URI bytes, or a delimiter a fix adds) as it is written in a
/// piece of `kind` where the URI was written `raw` (its bytes in the
/// file), so that the document reads it back as `text`: in HTML
/// text and attribute values with `&`, `<`, `>`, `"` and `'` as character
/// references (HTML section 13.1.4); in a Markdown link destination or
/// definition, `&` as `&amp;` and `\`, `(`, `)`, `<`, `>` backslash-escaped
/// (CommonMark sections 2.4, 2.5 and 6.3: they read back the same inside
/// `(...)` and `<...>`); in roff text and link arguments, `\` as `\e`,
/// and `-` as `\-` when the URI was written with `\-` (groff(7): the
/// author's choice of minus signs is kept); elsewhere (comments, Markdown autolinks, text
/// read as its source bytes) as it is. `None` where `text` cannot be
/// written: white space in a link target, `-->` in an HTML comment, `<`
/// or `>` in a Markdown autolink, and pieces [`place`] says are never
/// written.
pub fn encode(kind: &SegmentKind, text: &str, raw: &str) -> Option<String> {
    let place = place(kind)?;
    if place == Place::Link && text.chars().any(char::is_whitespace) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 8);
    match kind {
        SegmentKind::HtmlAttribute { .. } | SegmentKind::HtmlText => {
            for ch in text.chars() {
                match ch {
                    '&' => out.push_str("&amp;"),
                    '<' => out.push_str("&lt;"),
                    '>' => out.push_str("&gt;"),
                    '"' => out.push_str("&quot;"),
                    '\'' => out.push_str("&#39;"),
                    _ => out.push(ch),
                }
            }
        }
        SegmentKind::HtmlComment => {
            if text.contains("--") || text.contains('>') {
                return None;
            }
            out.push_str(text);
        }
        SegmentKind::MarkdownLink("autolink") => {
            if text.contains(['<', '>']) {
                return None;
            }
            out.push_str(text);
        }
        SegmentKind::MarkdownLink(_) => {
            for ch in text.chars() {
                match ch {
                    '&' => out.push_str("&amp;"),
                    '\\' | '(' | ')' | '<' | '>' => {
                        out.push('\\');
                        out.push(ch);
                    }
                    _ => out.push(ch),
                }
            }
        }
        SegmentKind::RoffText | SegmentKind::RoffLink(_) => {
            let minus = raw.contains("\\-");
            for ch in text.chars() {
                match ch {
                    '\\' => out.push_str("\\e"),
                    '-' if minus => out.push_str("\\-"),
                    _ => out.push(ch),
                }
            }
        }
        _ => out.push_str(text),
    }
    Some(out)
}

/// True when the (lowercased) file name is one that projects give their
/// prose: `README`, `NEWS`, `CHANGES`, `AUTHORS`, `INSTALL`, `COPYING`,
/// `LICENSE` and the like, alone or followed by `.`, `-` or `_` and more
/// (`README.Debian`, `LICENSE-MIT`, `NEWS.old`).
fn prose_name(name: &str) -> bool {
    const NAMES: [&str; 22] = [
        "readme",
        "news",
        "changes",
        "changelog",
        "history",
        "authors",
        "contributors",
        "credits",
        "thanks",
        "install",
        "copying",
        "license",
        "licence",
        "notice",
        "todo",
        "hacking",
        "maintainers",
        "contributing",
        "bugs",
        "faq",
        "releasenotes",
        "patents",
    ];
    let stem = name.split(['.', '-', '_']).next().unwrap_or_default();
    NAMES.contains(&stem)
}

/// The language of a file whose whole (lowercased) name marks it as code
/// or configuration read by a program, whatever its extension:
/// `CMakeLists.txt`, `requirements.txt` (pip reads each line), build files.
fn code_file_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "makefile" | "gnumakefile" | "bsdmakefile" => "Makefile",
        "dockerfile" | "containerfile" => "Dockerfile",
        "cmakelists.txt" => "CMake",
        "jenkinsfile" => "Groovy",
        "gemfile" | "rakefile" | "podfile" | "vagrantfile" | "brewfile" => "Ruby",
        "pkgbuild" | "apkbuild" => "shell",
        "justfile" => "just",
        "robots.txt" => "robots.txt",
        _ if name.starts_with("requirements") && name.ends_with(".txt") => "pip requirements",
        _ if name.starts_with("constraints") && name.ends_with(".txt") => "pip constraints",
        _ => return None,
    })
}

/// The language a `#!` first line names (`"shell"`, `"Python"`, ...),
/// `None` without one.
fn shebang(head: &[u8]) -> Option<&'static str> {
    let first = head.strip_prefix(b"#!")?;
    let line = &first[..memchr::memchr(b'\n', first).unwrap_or(first.len())];
    let line = String::from_utf8_lossy(line).to_ascii_lowercase();
    Some(if line.contains("python") {
        "Python"
    } else if line.contains("perl") {
        "Perl"
    } else if line.contains("ruby") {
        "Ruby"
    } else if line.contains("node") {
        "JavaScript"
    } else {
        // sh, bash, zsh, env with anything else: a script of some kind.
        "shell"
    })
}

/// The language of a source or configuration file extension (lowercase),
/// `None` when the extension is not known.
fn language(ext: &str) -> Option<&'static str> {
    Some(match ext {
        "py" | "pyi" | "pyw" | "pyx" => "Python",
        "sh" | "bash" | "zsh" | "ksh" | "fish" | "bats" => "shell",
        "rs" => "Rust",
        "c" | "h" => "C",
        "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" | "ipp" => "C++",
        "js" | "mjs" | "cjs" | "jsx" => "JavaScript",
        "ts" | "tsx" | "mts" | "cts" => "TypeScript",
        "go" => "Go",
        "java" => "Java",
        "kt" | "kts" => "Kotlin",
        "scala" | "sc" => "Scala",
        "swift" => "Swift",
        "m" | "mm" => "Objective-C",
        "cs" => "C#",
        "fs" | "fsx" => "F#",
        "rb" | "rake" | "gemspec" => "Ruby",
        "pl" | "pm" | "t" | "pod" => "Perl",
        "php" => "PHP",
        "lua" => "Lua",
        "r" => "R",
        "jl" => "Julia",
        "hs" | "lhs" => "Haskell",
        "ml" | "mli" => "OCaml",
        "ex" | "exs" => "Elixir",
        "erl" | "hrl" => "Erlang",
        "clj" | "cljs" | "edn" => "Clojure",
        "el" | "lisp" | "scm" | "ss" | "rkt" => "Lisp",
        "dart" => "Dart",
        "zig" => "Zig",
        "nim" => "Nim",
        "groovy" | "gradle" => "Groovy",
        "sql" => "SQL",
        "ps1" | "psm1" => "PowerShell",
        "bat" | "cmd" => "batch",
        "tex" | "sty" | "cls" | "bib" | "ltx" | "dtx" | "ins" => "TeX",
        "css" | "scss" | "sass" | "less" => "CSS",
        "xml" | "xsd" | "xsl" | "xslt" | "svg" | "rss" | "atom" | "plist" | "xhtml" => "XML",
        "proto" => "Protocol Buffers",
        "nix" => "Nix",
        "tf" | "hcl" => "HCL",
        "cmake" => "CMake",
        "mk" | "mak" => "Makefile",
        "vim" => "Vim script",
        "vue" | "svelte" | "astro" => "web component",
        "am" | "ac" | "m4" => "Autotools",
        _ => return None,
    })
}

/// What a file with extension `ext` (lowercase) is, when it is neither
/// prose, data urilint parses, nor source code: `None` when not known.
fn other_kind(ext: &str) -> Option<&'static str> {
    Some(match ext {
        "ini" | "cfg" | "conf" | "properties" | "env" | "desktop" | "service" => {
            "a configuration file"
        }
        "in" => "a template for a generated file",
        "j2" | "jinja" | "jinja2" | "tmpl" | "tpl" | "mustache" | "hbs" | "liquid" | "erb" => {
            "a template"
        }
        "csv" | "tsv" => "a table (CSV)",
        "jsonl" | "ndjson" => "JSON Lines",
        "log" => "a log",
        "diff" | "patch" => "a patch",
        "po" | "pot" => "a gettext catalogue",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(name: &str, head: &str) -> Writes {
        writes(InputFormat::Text, Path::new(name), head.as_bytes())
    }

    #[test]
    fn prose_documents_and_data() {
        assert_eq!(of("notes.txt", ""), Writes::Document(InputFormat::Text));
        assert_eq!(of("README", "Hello"), Writes::Document(InputFormat::Text));
        assert_eq!(of("README.Debian", ""), Writes::Document(InputFormat::Text));
        assert_eq!(of("LICENSE-MIT", ""), Writes::Document(InputFormat::Text));
        // Netlify's `_redirects` (found on vuejs/docs: D006 wrapped its
        // URLs), `CNAME`: no extension, no prose name.
        assert_eq!(
            of("_redirects", "/a https://b/ 301"),
            Writes::ReportOnly(NotWritten::Unknown)
        );
        assert_eq!(
            of("CNAME", "docs.example.org"),
            Writes::ReportOnly(NotWritten::Unknown)
        );
        assert_eq!(
            of("license.py", ""),
            Writes::ReportOnly(NotWritten::Code("Python"))
        );
        assert_eq!(of("mkdocs.yml", ""), Writes::Data(DataFormat::Yaml));
        assert_eq!(of("Cargo.toml", ""), Writes::Data(DataFormat::Toml));
        assert_eq!(of("Cargo.lock", ""), Writes::Data(DataFormat::Toml));
        assert_eq!(of("package.json", ""), Writes::Data(DataFormat::Json));
        for f in [InputFormat::Markdown, InputFormat::Html, InputFormat::Roff] {
            assert_eq!(writes(f, Path::new("x"), b""), Writes::Document(f));
        }
    }

    #[test]
    fn code_mail_and_unknown_are_report_only() {
        assert_eq!(
            of("setup.py", ""),
            Writes::ReportOnly(NotWritten::Code("Python"))
        );
        assert_eq!(
            of("build", "#!/bin/sh\necho"),
            Writes::ReportOnly(NotWritten::Code("shell"))
        );
        assert_eq!(
            of("requirements-dev.txt", ""),
            Writes::ReportOnly(NotWritten::Code("pip requirements"))
        );
        assert_eq!(
            of("CMakeLists.txt", ""),
            Writes::ReportOnly(NotWritten::Code("CMake"))
        );
        assert_eq!(of("x.weird", ""), Writes::ReportOnly(NotWritten::Unknown));
        assert_eq!(
            writes(InputFormat::Mbox, Path::new("a.mbox"), b""),
            Writes::ReportOnly(NotWritten::Mail)
        );
        assert!(!of("a.c", "").writable());
        assert!(NotWritten::Code("Python").reason().contains("Python"));
    }
}
