//! Components an MDX page imports from a file of the repository, read to
//! know whether they can write an id.
//!
//! A component (`<ComparisonTable />`) may render elements with ids that
//! no heading of the page makes, so a page rendering one has anchors not
//! all known ([`crate::format::mdx::component_with_ids`]). When the
//! component is imported from a local file (`import ComparisonTable from
//! '../../app/comparison-table.mdx'`, `import X from './x'`), that file
//! says whether it can: an MDX or Markdown file with no heading, no `id`
//! attribute and no component that can in turn, or a JavaScript or
//! TypeScript module with no `id` key or attribute, no `<h1>`-`<h6>` and
//! no component that can in turn, writes no id (MDX: "Using MDX",
//! components are imported by ESM `import`; Nextra renders an imported
//! MDX file's headings with ids as its own). A component from a package
//! (`@theguild/components`), an alias (`@/components/x`) or a file not
//! found may write any id.

use std::path::{Path, PathBuf};

use crate::format::mdx::components_with_ids;

/// How deep imports of imports are followed.
pub const MAX_DEPTH: usize = 4;

/// The most components of one file looked at; past them, the file is
/// taken as one that may write ids.
pub const MAX_COMPONENTS: usize = 32;

/// The largest component file read, in bytes; a larger one may write ids.
pub const MAX_FILE: u64 = 512 * 1024;

/// The extensions tried, in order, for an import without one (the
/// bundler's resolution: Next.js, Vite and webpack try these).
const EXTENSIONS: &[&str] = &["mdx", "md", "tsx", "ts", "jsx", "js"];

/// The first component of the MDX page `src` (the file `path`) that may
/// write an id: one not imported from a file of the repository that
/// cannot ([`component_with_ids`](crate::format::mdx::component_with_ids)
/// for any component). `None` when every component it renders is known
/// to write none.
pub fn may_write_ids(src: &[u8], path: &Path) -> Option<String> {
    first_writer(src, path, 0)
}

/// [`may_write_ids`] for a file read at `depth` imports from the page.
fn first_writer(src: &[u8], path: &Path, depth: usize) -> Option<String> {
    let names = components_with_ids(src, MAX_COMPONENTS + 1);
    if names.len() > MAX_COMPONENTS {
        return names.into_iter().next();
    }
    let text = String::from_utf8_lossy(src);
    names.into_iter().find(|name| {
        // `Tabs.Tab`: the binding is `Tabs`.
        let binding = name.split('.').next().unwrap_or(name);
        let Some(file) = import_of(&text, binding).and_then(|spec| resolve(path, &spec)) else {
            return true;
        };
        depth >= MAX_DEPTH || writes_ids(&file, depth + 1)
    })
}

/// True when the component file `file` may write an id (see the module
/// documentation).
fn writes_ids(file: &Path, depth: usize) -> bool {
    let too_large = std::fs::metadata(file).map_or(true, |m| m.len() > MAX_FILE);
    if too_large {
        return true;
    }
    let Ok(bytes) = std::fs::read(file) else {
        return true;
    };
    let ext = file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let own = match ext.as_str() {
        "md" | "mdx" => markdown_ids(&bytes),
        "js" | "jsx" | "ts" | "tsx" | "mjs" | "cjs" | "mts" | "cts" => script_ids(&bytes),
        _ => true,
    };
    own || first_writer(&bytes, file, depth).is_some()
}

/// True when the Markdown or MDX text `src` may make an id itself: a
/// heading (an ATX `#` line or a setext underline, outside fenced code),
/// an HTML heading, or an `id` attribute.
fn markdown_ids(src: &[u8]) -> bool {
    if html_ids(src) {
        return true;
    }
    let mut fence: Option<u8> = None;
    let mut previous_text = false;
    for line in src.split(|&b| b == b'\n') {
        let t = line.trim_ascii();
        if super::markdown::fence_line(&mut fence, t) {
            previous_text = false;
            continue;
        }
        if fence.is_some() {
            continue;
        }
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        if indent < 4 && t.starts_with(b"#") {
            let hashes = t.iter().take_while(|&&b| b == b'#').count();
            if hashes <= 6 && t.get(hashes).is_none_or(|b| b.is_ascii_whitespace()) {
                return true;
            }
        }
        let underline =
            !t.is_empty() && (t.iter().all(|&b| b == b'=') || t.iter().all(|&b| b == b'-'));
        if underline && previous_text && indent < 4 {
            return true;
        }
        previous_text = !t.is_empty();
    }
    false
}

/// True when the script `src` may write an id itself: an `id` attribute
/// or key, or an HTML heading element.
fn script_ids(src: &[u8]) -> bool {
    html_ids(src)
        || [b"id:".as_slice(), b"id :", b"\"id\"", b"'id'"]
            .iter()
            .any(|n| memchr::memmem::find(src, n).is_some_and(|_| word_hit(src, n)))
}

/// True when `src` holds an `id=` attribute or an `<h1>`-`<h6>` element.
fn html_ids(src: &[u8]) -> bool {
    let lower = src.to_ascii_lowercase();
    word_hit(&lower, b"id=")
        || word_hit(&lower, b"id =")
        || (b'1'..=b'6').any(|n| memchr::memmem::find(&lower, &[b'<', b'h', n]).is_some())
}

/// True when `needle` occurs in `src` not right after a letter, digit,
/// `_` or `-` (`id=`, not `grid=` or `data-id=`).
fn word_hit(src: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find_iter(src, needle).any(|at| {
        at == 0
            || !src[at - 1].is_ascii_alphanumeric() && !matches!(src[at - 1], b'_' | b'-' | b'$')
    })
}

/// The module specifier an `import` statement of `text` binds `name`
/// from: `import Name from 'x'`, `import { A, Name } from 'x'`, `import
/// { Other as Name } from 'x'`, `import Def, { Name } from 'x'` (ESM
/// import declarations, one a line, as MDX writes them).
fn import_of(text: &str, name: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix("import ")?;
        let (clause, spec) = rest.rsplit_once(" from ")?;
        let binds = clause
            .split([',', '{', '}'])
            .map(|b| b.trim())
            .filter(|b| !b.is_empty())
            .any(|b| b.rsplit(" as ").next().map(str::trim) == Some(name));
        if !binds {
            return None;
        }
        let spec = spec.trim().trim_end_matches(';').trim();
        let unquoted = spec
            .strip_prefix('\'')
            .and_then(|s| s.strip_suffix('\''))
            .or_else(|| spec.strip_prefix('"').and_then(|s| s.strip_suffix('"')))?;
        Some(unquoted.to_string())
    })
}

/// The file a relative module specifier `spec` of the file `from` names:
/// the path as written, or with one of [`EXTENSIONS`], or a directory's
/// `index` with one. `None` for a package or an alias, or no such file.
fn resolve(from: &Path, spec: &str) -> Option<PathBuf> {
    if !(spec.starts_with("./") || spec.starts_with("../")) {
        return None;
    }
    let base = crate::site::lexically_clean(&from.parent()?.join(spec));
    if base.is_file() {
        return Some(base);
    }
    let name = base.file_name()?.to_string_lossy().into_owned();
    EXTENSIONS
        .iter()
        .map(|e| base.with_file_name(format!("{name}.{e}")))
        .chain(EXTENSIONS.iter().map(|e| base.join(format!("index.{e}"))))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p
    }

    /// A local table without headings writes no id; one with a heading,
    /// an `id`, a package's component or a component it imports that
    /// does may.
    #[test]
    fn local_components_read() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = dir.path();
        write(
            d,
            "app/table.mdx",
            "| a | b |\n| :-- | :-- |\n| [x](/y#z) | 1 |\n",
        );
        write(d, "app/heading.mdx", "Intro\n=====\n\ntext\n");
        write(d, "app/hash.md", "```sh\n# a comment\n```\n\n#hashtag\n");
        write(
            d,
            "app/box.tsx",
            "export default function Box() { return <div className=\"b\" /> }\n",
        );
        write(
            d,
            "app/anchor.jsx",
            "export const A = () => <span id=\"here\" />;\n",
        );
        write(
            d,
            "app/nested.mdx",
            "import Box from './box'\n\n<Box />\n<Pkg />\n",
        );
        let page = |imports: &str, uses: &str| {
            let p = write(d, "docs/page.mdx", &format!("{imports}\n\n# T\n\n{uses}\n"));
            let src = std::fs::read(&p).unwrap_or_else(|e| panic!("{e}"));
            may_write_ids(&src, &p)
        };
        assert_eq!(page("import T from '../app/table.mdx'", "<T />"), None);
        assert_eq!(page("import { Box } from '../app/box'", "<Box/>"), None);
        assert_eq!(page("import H from '../app/hash.md'", "<H/>"), None);
        assert_eq!(
            page("import H from '../app/heading.mdx'", "<H />").as_deref(),
            Some("H")
        );
        assert_eq!(
            page("import { A } from '../app/anchor'", "<A />").as_deref(),
            Some("A")
        );
        assert_eq!(
            page("import N from '../app/nested.mdx'", "<N />").as_deref(),
            Some("N")
        );
        assert_eq!(
            page("import { X } from '@theguild/components'", "<X />").as_deref(),
            Some("X")
        );
        assert_eq!(
            page("import X from '@/components/x'", "<X />").as_deref(),
            Some("X")
        );
        assert_eq!(page("", "<Gone />").as_deref(), Some("Gone"));
    }

    #[test]
    fn import_bindings() {
        let text = "import A from './a'\nimport B, { C, D as E } from \"./b\";\n";
        assert_eq!(import_of(text, "A").as_deref(), Some("./a"));
        assert_eq!(import_of(text, "B").as_deref(), Some("./b"));
        assert_eq!(import_of(text, "C").as_deref(), Some("./b"));
        assert_eq!(import_of(text, "E").as_deref(), Some("./b"));
        assert_eq!(import_of(text, "D"), None);
    }
}
