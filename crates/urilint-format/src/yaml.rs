//! YAML read with bounded work: the nodes that anchors and aliases would
//! make `yaml_rust2::YamlLoader` copy are counted on the parser's events
//! first, and a document past a budget is refused before anything is
//! built (H3 of the 2026-11-29 review: a 662-byte `mkdocs.yml` of nested
//! aliases, a "billion laughs", made 10^11 nodes and aborted the run).
//!
//! This module owns that count ([`copies`]) and the loads that respect
//! it ([`load`], [`first_document`]). Every YAML document urilint reads
//! from a repository goes through it: site configurations and front
//! matter ([`CONFIG_COPIES`]) and the data files parsed again to verify
//! an edit (`crate::structure`, [`DATA_COPIES`]). It does not own
//! what is read from the documents.

use std::collections::HashMap;

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;
use yaml_rust2::{Yaml, YamlLoader};

/// The most nodes anchors and aliases may make the loader copy in a site
/// configuration or a page's front matter (10,000 nodes): none of the
/// keys urilint reads there needs aliases, and a legitimate file that
/// uses a few stays well under it.
pub const CONFIG_COPIES: u64 = 10_000;

/// The most nodes anchors and aliases may make the loader copy in a YAML
/// data file parsed to verify an edit (200,000 nodes, some tens of MB
/// with the comparison's own tree): past it the file is "not the same"
/// and nothing is written into it.
pub const DATA_COPIES: u64 = 200_000;

/// Why a YAML text was not loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum YamlError {
    /// The text is not YAML (the parser's message, with its position).
    #[error("not valid YAML: {0}")]
    Syntax(String),
    /// Its anchors and aliases would copy more than `limit` nodes (H3 of
    /// the 2026-11-29 review): refused before any is copied.
    #[error("its YAML aliases would expand to more than {limit} nodes: not read")]
    TooManyCopies {
        /// The budget passed ([`CONFIG_COPIES`], [`DATA_COPIES`]).
        limit: u64,
    },
}

/// The number of nodes `yaml_rust2::YamlLoader` would copy loading
/// `text`: each anchored node once (it keeps a copy of what an anchor
/// names) and, at each alias, the whole node the alias names (its
/// expansion). Counted on the parser's events, in time linear in `text`
/// and memory linear in its nesting and number of anchors.
///
/// # Errors
/// [`YamlError::Syntax`] when `text` does not parse;
/// [`YamlError::TooManyCopies`] as soon as the count passes `limit` (the
/// rest is scanned, nothing more counted).
pub fn copies(text: &str, limit: u64) -> Result<u64, YamlError> {
    let mut counter = Counter {
        stack: Vec::new(),
        sizes: HashMap::new(),
        copies: 0,
        limit,
        over: false,
    };
    Parser::new_from_str(text)
        .load(&mut counter, true)
        .map_err(|e| YamlError::Syntax(e.to_string()))?;
    if counter.over {
        return Err(YamlError::TooManyCopies { limit });
    }
    Ok(counter.copies)
}

/// Every document of `text`, loaded by `yaml_rust2::YamlLoader` once
/// [`copies`] has said that its aliases copy at most `limit` nodes.
///
/// # Errors
/// As [`copies`]; and [`YamlError::Syntax`] for what only the loader
/// refuses (a key twice in a mapping).
pub fn load(text: &str, limit: u64) -> Result<Vec<Yaml>, YamlError> {
    copies(text, limit)?;
    YamlLoader::load_from_str(text).map_err(|e| YamlError::Syntax(e.to_string()))
}

/// The first document of `text` ([`load`]); [`Yaml::BadValue`] for a
/// text of no document.
///
/// # Errors
/// As [`load`].
pub fn first_document(text: &str, limit: u64) -> Result<Yaml, YamlError> {
    Ok(load(text, limit)?
        .into_iter()
        .next()
        .unwrap_or(Yaml::BadValue))
}

/// Counts the nodes a load would copy, from the parser's events.
struct Counter {
    /// The collections open: their anchor id (0: none) and their nodes so
    /// far (themselves included, aliases expanded).
    stack: Vec<(usize, u64)>,
    /// The size of each anchored node closed so far, aliases expanded.
    sizes: HashMap<usize, u64>,
    /// Nodes copied so far.
    copies: u64,
    /// The budget.
    limit: u64,
    /// True once `copies` passed `limit`: nothing more is counted.
    over: bool,
}

impl Counter {
    /// A node of `size` nodes closed, anchored as `anchor` (0: none).
    fn node(&mut self, anchor: usize, size: u64) {
        if anchor > 0 {
            self.sizes.insert(anchor, size);
            self.copies = self.copies.saturating_add(size);
        }
        if let Some((_, parent)) = self.stack.last_mut() {
            *parent = parent.saturating_add(size);
        }
    }
}

impl MarkedEventReceiver for Counter {
    fn on_event(&mut self, ev: Event, _mark: Marker) {
        if self.over {
            return;
        }
        match ev {
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                self.stack.push((anchor, 1));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((anchor, size)) = self.stack.pop() {
                    self.node(anchor, size);
                }
            }
            Event::Scalar(_, _, anchor, _) => self.node(anchor, 1),
            Event::Alias(id) => {
                // The loader inserts a copy of the anchored node (or a
                // bad value for an unknown anchor).
                let size = self.sizes.get(&id).copied().unwrap_or(1);
                self.copies = self.copies.saturating_add(size);
                self.node(0, size);
            }
            Event::Nothing
            | Event::StreamStart
            | Event::StreamEnd
            | Event::DocumentStart
            | Event::DocumentEnd => {}
        }
        if self.copies > self.limit {
            self.over = true;
        }
    }
}

/// A YAML text whose aliases expand to 10 to the power `levels` nodes
/// (the "billion laughs" of the adversarial review): `a0` a list of ten
/// strings, each `aN` a list of ten `*aN-1`, `levels` levels under a
/// first line `head`. For tests of the bounds above ([`DATA_COPIES`],
/// [`CONFIG_COPIES`]) here and in the crates that load YAML through this
/// module.
pub fn alias_bomb(head: &str, levels: usize) -> String {
    let mut s = format!(
        "{head}a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    );
    for i in 1..levels {
        let refs = vec![format!("*a{}", i - 1); 10].join(",");
        s.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bomb(head: &str, levels: usize) -> String {
        alias_bomb(head, levels)
    }

    #[test]
    fn plain_documents_copy_nothing() {
        assert_eq!(copies("a: 1\nb: [1, 2, {c: d}]\n", 10), Ok(0));
        assert_eq!(copies("", 10), Ok(0));
        let doc = first_document("site_name: x\ndocs_dir: src\n", CONFIG_COPIES)
            .unwrap_or(Yaml::BadValue);
        assert_eq!(doc["docs_dir"].as_str(), Some("src"));
        assert!(matches!(copies("a: [", 10), Err(YamlError::Syntax(_))));
    }

    /// An anchor is copied once; each alias copies the node it names,
    /// with the aliases inside it expanded.
    #[test]
    fn anchors_and_aliases_are_counted_expanded() {
        // &a: 3 nodes (the list and two scalars), kept once; *a twice.
        assert_eq!(copies("x: &a [1, 2]\ny: *a\nz: *a\n", 100), Ok(9));
        // &b holds two *a (3 each): 7 nodes; kept once, copied once.
        assert_eq!(
            copies("x: &a [1, 2]\ny: &b [*a, *a]\nz: *b\n", 100),
            Ok(3 + 6 + 7 + 7)
        );
        // A few aliases, as a real configuration may have: loaded.
        let y = first_document("d: &d {k: v}\ne: *d\n", CONFIG_COPIES).unwrap_or(Yaml::BadValue);
        assert_eq!(y["e"]["k"].as_str(), Some("v"));
        assert_eq!(
            copies("x: &a [1, 2]\ny: *a\nz: *a\n", 8),
            Err(YamlError::TooManyCopies { limit: 8 })
        );
    }

    /// H3 of the 2026-11-29 review: the 662-byte configuration of 11
    /// levels (10^11 nodes expanded) is refused at once, before any copy
    /// is made; so is the same bomb in a front matter or a data file.
    #[test]
    fn the_billion_laughs_is_refused_before_expansion() {
        let text = bomb("site_name: x\n", 11);
        assert!(text.len() < 700, "{}", text.len());
        assert_eq!(
            load(&text, CONFIG_COPIES).map(|d| d.len()),
            Err(YamlError::TooManyCopies {
                limit: CONFIG_COPIES
            })
        );
        assert!(matches!(
            load(&text, DATA_COPIES),
            Err(YamlError::TooManyCopies { .. })
        ));
        // Nesting anchors without any alias copies each level once: a
        // count quadratic in the depth (flow nesting stops at 255 levels
        // in the scanner), counted too.
        let mut nested = String::from("x: ");
        for i in 0..200 {
            nested.push_str(&format!("&n{i} ["));
        }
        nested.push_str(&"]".repeat(200));
        assert_eq!(copies(&nested, DATA_COPIES), Ok(200 * 201 / 2));
        assert!(matches!(
            copies(&nested, CONFIG_COPIES),
            Err(YamlError::TooManyCopies { .. })
        ));
    }
}
