//! Walking a parsed message's MIME parts ([`walk`]): each text part
//! decoded (transfer encoding, charset, format=flowed, HTML) into
//! pieces, nested messages walked as messages of their own, the others
//! skipped, with the warnings of what was not read.

use super::*;

/// Walks the parts of `msg`, parsed from `tree.structure[base..]` (the
/// [`defang`]ed message; its offsets relative to `base`), reading their
/// bytes in the outermost message `tree.raw`; `depth`: message parts it
/// is nested in.
pub(super) fn walk(
    tree: &Tree<'_>,
    msg: &mail_parser::Message<'_>,
    parsed: &[u8],
    base: usize,
    prefix: &str,
    depth: usize,
    out: &mut Message,
) {
    let raw = tree.raw;
    let in_digest = digest_parts(msg);
    for (id, part) in msg.parts.iter().enumerate() {
        // Over the budget: [`read`] reads the message as text.
        if out.pieces.len() > MAX_PIECES {
            return;
        }
        let index = format!("{prefix}{id}");
        let ctype = content_type(part);
        let is_message = match ctype.as_deref() {
            Some(t) => t == "message/rfc822" || t == "message/global",
            None => in_digest.get(id).copied().unwrap_or(false),
        };
        let (s, e) = (
            base + part.offset_body as usize,
            base + part.offset_end as usize,
        );
        let encoding = transfer_encoding(parsed, part);
        if is_message {
            nested(tree, s, e, encoding, &index, depth, out);
            continue;
        }
        // The header fields of a returned message (RFC 6522 section 4,
        // a delivery report's third part): read as a message's are.
        if ctype.as_deref() == Some("text/rfc822-headers") && encoding == Encoding::None {
            if tree.opts.headers {
                if let Some(body) = raw.get(s..e.max(s)) {
                    headers(raw, s, &super::super::header::fields(body), &index, out);
                }
            }
            continue;
        }
        // mail-parser retypes a part whose end it cannot find (the last
        // part of a multipart whose closing delimiter is missing: its body
        // runs to the end of the message) as text, whatever its content
        // type: a base64 JPEG was decoded and scanned. The declared type
        // decides, as it does for a part whose end is found: a type
        // other than `text` is not read, text/html is read as HTML.
        let declared_primary = ctype.as_deref().map(|t| t.split('/').next().unwrap_or(t));
        let retyped =
            part.is_encoding_problem && matches!(part.body, PartType::Text(_) | PartType::Html(_));
        if retyped && declared_primary.is_some_and(|t| t != "text") {
            continue;
        }
        if !read_as_text(tree, part, ctype.as_deref(), &index, (s, e), out) {
            continue;
        }
        // By the declared type: a text part's type reaches mail-parser as
        // `tex7` ([`later_content_types`]), which it reads as binary.
        let is_html = matches!(part.body, PartType::Html(_))
            || (ctype.as_deref() == Some("text/html")
                && (retyped
                    || matches!(part.body, PartType::Binary(_) | PartType::InlineBinary(_))));
        let Some(body) = raw.get(s..e.max(s)) else {
            continue;
        };
        // HTML declared 7bit or 8bit (or nothing) whose attributes are
        // written quoted-printable (`href=3D"...`, soft line breaks):
        // decoded as quoted-printable, said.
        let encoding = if is_html && encoding == Encoding::None && undeclared_qp(body) {
            out.problems.push(format!(
                "part {index}: HTML not declared quoted-printable is written so (attributes `=3D\"`, soft line breaks): decoded as quoted-printable"
            ));
            Encoding::QuotedPrintable
        } else {
            encoding
        };
        // A base64 body followed by text that is not base64 (a footer
        // Mailman appends to a single-part message): the base64 up to
        // where it stops, then the rest as plain text, a piece of its own.
        let (body, footer) = base64_footer(body, encoding, s, &index, &ctype);
        let (bytes, maps) = decode(part, body, encoding, &index, out);
        let info = Arc::new(PartInfo {
            index,
            content_type: ctype,
        });
        // An HTML part too large to hold as segments: read as text.
        let is_html = is_html && {
            let fits = bytes.len() <= MAX_HTML_PART;
            if !fits {
                out.problems.push(format!(
                    "part {}: HTML of {} bytes (more than {MAX_HTML_PART}): read as text",
                    info.index,
                    bytes.len()
                ));
            }
            fits
        };
        if is_html {
            html_pieces(&bytes, maps, s, &info, out);
            out.pieces.extend(footer);
            continue;
        }
        text_piece(part, bytes, maps, s, info, out);
        out.pieces.extend(footer);
    }
}

/// The parts of a multipart/digest: without a content type they are
/// messages (RFC 2046 section 5.1.5).
fn digest_parts(msg: &mail_parser::Message<'_>) -> Vec<bool> {
    let mut in_digest = vec![false; msg.parts.len()];
    for part in &msg.parts {
        if let PartType::Multipart(ids) = &part.body {
            let digest = part
                .content_type()
                .and_then(|c| c.subtype())
                .is_some_and(|s| restore(s).eq_ignore_ascii_case("digest"));
            if digest {
                for &id in ids {
                    if let Some(d) = in_digest.get_mut(id as usize) {
                        *d = true;
                    }
                }
            }
        }
    }
    in_digest
}

/// A part's content type (RFC 2045 section 5), `type/subtype` in lower
/// case.
fn content_type(part: &mail_parser::MessagePart<'_>) -> Option<String> {
    part.content_type()
        .map(|c| {
            let mut t = c.ctype().to_ascii_lowercase();
            if let Some(sub) = c.subtype() {
                t.push('/');
                t.push_str(&sub.to_ascii_lowercase());
            }
            t
        })
        .map(|t| restore(&t).to_ascii_lowercase())
        .map(|t| match t.split_once('/') {
            // `tex7` as [`later_content_types`] spelled `text`.
            Some(("tex7" | "tex8", sub)) => format!("text/{sub}"),
            None if t == "tex7" || t == "tex8" => "text".to_string(),
            _ => t,
        })
}

/// A message/rfc822 part (RFC 2046 section 5.2.1) from `s` to `e`: its
/// header fields read and its parts walked, or the warning why not. A
/// part sent in base64 or quoted-printable (RFC 2046 section 5.2.1 allows
/// neither, but forwarding clients send them: a bounce's returned message
/// in base64) is decoded first and read as the message it holds, its
/// pieces mapped through the decoding back to the part's bytes; the depth
/// limit is the same, and the decoded message is never larger than the
/// part.
fn nested(
    tree: &Tree<'_>,
    s: usize,
    e: usize,
    encoding: Encoding,
    index: &str,
    depth: usize,
    out: &mut Message,
) {
    if depth >= MAX_NESTED_MESSAGES {
        out.problems.push(format!(
            "part {index}: messages nested more than {MAX_NESTED_MESSAGES} deep: its parts are not read"
        ));
        return;
    }
    if encoding == Encoding::None {
        message_at(tree, s, e, index, depth, out);
        return;
    }
    let Some(body) = tree.raw.get(s..e.max(s)) else {
        return;
    };
    let (bytes, map) = match encoding {
        Encoding::Base64 => {
            let d = base64::decode(body);
            if d.truncated {
                out.problems
                    .push(format!("part {index}: base64 message is truncated"));
            }
            (d.bytes, d.map)
        }
        _ => qp::decode(body),
    };
    let (structure, first_change) = defang(&bytes);
    let (structure, first_change) = unfound_boundaries(structure, first_change);
    let (structure, _) = later_content_types(structure, first_change);
    let closes = std::cell::OnceCell::new();
    let inner = Tree {
        raw: &bytes,
        structure: &structure,
        closes: &closes,
        opts: tree.opts,
    };
    let before = out.pieces.len();
    message_at(&inner, 0, bytes.len(), index, depth, out);
    // The pieces' offsets are the decoded message's: through the
    // transfer decoding's map to the part's bytes.
    let map = Arc::new(map);
    for p in out.pieces.iter_mut().skip(before) {
        p.chain = std::mem::take(&mut p.chain)
            .then_map(map.clone())
            .then_shift(s as u64);
    }
}

/// The message from `s` to `e` of `tree.raw`, a message part's body
/// (`depth` messages deep): its header fields read (with
/// `tree.opts.headers`) and its parts walked.
fn message_at(tree: &Tree<'_>, s: usize, e: usize, index: &str, depth: usize, out: &mut Message) {
    let (raw, structure) = (tree.raw, tree.structure);
    if let (Some(inner_raw), Some(inner)) = (raw.get(s..e.max(s)), structure.get(s..e.max(s))) {
        let split = super::super::header::fields(inner_raw);
        // Of a nested message nothing of [`MessageInfo`] is kept.
        let slim = slim(inner_raw, inner, &split, false);
        let (parsed, delta) = slim
            .as_ref()
            .map_or((inner, 0), |m| (&m.bytes[..], m.delta));
        if let Some(nested) = parser(false).parse(parsed) {
            // The nested message's own header fields, as the
            // outermost message's are read.
            if tree.opts.headers {
                headers(raw, s, &split, &format!("{index}.0"), out);
            }
            walk(
                tree,
                &nested,
                parsed,
                s + delta,
                &format!("{index}."),
                depth + 1,
                out,
            );
        }
    }
}

/// Whether a part that is neither a message nor returned header fields is
/// read as text: text and HTML parts, a multipart cut short or without a
/// boundary (said in `out`); not the others.
fn read_as_text(
    tree: &Tree<'_>,
    part: &mail_parser::MessagePart<'_>,
    ctype: Option<&str>,
    index: &str,
    (s, e): (usize, usize),
    out: &mut Message,
) -> bool {
    let structure = tree.structure;
    match &part.body {
        PartType::Text(_) | PartType::Html(_) => {}
        // A text part whose type mail-parser was given as `tex7`
        // ([`later_content_types`]).
        PartType::Binary(_) | PartType::InlineBinary(_)
            if ctype.is_some_and(|t| t == "text" || t.starts_with("text/")) => {}
        PartType::Multipart(_) => {
            match part.content_type().and_then(|c| c.attribute("boundary")) {
                None => return false,
                Some(b) => {
                    // mail-parser reads a multipart cut short as if it
                    // were whole: say so when its closing delimiter is
                    // missing (RFC 2046 section 5.1.1): no line
                    // `--boundary--` in it. The lines of the message
                    // are found once, so nested multiparts cost their
                    // length, not its square.
                    let lines = tree
                        .closes
                        .get_or_init(|| closing_delimiters(structure))
                        .get(b.as_bytes());
                    let closed = lines.is_some_and(|at| {
                        at.get(at.partition_point(|&p| p < s))
                            .is_some_and(|&p| p < e)
                    });
                    if !closed {
                        out.problems.push(format!(
                            "part {index}: multipart without its closing boundary {:?}: read up to the end of the message",
                            restore(&format!("--{b}--"))
                        ));
                    }
                    // No line `--boundary` opens a part: the body is
                    // all preamble, read as text as for a multipart
                    // without a boundary (below).
                    let body = structure.get(s..e.max(s)).unwrap_or_default();
                    if opens_a_part(body, b.as_bytes()) {
                        return false;
                    }
                    out.problems.push(format!(
                        "part {index}: multipart without a line {:?} to open a part: read as text",
                        restore(&format!("--{b}"))
                    ));
                }
            }
        }
        // A multipart without a boundary parameter has no parts
        // (RFC 2046 section 5.1.1 requires one; mail-parser gives its
        // body as binary): it is read as plain text, as mail programs
        // show it (a `boundary=` line that lost its fold's indent, in
        // Office 365 bounces).
        _ if ctype.is_some_and(|t| t.starts_with("multipart/"))
            && part
                .content_type()
                .and_then(|c| c.attribute("boundary"))
                .is_none() =>
        {
            // A boundary that no delimiter line follows
            // ([`unfound_boundaries`] renamed its parameter).
            let unfound = part
                .content_type()
                .and_then(|c| c.attribute("boundar7").or_else(|| c.attribute("boundar8")));
            out.problems.push(match unfound {
                Some(b) if b.len() > MAX_BOUNDARY_LEN => format!(
                    "part {index}: multipart boundary of {} bytes (more than {MAX_BOUNDARY_LEN}): read as text",
                    b.len()
                ),
                Some(b) => format!(
                    "part {index}: multipart without a line {:?} after its header: read as text",
                    restore(&format!("--{b}"))
                ),
                None => format!(
                    "part {index}: multipart without a boundary parameter: read as text"
                ),
            });
        }
        _ => return false,
    }
    true
}

/// True when an HTML body sent without a transfer encoding (7bit, 8bit,
/// binary or none declared) is visibly quoted-printable (RFC 2045
/// section 6.7), on the evidence a reader of the source agrees with: at
/// least two attribute values opened as `name=3D"` or `name=3D'` (the
/// `=` of the attribute written `=3D`), more of them than attributes
/// opened plainly (`name="`), and at least one soft line break (`=` at
/// the end of a line). HTML that merely holds `=` (a URL's query, a
/// plain attribute) has no `=3D"` before a value and stays as it is.
pub(super) fn undeclared_qp(body: &[u8]) -> bool {
    let (mut encoded, mut plain, mut soft) = (0usize, 0usize, false);
    let name_before = |i: usize| {
        i > 0
            && body
                .get(i - 1)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b':')
    };
    for i in memchr::memchr_iter(b'=', body) {
        let rest = &body[i + 1..];
        if rest.starts_with(b"\n") || rest.starts_with(b"\r\n") {
            soft = true;
        } else if (rest.starts_with(b"3D\"") || rest.starts_with(b"3D'")) && name_before(i) {
            encoded += 1;
        } else if (rest.starts_with(b"\"") || rest.starts_with(b"'")) && name_before(i) {
            plain += 1;
        }
    }
    soft && encoded >= 2 && encoded > plain
}

/// A base64 body followed by text that is not base64 (a footer
/// Mailman appends to a single-part message): the base64 up to
/// where it stops, then the rest as plain text, a piece of its own.
fn base64_footer<'b>(
    mut body: &'b [u8],
    encoding: Encoding,
    s: usize,
    index: &str,
    ctype: &Option<String>,
) -> (&'b [u8], Option<Piece>) {
    let mut footer = None;
    if encoding == Encoding::Base64 {
        let end = base64::extent(body);
        if !body[end..].trim_ascii().is_empty() {
            footer = Some(Piece {
                text: body[end..].to_vec(),
                kind: SegmentKind::Text,
                chain: Chain::new(
                    vec![OffsetMap::identity(0, (body.len() - end) as u64)],
                    (s + end) as u64,
                ),
                part: Some(Arc::new(PartInfo {
                    index: index.to_owned(),
                    content_type: ctype.clone(),
                })),
                base: None,
                references: false,
            });
            body = &body[..end];
        }
    }
    (body, footer)
}

/// The transfer encoding (RFC 2045 section 6) and the charset (RFC 2046
/// section 4.1.2) of a part's body decoded: its text and the offset maps
/// back to the body.
fn decode<'b>(
    part: &mail_parser::MessagePart<'_>,
    body: &'b [u8],
    encoding: Encoding,
    index: &str,
    out: &mut Message,
) -> (std::borrow::Cow<'b, [u8]>, Vec<OffsetMap>) {
    // Transfer encoding.
    // A body sent as it is stays where it is (copied at most once, when
    // a piece is made of it).
    let (bytes, transfer) = match encoding {
        Encoding::QuotedPrintable => {
            let (b, m) = qp::decode(body);
            (std::borrow::Cow::Owned(b), m)
        }
        Encoding::Base64 => {
            let d = base64::decode(body);
            if d.truncated {
                out.problems
                    .push(format!("part {index}: base64 text is truncated"));
            }
            (std::borrow::Cow::Owned(d.bytes), d.map)
        }
        Encoding::None => (
            std::borrow::Cow::Borrowed(body),
            OffsetMap::identity(0, body.len() as u64),
        ),
    };
    // Charset.
    let label = part
        .content_type()
        .and_then(|c| c.attribute("charset"))
        .map(str::to_string);
    let mut maps = vec![transfer];
    let bytes = match charset::convert(&bytes, label.as_deref()) {
        Ok(charset::Converted::AsIs) => bytes,
        Ok(charset::Converted::Utf8(t, m)) => {
            maps.insert(0, m);
            std::borrow::Cow::Owned(t)
        }
        Err(l) => {
            out.problems.push(format!(
                "part {index}: unknown charset {:?}: read as it is",
                shortened(&l)
            ));
            bytes
        }
    };
    (bytes, maps)
}

/// The pieces of an HTML part (its text and attribute values).
fn html_pieces(
    bytes: &[u8],
    maps: Vec<OffsetMap>,
    s: usize,
    info: &Arc<PartInfo>,
    out: &mut Message,
) {
    let shared: Vec<Arc<OffsetMap>> = maps.into_iter().map(Arc::new).collect();
    for seg in super::super::html::segments(bytes) {
        out.pieces.push(Piece {
            text: seg.text,
            kind: seg.kind,
            chain: Chain::over(seg.map, &shared, s as u64),
            part: Some(info.clone()),
            base: seg.base,
            references: seg.references,
        });
    }
}

/// The piece of a text part, format=flowed (RFC 3676) and quoting undone.
fn text_piece(
    part: &mail_parser::MessagePart<'_>,
    bytes: std::borrow::Cow<'_, [u8]>,
    mut maps: Vec<OffsetMap>,
    s: usize,
    info: Arc<PartInfo>,
    out: &mut Message,
) {
    let flowed = part.content_type().map_or(quote::Flowed::default(), |c| {
        let yes = |name: &str, value: &str| {
            c.attribute(name)
                .is_some_and(|v| v.trim().eq_ignore_ascii_case(value))
        };
        quote::Flowed {
            flowed: yes("format", "flowed"),
            delsp: yes("delsp", "yes"),
        }
    });
    let text = match quote::unquote(&bytes, flowed) {
        Some((t, m)) => {
            maps.insert(0, m);
            t
        }
        None => bytes.into_owned(),
    };
    out.pieces.push(Piece {
        text,
        kind: SegmentKind::Text,
        chain: Chain::new(maps, s as u64),
        part: Some(info),
        base: None,
        references: false,
    });
}
