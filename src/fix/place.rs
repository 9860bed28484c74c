//! Placing a fix found in a document's decoded text into the file: the
//! one way an edit of a Markdown, HTML, reStructuredText, AsciiDoc or roff
//! document reaches its bytes.
//!
//! A rule or a mapping edits the text the scanner read (a piece of the
//! document, [`crate::format::mail::Piece`]); [`place_fix`] carries the
//! edit through the piece's offset maps to the file, only over bytes the
//! reader copied as they are, with the new bytes encoded for the place
//! ([`crate::format::writes::encode`]). It does not own deciding which
//! files are written ([`crate::format::writes`]) nor writing them
//! (`crate::fix::write`).

use std::ops::Range;

use super::{Edit, Fix};
use crate::format::mail::Piece;
use crate::format::writes::{encode, place, Place};

/// `fix`, found in the text scanned from `piece` (`scanned_len` bytes;
/// its edits are offsets of that text), as edits of the file, or `None`
/// when it cannot be written there: a fix that adds or drops delimiters
/// needs the whole URI written as it reads; every edit must replace bytes that
/// the piece's reader copied into the text as they are
/// ([`crate::format::Chain::is_exact`]), and an insertion must fall next to such
/// a byte; in a link target ([`Place::Link`]) every edit must lie within
/// the URI's bytes `uri` (offsets of the scanned text); in a table cell
/// ([`Place::Cell`]) every edit must keep its width in characters; the new
/// bytes are
/// encoded for the piece where the URI was written `raw` ([`encode`]).
/// An insertion at the URI's end goes
/// right after its last byte, any other right before the byte it
/// precedes.
pub fn place_fix(
    piece: &Piece,
    scanned_len: u64,
    uri: Range<u64>,
    raw: &str,
    fix: &Fix,
) -> Option<Fix> {
    let place = place(&piece.kind)?;
    let chain = &piece.chain;
    // A fix that adds or drops delimiters around the URI changes how its
    // bytes are read (inside a Markdown autolink neither escapes nor
    // entities are read): the whole URI must be written as it reads.
    let inside = |e: &Edit| {
        if e.start == e.end {
            uri.start < e.start && e.start < uri.end
        } else {
            uri.start <= e.start && e.end <= uri.end
        }
    };
    if !fix.edits.iter().all(inside) && !chain.is_exact(uri.clone()) {
        return None;
    }
    let mut edits = Vec::with_capacity(fix.edits.len());
    for e in &fix.edits {
        if e.start > e.end || e.end > scanned_len {
            return None;
        }
        if place == Place::Link && !inside(e) {
            return None;
        }
        if place == Place::Cell {
            // The same width: as many characters replaced as written.
            let old = piece
                .text
                .get(e.start as usize..e.end as usize)
                .map_or(0, |b| String::from_utf8_lossy(b).chars().count());
            if old != e.replacement.chars().count() {
                return None;
            }
        }
        let span = if e.start < e.end {
            if !chain.is_exact(e.start..e.end) {
                return None;
            }
            chain.span(e.start..e.end)
        } else {
            let p = e.start;
            let after_last = p == uri.end && p > 0;
            if after_last || p >= scanned_len {
                if p == 0 || !chain.is_exact(p - 1..p) {
                    return None;
                }
                let end = chain.span(p - 1..p).end;
                end..end
            } else {
                if !chain.is_exact(p..p + 1) {
                    return None;
                }
                let start = chain.span(p..p + 1).start;
                start..start
            }
        };
        edits.push(Edit {
            start: span.start,
            end: span.end,
            replacement: encode(&piece.kind, &e.replacement, raw)?,
        });
    }
    edits.sort_by_key(|e| (e.start, e.end));
    if edits.windows(2).any(|w| w[0].end > w[1].start) {
        return None;
    }
    Some(Fix {
        message: fix.message.clone(),
        edits,
        applicability: fix.applicability,
    })
}

/// True when every edit of `fix` lies inside the bytes `uri` of a URI
/// (an insertion strictly inside, a replacement within): what a data file
/// may take ([`crate::format::writes::Writes::Data`]) before it is parsed again.
pub fn inside_uri(fix: &Fix, uri: &Range<u64>) -> bool {
    fix.edits.iter().all(|e| {
        if e.start == e.end {
            uri.start < e.start && e.start < uri.end
        } else {
            uri.start <= e.start && e.end <= uri.end
        }
    })
}
