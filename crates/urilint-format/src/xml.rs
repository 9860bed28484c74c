//! XML documents (`.xml`, `.svg`, `.drawio`; `<?xml`, `<svg`, `<mxfile`
//! first): attribute values, text, CDATA sections and comments, each a
//! segment with its entity and character references decoded (`&lt;`,
//! `&amp;`, `&#x2F;`, XML 1.0 section 4.1 and 4.6) and an offset map back
//! to the original bytes.
//!
//! Read as plain text, an SVG's `xlink:href="a?b=1&amp;c=2"` gave URIs
//! with `&amp;` in them, and a drawio diagram's
//! `value="&lt;a href=&quot;https://x/&quot;&gt;"` gave `https://x/&quot;&gt;`
//! (issue 46). The markup is tokenized by `quick-xml` (elements,
//! attributes, comments, CDATA, processing instructions, the DOCTYPE);
//! this module maps what it gives back to the bytes and decodes the
//! references, whose offsets `quick-xml`'s own unescaping does not keep.
//! A reference to an entity the DOCTYPE declares is kept as written.
//!
//! drawio (diagrams.net) stores a diagram either as XML inside
//! `<diagram>` (read as any XML) or deflated and base64-encoded text
//! there ("compressed"): such a diagram is skipped, and
//! [`Document::problems`] says so. A document that is not well-formed is
//! read as markup up to its first error and as plain text from there.
//!
//! This module does not own detection ([`super::detect`]) nor scanning.

use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;

use super::map::OffsetMap;
use super::segment::{Segment, SegmentKind};

/// An XML document read: its segments and what could not be read.
#[derive(Debug, Default)]
pub struct Document {
    /// Attribute values, text runs (with CDATA) and comments, in the
    /// order of the file, each decoded, with a map to file offsets.
    pub segments: Vec<Segment>,
    /// What was skipped: drawio's compressed diagrams (by their `name`),
    /// and where the document stopped being well-formed.
    pub problems: Vec<String>,
}

/// Reads `src`, an XML document (SVG, drawio, any other), into
/// [`Document`]: one segment per attribute value
/// ([`SegmentKind::XmlAttribute`]), per run of text and CDATA between
/// tags and per comment ([`SegmentKind::XmlText`]).
pub fn read(src: &[u8]) -> Document {
    let mut doc = Document::default();
    let mut reader = Reader::from_reader(src);
    let config = reader.config_mut();
    config.check_end_names = false;
    config.check_comments = false;
    config.allow_unmatched_ends = true;
    // The text of the run being gathered, its map and where it started.
    let mut run = Run::default();
    // Inside a drawio `<diagram>`: its `name`, whether it held an element
    // (an uncompressed diagram), whether it held text outside any
    // (a compressed one).
    let mut diagram: Option<(String, bool, bool)> = None;
    loop {
        let before = offset(reader.buffer_position(), src.len());
        let event = reader.read_event();
        let after = offset(reader.buffer_position(), src.len());
        match event {
            Ok(Event::Eof) => break,
            Err(e) => {
                run.finish(&mut doc.segments);
                doc.problems.push(format!(
                    "not well-formed XML at byte {before} ({e}): read as plain text from there"
                ));
                if before < src.len() {
                    doc.segments.push(Segment::exact(
                        src,
                        before..src.len(),
                        SegmentKind::Text,
                        false,
                    ));
                }
                return doc;
            }
            Ok(Event::Text(_)) | Ok(Event::GeneralRef(_)) => {
                if let Some((_, false, compressed)) = &mut diagram {
                    // drawio's compressed diagram: base64 of deflated
                    // XML, no text to read.
                    if src
                        .get(before..after)
                        .is_some_and(|t| !t.trim_ascii().is_empty())
                    {
                        *compressed = true;
                        continue;
                    }
                }
                run.decoded(src, before..after);
            }
            Ok(Event::CData(_)) => {
                // `<![CDATA[` ... `]]>`: the content as it is.
                let start = (before + 9).min(after);
                let end = after.saturating_sub(3).max(start);
                run.exact(start..end);
                run.text
                    .extend_from_slice(src.get(start..end).unwrap_or_default());
            }
            Ok(Event::Comment(_)) => {
                run.finish(&mut doc.segments);
                // `<!--` ... `-->`.
                let start = (before + 4).min(after);
                let end = after.saturating_sub(3).max(start);
                doc.segments
                    .push(Segment::exact(src, start..end, SegmentKind::XmlText, false));
            }
            Ok(Event::Start(e)) => {
                run.finish(&mut doc.segments);
                if let Some((_, held, _)) = &mut diagram {
                    *held = true;
                }
                if e.local_name().as_ref() == b"diagram" {
                    diagram = Some((attribute(&e, b"name"), false, false));
                }
                attributes(src, &e, &mut doc.segments);
            }
            Ok(Event::Empty(e)) => {
                run.finish(&mut doc.segments);
                if let Some((_, held, _)) = &mut diagram {
                    *held = true;
                }
                attributes(src, &e, &mut doc.segments);
            }
            Ok(Event::End(e)) => {
                run.finish(&mut doc.segments);
                if e.local_name().as_ref() == b"diagram" {
                    if let Some((name, _, true)) = diagram.take() {
                        doc.problems.push(format!(
                            "drawio diagram {name:?} is compressed: its links are not read"
                        ));
                    }
                }
            }
            // The DOCTYPE (its system identifier is a URI) and processing
            // instructions (`<?xml-stylesheet href="..."?>`): their text
            // as written, without `<!`, `<?` and `>`.
            Ok(Event::DocType(_)) | Ok(Event::PI(_)) => {
                run.finish(&mut doc.segments);
                let start = (before + 2).min(after);
                let end = after.saturating_sub(1).max(start);
                doc.segments
                    .push(Segment::exact(src, start..end, SegmentKind::XmlText, false));
            }
            // The XML declaration.
            Ok(_) => run.finish(&mut doc.segments),
        }
    }
    run.finish(&mut doc.segments);
    doc
}

/// A reader position as an offset into `len` bytes.
fn offset(position: u64, len: usize) -> usize {
    usize::try_from(position).map_or(len, |p| p.min(len))
}

/// The value of attribute `name` of `e`, decoded lossily ("" when none).
fn attribute(e: &BytesStart<'_>, name: &[u8]) -> String {
    e.attributes()
        .with_checks(false)
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .map(|a| String::from_utf8_lossy(&a.value).into_owned())
        .unwrap_or_default()
}

/// One segment per attribute value of `e` with anything in it, decoded.
fn attributes(src: &[u8], e: &BytesStart<'_>, out: &mut Vec<Segment>) {
    let element = String::from_utf8_lossy(e.name().as_ref()).into_owned();
    for a in e.attributes().with_checks(false).flatten() {
        let value: &[u8] = &a.value;
        if value.trim_ascii().is_empty() {
            continue;
        }
        // The value is borrowed from `src` (the reader reads a slice):
        // its place is where its bytes are.
        let Some(start) = (value.as_ptr() as usize).checked_sub(src.as_ptr() as usize) else {
            continue;
        };
        if start + value.len() > src.len() {
            continue;
        }
        let mut run = Run::default();
        run.decoded(src, start..start + value.len());
        let kind = || SegmentKind::XmlAttribute {
            element: element.clone(),
            attribute: String::from_utf8_lossy(a.key.as_ref()).into_owned(),
        };
        let cuts = drawio_style_cuts(&element, a.key.as_ref(), &run.text);
        if cuts.is_empty() {
            out.push(Segment {
                text: run.text,
                kind: kind(),
                map: run.map,
                base: None,
                references: false,
            });
            continue;
        }
        // Each part between the `;`s on its own: decoded again from its
        // bytes, so that its map is its own.
        let mut from = start;
        let ends = cuts
            .iter()
            .map(|&c| (run.map.start(c as u64) as usize, true))
            .chain(std::iter::once((start + value.len(), false)));
        for (end, cut) in ends {
            let mut part = Run::default();
            part.decoded(src, from..end.max(from));
            if !part.text.trim_ascii().is_empty() {
                out.push(Segment {
                    text: part.text,
                    kind: kind(),
                    map: part.map,
                    base: None,
                    references: false,
                });
            }
            from = if cut { end + 1 } else { end };
        }
    }
}

/// Where a drawio style string splits the decoded attribute value `text`
/// of `attribute` on `element`: its `;`s, which separate its `key=value`
/// pairs (drawio's `mxCell` `style`, "mxGraph style strings": an
/// `image=data:image/png,...` value ends at the `;`, no `;base64` in
/// it). In a drawio export to SVG, the `content` attribute holds the
/// diagram's XML, and the `;`s inside its `style="..."` values split it.
/// Empty for any other attribute (a CSS `style`, whose `url(data:...;
/// base64,...)` keeps its `;`).
fn drawio_style_cuts(element: &str, attribute: &[u8], text: &[u8]) -> Vec<usize> {
    let semicolons = |r: std::ops::Range<usize>| {
        memchr::memchr_iter(b';', &text[r.clone()])
            .map(|i| r.start + i)
            .collect::<Vec<_>>()
    };
    if element == "mxCell" && attribute == b"style" {
        return semicolons(0..text.len());
    }
    if attribute != b"content" || !text.trim_ascii_start().starts_with(b"<mxfile") {
        return Vec::new();
    }
    let mut cuts = Vec::new();
    let mut at = 0;
    while let Some(i) = memchr::memmem::find(&text[at..], b" style=\"") {
        let open = at + i + 8;
        let close = memchr::memchr(b'"', &text[open..]).map_or(text.len(), |c| open + c);
        cuts.extend(semicolons(open..close));
        at = close.min(text.len());
    }
    cuts
}

/// A text run being gathered: decoded bytes and their map.
#[derive(Default)]
struct Run {
    text: Vec<u8>,
    map: OffsetMap,
}

impl Run {
    /// Appends the bytes `range` of the file as they are.
    fn exact(&mut self, range: std::ops::Range<usize>) {
        self.map
            .exact(range.start as u64, (range.end - range.start) as u64);
    }

    /// Appends `src[range]` with its references decoded.
    fn decoded(&mut self, src: &[u8], range: std::ops::Range<usize>) {
        let Some(bytes) = src.get(range.clone()) else {
            return;
        };
        let mut i = 0;
        while i < bytes.len() {
            let plain = memchr::memchr(b'&', &bytes[i..]).map_or(bytes.len(), |p| i + p);
            if plain > i {
                self.text.extend_from_slice(&bytes[i..plain]);
                self.exact(range.start + i..range.start + plain);
            }
            i = plain;
            if i >= bytes.len() {
                break;
            }
            match reference(&bytes[i..]) {
                Some((len, c)) => {
                    let mut buf = [0u8; 4];
                    let s = c.encode_utf8(&mut buf);
                    self.text.extend_from_slice(s.as_bytes());
                    self.map
                        .group((range.start + i) as u64, len as u64, s.len() as u64);
                    i += len;
                }
                None => {
                    // Not a reference this module knows: kept as written.
                    self.text.push(b'&');
                    self.exact(range.start + i..range.start + i + 1);
                    i += 1;
                }
            }
        }
    }

    /// Pushes the run gathered so far as a segment, when it has text.
    fn finish(&mut self, out: &mut Vec<Segment>) {
        let run = std::mem::take(self);
        if run.text.trim_ascii().is_empty() {
            return;
        }
        out.push(Segment {
            text: run.text,
            kind: SegmentKind::XmlText,
            map: run.map,
            base: None,
            references: false,
        });
    }
}

/// The reference at the start of `s` (which starts with `&`): its length
/// and the character it stands for. The five predefined entities (XML 1.0
/// section 4.6) and character references (section 4.1) whose code point
/// is a character; `None` for anything else.
fn reference(s: &[u8]) -> Option<(usize, char)> {
    let end = s.iter().take(12).position(|&b| b == b';')?;
    let name = s.get(1..end)?;
    let c = match name {
        b"lt" => '<',
        b"gt" => '>',
        b"amp" => '&',
        b"quot" => '"',
        b"apos" => '\'',
        _ => {
            let digits = name.strip_prefix(b"#")?;
            let (digits, radix) = match digits.strip_prefix(b"x") {
                Some(hex) => (hex, 16),
                None => (digits, 10),
            };
            let digits = std::str::from_utf8(digits).ok()?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            char::from_u32(u32::from_str_radix(digits, radix).ok()?)?
        }
    };
    Some((end + 1, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decoded text of each segment, with its kind's name and, for
    /// an attribute, its name.
    fn texts(doc: &Document) -> Vec<(String, String)> {
        doc.segments
            .iter()
            .map(|s| {
                let label = match &s.kind {
                    SegmentKind::XmlAttribute { attribute, .. } => attribute.clone(),
                    k => k.name().to_string(),
                };
                (label, String::from_utf8_lossy(&s.text).into_owned())
            })
            .collect()
    }

    /// The original bytes of decoded span `d` of segment `s`.
    fn source<'a>(src: &'a [u8], s: &Segment, d: std::ops::Range<u64>) -> &'a [u8] {
        let r = s.map.span(d);
        &src[r.start as usize..r.end as usize]
    }

    /// A drawio export to SVG (grpc.io): the `content` attribute holds the
    /// drawio file, escaped; decoded, and each decoded quote maps back to
    /// its `&quot;`. The link of `<a xlink:href>` is where it is written.
    #[test]
    fn svg_attributes_decoded_and_mapped() {
        let src = include_bytes!("../../../fixtures/formats/xml/grpc-backend_metrics.svg");
        let doc = read(src);
        assert!(doc.problems.is_empty(), "{:?}", doc.problems);
        let texts = texts(&doc);
        let content = doc
            .segments
            .iter()
            .find(|s| matches!(&s.kind, SegmentKind::XmlAttribute { attribute, .. } if attribute == "content"))
            .map(|s| (s, String::from_utf8_lossy(&s.text).into_owned()));
        let Some((segment, text)) = content else {
            panic!("no content attribute in {texts:?}");
        };
        assert!(
            text.starts_with(r#"<mxfile host="app.diagrams.net" modified="#),
            "{text}"
        );
        assert_eq!(source(src, segment, 0..1), b"&lt;");
        let quote = text.find('"').unwrap_or(0) as u64;
        assert_eq!(source(src, segment, quote..quote + 1), b"&quot;");
        let href = "https://www.diagrams.net/doc/faq/svg-export-text-problems";
        let Some(s) = doc.segments.iter().find(|s| s.text == href.as_bytes()) else {
            panic!("no {href} in {texts:?}");
        };
        assert!(
            matches!(&s.kind, SegmentKind::XmlAttribute { element, attribute } if element == "a" && attribute == "xlink:href")
        );
        assert_eq!(source(src, s, 0..href.len() as u64), href.as_bytes());
        assert!(texts.contains(&(
            "xml-text".to_string(),
            "Viewer does not support full SVG 1.1".to_string()
        )));
        assert!(texts.contains(&(
            "xml-text".to_string(),
            " Do not edit this file with editors other than diagrams.net ".to_string()
        )));
        assert!(texts.iter().any(|(k, t)| k == "xml-text"
            && t.contains("\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\"")));
    }

    /// An uncompressed drawio diagram is read as XML: a `UserObject`'s
    /// `link` decoded.
    #[test]
    fn drawio_uncompressed_is_read() {
        let src =
            include_bytes!("../../../fixtures/formats/xml/gitflow-interactive-custom-links.drawio");
        let doc = read(src);
        assert!(doc.problems.is_empty(), "{:?}", doc.problems);
        let link = texts(&doc)
            .into_iter()
            .find(|(a, _)| a == "link")
            .map(|(_, t)| t)
            .unwrap_or_default();
        assert!(
            link.starts_with(r#"data:action/json,{"actions":[{"toggle":"#),
            "{link}"
        );
    }

    /// A compressed drawio diagram is skipped, with a word.
    #[test]
    fn drawio_compressed_is_skipped_with_a_note() {
        let src = include_bytes!("../../../fixtures/formats/xml/lists-compressed.drawio");
        let doc = read(src);
        assert_eq!(
            doc.problems,
            vec![
                "drawio diagram \"Example: assessment tasks\" is compressed: its links are not read"
                    .to_string()
            ]
        );
        assert!(texts(&doc)
            .iter()
            .all(|(kind, t)| kind != "xml-text" && !t.contains("7V1dc9so")));
    }

    /// References: the five entities, decimal and hexadecimal character
    /// references; others (a DOCTYPE's, `&nbsp;`) kept as written. Text
    /// runs join CDATA.
    #[test]
    fn references_and_cdata() {
        let src =
            b"<r a='x&#x2F;y&#47;z&nbsp;&amp;'>t &lt;https://a.example/&gt;<![CDATA[&amp;]]></r>";
        let doc = read(src);
        assert_eq!(
            texts(&doc),
            vec![
                ("a".to_string(), "x/y/z&nbsp;&".to_string()),
                (
                    "xml-text".to_string(),
                    "t <https://a.example/>&amp;".to_string()
                ),
            ]
        );
        let text = &doc.segments[1];
        assert_eq!(source(src, text, 2..3), b"&lt;");
        assert_eq!(source(src, text, 3..21), b"https://a.example/");
        assert_eq!(source(src, text, 21..22), b"&gt;");
        // The CDATA's `&amp;` is its own bytes.
        assert_eq!(source(src, text, 22..27), b"&amp;");
    }

    /// Not well-formed: read as markup up to the error, as text after.
    #[test]
    fn broken_xml_falls_back_to_text() {
        let src = b"<a href='https://a.example/'>x</a><b c='>\n https://b.example/";
        let doc = read(src);
        assert_eq!(doc.problems.len(), 1, "{:?}", doc.problems);
        let all = texts(&doc);
        assert!(all.contains(&("href".to_string(), "https://a.example/".to_string())));
        assert!(all
            .iter()
            .any(|(k, t)| k == "text" && t.contains("https://b.example/")));
    }

    /// A drawio style string splits at its `;`s (kubeflow/website's
    /// `kubeflow-architecture.drawio.svg`): the `image=data:image/png,...`
    /// value ends there, and `clipPath=inset(16.33% ...)` after it is no
    /// part of it; each part maps back to its own bytes. A CSS `style`
    /// keeps its `;`.
    #[test]
    fn drawio_style_strings_split_at_semicolons() {
        let src = include_bytes!(
            "../../../fixtures/formats/not-links/images/kubeflow-architecture.drawio.svg"
        );
        let doc = read(src);
        let parts: Vec<&Segment> = doc
            .segments
            .iter()
            .filter(|s| matches!(&s.kind, SegmentKind::XmlAttribute { attribute, .. } if attribute == "content"))
            .collect();
        let image = parts
            .iter()
            .find(|s| s.text.starts_with(b"image=data:image/png,"))
            .map(|s| (String::from_utf8_lossy(&s.text).into_owned(), *s));
        let Some((image, segment)) = image else {
            panic!("no image part in {:?}", texts(&doc));
        };
        assert!(image.ends_with("CYII="), "{image}");
        assert_eq!(source(src, segment, 0..6), b"image=");
        assert!(parts
            .iter()
            .any(|s| s.text.starts_with(b"clipPath=inset(16.33% ")));
        let css = read(b"<svg style=\"background: url(data:image/png;base64,AAAA); color: red\"/>");
        assert_eq!(texts(&css).len(), 1);
    }
}
