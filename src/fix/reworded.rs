//! The new id of a heading reworded since a revision: the safe fix of an
//! `L002` link whose fragment was a heading's id at the revision
//! (`check --since REF --fix`, issue 51).
//!
//! This module owns deciding, from a page's text at the revision and now,
//! whether the heading a fragment named is certainly the same heading
//! under a new text, and its id now ([`new_id`]). Certain means: the page
//! has the same headings, in the same order, at the same levels, and one
//! heading's text differs; the id the renderer minted at the revision
//! for one of them is the fragment. The ids are minted by the same
//! slugger as the page's generator (`crate::links::anchors`, with its
//! duplicate counters: a reworded heading that now repeats another gets
//! the counter the renderer gives it), so the heading after it whose
//! counter moved is followed too. It does not own reading git (the
//! caller: [`crate::since::Since::text_at_revision`]) nor the link's edit.

use crate::format::detect::InputFormat;
use crate::links::anchors;
use crate::site::slug::Renderer;

/// A fragment followed to its heading's new id ([`new_id`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reworded {
    /// The id the heading has now (as minted, not percent-encoded).
    pub id: String,
    /// True when the heading the fragment named is the one reworded;
    /// false when another was, and this one's duplicate counter moved
    /// (`#setup-1` now `#setup`).
    pub reworded: bool,
}

/// One heading: its id, the source text that makes it (the heading's
/// line, or a setext heading's text lines), and what gives its level.
#[derive(Debug, PartialEq, Eq)]
struct Heading {
    id: String,
    text: String,
    level: String,
}

/// The id the heading named by `fragment` (percent-decoded) in the page
/// `old` (its text at the revision) has in `new` (its text now), both of
/// `format` (Markdown, reStructuredText, AsciiDoc) with ids minted by
/// `renderer`: `Some` only when the two texts have the same headings in
/// the same order and at the same levels but for some whose text differs
/// at its place (no reworded heading's old text is another heading's
/// now), the fragment was the id of one of them at the revision, and its
/// id now differs. `None` when the match is not certain (headings added,
/// removed, reordered, moved to another level), the
/// fragment named no heading, or the format has no headings of its own
/// (HTML: ids are written, not minted).
pub fn new_id(
    old: &[u8],
    new: &[u8],
    format: InputFormat,
    renderer: Renderer,
    fragment: &str,
) -> Option<Reworded> {
    let before = headings(old, format, renderer)?;
    let after = headings(new, format, renderer)?;
    if before.len() != after.len() || before.is_empty() {
        return None;
    }
    if before.iter().zip(&after).any(|(b, a)| b.level != a.level) {
        return None;
    }
    let changed: Vec<usize> = before
        .iter()
        .zip(&after)
        .enumerate()
        .filter(|(_, (b, a))| b.text != a.text)
        .map(|(i, _)| i)
        .collect();
    if changed.is_empty() {
        return None;
    }
    // Several headings reworded at their places, not moved: no changed
    // heading's old text is the text of another heading now, and no new
    // text was another's at the revision (two headings swapped are a
    // move; nomicon and create-react-app pages with two rewordings were
    // left broken, issue 51's measurement). One change alone is no move.
    let moved = changed.len() > 1
        && changed.iter().any(|&i| {
            after
                .iter()
                .enumerate()
                .any(|(j, a)| j != i && a.text == before[i].text)
                || before
                    .iter()
                    .enumerate()
                    .any(|(j, b)| j != i && b.text == after[i].text)
        });
    // Several changed: each must still share a word with what it was
    // (`## Install`, `## Deploy` replaced by `## FAQ`, `## Changelog` is
    // new sections, not rewordings; found in review of issue 51).
    let rewritten = changed.len() > 1
        && changed
            .iter()
            .any(|&i| !shares_a_word(&before[i].text, &after[i].text));
    if moved || rewritten {
        return None;
    }
    let same = |id: &str| {
        id == fragment
            || (renderer.case_insensitive() && id.to_lowercase() == fragment.to_lowercase())
    };
    let named = before.iter().position(|h| same(&h.id))?;
    let id = after.get(named)?.id.clone();
    if id.is_empty() || same(&id) {
        return None;
    }
    Some(Reworded {
        id,
        reworded: changed.contains(&named),
    })
}

/// True when `a` and `b` have a word of four characters or more in
/// common (letters or digits, compared in lower case; a heading's markup
/// and short words such as `the` are none), or two words that begin alike
/// for four characters or more (`State`, `States`; `Configure`,
/// `Configuration`), or when the words of one, short ones too, run
/// whole inside the other (`### url` made `### url notes`, `## nav`
/// made `## The nav`: three-letter names that share no longer word;
/// issue 51's rewordings of MkDocs' `dev-guide/themes.md` applied at
/// once).
fn shares_a_word(a: &str, b: &str) -> bool {
    let all = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (sa, sb) = (all(a), all(b));
    let runs_inside = |big: &[String], small: &[String]| {
        !small.is_empty() && big.windows(small.len()).any(|w| w == small)
    };
    if runs_inside(&sa, &sb) || runs_inside(&sb, &sa) {
        return true;
    }
    let words = |t: &str| -> Vec<Vec<char>> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() >= 4)
            .map(|w| w.to_lowercase().chars().collect())
            .collect()
    };
    let (wa, wb) = (words(a), words(b));
    wa.iter().any(|x| {
        wb.iter().any(|y| {
            let common = x.iter().zip(y).take_while(|(p, q)| p == q).count();
            common >= 4
        })
    })
}

/// True when `fragment` (percent-decoded) was the id of one of the
/// headings of `old` (a page's text at a revision, of `format`, ids by
/// `renderer`): a link to it broke since, when the page no longer has it
/// (`--since` reports such a link even where [`new_id`] is not certain of
/// a fix). Headings an included file brought are not read.
pub fn had_id(old: &[u8], format: InputFormat, renderer: Renderer, fragment: &str) -> bool {
    headings(old, format, renderer).is_some_and(|hs| {
        hs.iter().any(|h| {
            h.id == fragment
                || (renderer.case_insensitive() && h.id.to_lowercase() == fragment.to_lowercase())
        })
    })
}

/// The ids of the headings of `old` (a page's text at a revision, of
/// `format`, ids by `renderer`), in document order, as [`had_id`] reads
/// them; empty for a format whose headings make no ids.
pub fn heading_ids(old: &[u8], format: InputFormat, renderer: Renderer) -> Vec<String> {
    headings(old, format, renderer)
        .map(|hs| hs.into_iter().map(|h| h.id).collect())
        .unwrap_or_default()
}

/// The headings of `src` in document order, with the ids `renderer`
/// mints (as `crate::links::anchors` reads them for `L002`); `None` for a
/// format whose headings make no ids, or a heading whose level cannot be
/// read.
fn headings(src: &[u8], format: InputFormat, renderer: Renderer) -> Option<Vec<Heading>> {
    let text = String::from_utf8_lossy(src);
    match format {
        InputFormat::Markdown => anchors::markdown_heading_ids_at(src, renderer)
            .into_iter()
            .map(|(id, at)| {
                let (text, level) = markdown_heading(src, at)?;
                Some(Heading { id, text, level })
            })
            .collect(),
        InputFormat::Rst => {
            let lines: Vec<&str> = text.lines().collect();
            anchors::rst_section_ids_at(src, renderer)
                .into_iter()
                .map(|(id, line)| {
                    let title = lines.get(line)?.trim();
                    let under = lines.get(line + 1)?.trim_end();
                    let over = line
                        .checked_sub(1)
                        .and_then(|l| lines.get(l))
                        .map(|l| l.trim_end())
                        .filter(|o| adornment(o).is_some() && adornment(o) == adornment(under));
                    let level = format!("{}{}", over.is_some(), adornment(under)?);
                    Some(Heading {
                        id,
                        text: title.to_string(),
                        level,
                    })
                })
                .collect()
        }
        InputFormat::Asciidoc => {
            let lines: Vec<&str> = text.lines().collect();
            anchors::asciidoc_section_ids_at(src, renderer)
                .into_iter()
                .map(|(id, line)| {
                    let title = lines.get(line)?.trim_end();
                    let marks = title
                        .bytes()
                        .take_while(|b| *b == b'=' || *b == b'#')
                        .count();
                    (marks > 0).then(|| Heading {
                        id,
                        text: title.to_string(),
                        level: title[..marks].to_string(),
                    })
                })
                .collect()
        }
        _ => None,
    }
}

/// The source text and level of the Markdown heading whose first byte is
/// `at` in `src`: an ATX heading's line and its number of `#`; a setext
/// heading's text lines and its underline's character (`=` level 1, `-`
/// level 2; CommonMark 0.31 sections 4.2 and 4.3). `None` when neither
/// is there.
fn markdown_heading(src: &[u8], at: usize) -> Option<(String, String)> {
    let rest = String::from_utf8_lossy(src.get(at..)?);
    let mut lines = rest.lines();
    let first = lines.next()?;
    let trimmed = first.trim_start_matches(' ');
    let hashes = trimmed.bytes().take_while(|b| *b == b'#').count();
    if hashes > 0 {
        return Some((first.trim_end().to_string(), "#".repeat(hashes)));
    }
    let mut text = first.trim().to_string();
    // A setext heading's text runs until its underline (a paragraph's
    // lines; a few are enough).
    for line in lines.take(16) {
        let l = line.trim();
        if !l.is_empty() && (l.bytes().all(|b| b == b'=') || l.bytes().all(|b| b == b'-')) {
            return Some((text, l[..1].to_string()));
        }
        text.push('\n');
        text.push_str(l);
    }
    None
}

/// The character of a reStructuredText adornment line (a line of one
/// repeated punctuation character; docutils "Sections"), `None` for
/// another line.
fn adornment(line: &str) -> Option<char> {
    let first = line.chars().next()?;
    (first.is_ascii_punctuation() && line.chars().all(|c| c == first)).then_some(first)
}

/// `id` written as a URI fragment: ASCII characters that RFC 3986 section
/// 3.5 does not allow in one (and `%`) percent-encoded; other characters
/// kept as they are (an IRI's, RFC 3987), unless `encode_non_ascii` (the
/// link wrote its fragment percent-encoded), then UTF-8 percent-encoded.
pub fn as_fragment(id: &str, encode_non_ascii: bool) -> String {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        let allowed = c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/?".contains(c);
        if allowed || (!c.is_ascii() && !encode_non_ascii) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(old: &str, new: &str, renderer: Renderer, fragment: &str) -> Option<Reworded> {
        new_id(
            old.as_bytes(),
            new.as_bytes(),
            InputFormat::Markdown,
            renderer,
            fragment,
        )
    }

    fn reworded(id: &str) -> Option<Reworded> {
        Some(Reworded {
            id: id.to_string(),
            reworded: true,
        })
    }

    #[test]
    fn one_heading_reworded_gets_its_new_id() {
        let old = "# Glossary\n\n## State\n\n## Action\n\n## Reducer\n";
        let new = "# Glossary\n\n## State\n\n## Actions\n\n## Reducer\n";
        assert_eq!(
            md(old, new, Renderer::Docusaurus, "action"),
            reworded("actions")
        );
        // A fragment of a heading not reworded is not broken: no answer.
        assert_eq!(md(old, new, Renderer::Docusaurus, "state"), None);
        // Setext headings, and GitHub's case-insensitive match.
        let old = "Intro\n=====\n\nGetting started\n---------------\n";
        let new = "Intro\n=====\n\nFirst steps\n-----------\n";
        assert_eq!(
            md(old, new, Renderer::Github, "Getting-Started"),
            reworded("first-steps")
        );
    }

    #[test]
    fn duplicate_counters_as_the_renderer_gives_them() {
        // github-slugger (Docusaurus): `-1`.
        let old = "## State\n\n## Action\n\n## Reducer\n";
        let new = "## State\n\n## Action\n\n## State\n";
        assert_eq!(
            md(old, new, Renderer::Docusaurus, "reducer"),
            reworded("state-1")
        );
        // Python-Markdown's toc (MkDocs): `_1`.
        let old = "# Configuration\n\n## Project information\n\n### site_name\n";
        let new = "# Configuration\n\n## Project information\n\n### Project information\n";
        assert_eq!(
            md(old, new, Renderer::PythonMarkdown, "site_name"),
            reworded("project-information_1")
        );
        // The first of two repeats reworded: the second's counter goes,
        // and a link to it follows.
        let old = "## Setup\n\n## Setup\n";
        let new = "## Install\n\n## Setup\n";
        assert_eq!(
            md(old, new, Renderer::Github, "setup-1"),
            Some(Reworded {
                id: "setup".into(),
                reworded: false
            })
        );
    }

    #[test]
    fn no_answer_when_the_match_is_not_certain() {
        let old = "## State\n\n## Action\n\n## Reducer\n";
        // A heading added, one removed, two swapped, a level changed, two
        // swapped and one of them reworded.
        for new in [
            "## State\n\n## Actions\n\n## Reducer\n\n## Store\n",
            "## State\n\n## Actions\n",
            "## State\n\n## Reducer\n\n## Action\n",
            "## State\n\n### Actions\n\n## Reducer\n",
            "## Action\n\n## States\n\n## Reducer\n",
        ] {
            assert_eq!(md(old, new, Renderer::Github, "action"), None, "{new}");
        }
        // Two reworded at their places: each link follows its heading
        // (issue 51's measurement: nomicon, create-react-app).
        // Sections replaced, not reworded: no fix by position.
        let replaced = "## Troubleshooting\n\n## FAQ\n\n## Reducer\n";
        assert_eq!(md(old, replaced, Renderer::Github, "action"), None);
        // Sharing only a short word (`the`) is no rewording either.
        let page = "## Install the app\n\n## Configure the server\n";
        let other = "## Remove the cache\n\n## Delete the logs\n";
        assert_eq!(md(page, other, Renderer::Github, "install-the-app"), None);
        let two = "## States\n\n## Actions\n\n## Reducer\n";
        assert_eq!(
            md(old, two, Renderer::Github, "action"),
            reworded("actions")
        );
        assert_eq!(md(old, two, Renderer::Github, "state"), reworded("states"));
        // Short names extended at once: the old words run whole inside
        // the new (MkDocs' `dev-guide/themes.md`, issue 51).
        let names = "### url\n\n#### nav\n\n#### page\n";
        let extended = "### url notes\n\n#### nav details\n\n#### The page\n";
        assert_eq!(
            md(names, extended, Renderer::PythonMarkdown, "nav"),
            reworded("nav-details")
        );
        assert_eq!(
            md(names, extended, Renderer::PythonMarkdown, "page"),
            reworded("the-page")
        );
        // HTML: ids are written, never minted.
        assert_eq!(
            new_id(
                b"<h2 id=a>A</h2>",
                b"<h2 id=b>B</h2>",
                InputFormat::Html,
                Renderer::Github,
                "a"
            ),
            None
        );
    }

    #[test]
    fn rst_and_asciidoc_sections() {
        let old = "Installation\n============\n\nPython Version\n--------------\n\nDependencies\n------------\n";
        let new = "Installation\n============\n\nPython Version\n--------------\n\nRequired packages\n-----------------\n";
        assert_eq!(
            new_id(
                old.as_bytes(),
                new.as_bytes(),
                InputFormat::Rst,
                Renderer::Sphinx,
                "dependencies"
            ),
            reworded("required-packages")
        );
        // Another adornment: another level.
        let moved = "Installation\n============\n\nPython Version\n--------------\n\nRequired packages\n~~~~~~~~~~~~~~~~~\n";
        assert_eq!(
            new_id(
                old.as_bytes(),
                moved.as_bytes(),
                InputFormat::Rst,
                Renderer::Sphinx,
                "dependencies"
            ),
            None
        );
        let old = "= Guide\n\n== Install it\n\n== Use it\n";
        let new = "= Guide\n\n== Set it up\n\n== Use it\n";
        let r = Renderer::Asciidoctor(Default::default());
        assert_eq!(
            new_id(
                old.as_bytes(),
                new.as_bytes(),
                InputFormat::Asciidoc,
                r,
                "_install_it"
            ),
            reworded("_set_it_up")
        );
    }

    #[test]
    fn fragments_are_written_as_uris_allow() {
        assert_eq!(as_fragment("a-b_c.d", false), "a-b_c.d");
        assert_eq!(as_fragment("a b%c\"", false), "a%20b%25c%22");
        assert_eq!(as_fragment("café", false), "café");
        assert_eq!(as_fragment("café", true), "caf%C3%A9");
    }
}
