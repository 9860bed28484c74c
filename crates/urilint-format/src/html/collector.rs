//! The emitter's state ([`Collector`]): the segments so far, the text run,
//! tag and attributes being read, code elements, the `<base href>`, and
//! the places a window of the input could be cut ([`super::window_segments`]);
//! and the content of comment tokens.

use super::*;

/// The content range of a comment token at `range` of the input (`<!--`,
/// `<!`, `</` and `-->`, `--!>`, `>` left out).
pub(super) fn comment_content(html: &[u8], range: Range<usize>) -> Range<usize> {
    let raw = html.get(range.clone()).unwrap_or_default();
    let open = if raw.starts_with(b"<!--") {
        4
    } else if raw.starts_with(b"<?") {
        // Bogus comments: `<!x`, `</0`, `<?x` (the `?` is part of it).
        1
    } else {
        2
    };
    let close = comment_close(raw).unwrap_or(0);
    let end = range.start + raw.len().saturating_sub(close);
    (range.start + open).min(end)..end
}

/// The length of the closing delimiter of comment token `raw`, `None`
/// when the end of the input cut it off: `-->` or `--!>` after the
/// `<!--` (or `>` and `->` right after it, `<!-->` and `<!--->`), `>`
/// for a bogus comment. (`<!--!>` is not closed: its dashes open it.)
pub(super) fn comment_close(raw: &[u8]) -> Option<usize> {
    match raw.strip_prefix(b"<!--") {
        Some(b">") => Some(1),
        Some(b"->") => Some(2),
        Some(c) if c.ends_with(b"--!>") => Some(4),
        Some(c) if c.ends_with(b"-->") => Some(3),
        Some(_) => None,
        None => raw.ends_with(b">").then_some(1),
    }
}

/// The body of an Outlook conditional comment whose content is `text`
/// (`[if mso]>BODY<![endif]`, `[if gte mso 9]>`, `[if (mso)|(IE)]>`:
/// a condition naming `mso` that Outlook's Word engine takes as true,
/// not `!mso` nor `not mso`): its range in `text`. `None` for other
/// comments, and for the downlevel-revealed `<!--[if !mso]><!-->`.
pub(super) fn outlook_conditional(text: &[u8]) -> Option<Range<usize>> {
    let rest = text.strip_prefix(b"[if")?;
    let close = memchr::memmem::find(rest, b"]>")?;
    let condition = rest[..close].to_ascii_lowercase();
    let names_mso = memchr::memmem::find(&condition, b"mso").is_some();
    let negated = memchr::memmem::find(&condition, b"!").is_some()
        || memchr::memmem::find(&condition, b"not").is_some();
    if !names_mso || negated {
        return None;
    }
    let start = 3 + close + 2;
    let end = if text.ends_with(b"<![endif]") {
        text.len() - b"<![endif]".len()
    } else {
        text.len()
    };
    (start <= end).then_some(start..end)
}

/// What the current tag token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tag {
    None,
    Start,
    End,
}

/// A URI-valued attribute of the current start tag, its value read.
#[derive(Debug)]
pub(super) struct UrlAttribute {
    pub(super) name: std::borrow::Cow<'static, str>,
    pub(super) kind: UrlValue,
    pub(super) value: Decoded,
}

/// The emitter's state: the segments so far and the tokens being read.
#[derive(Debug)]
pub(super) struct Collector<'a> {
    pub(super) html: &'a [u8],
    /// The tokenizer's position (input bytes consumed).
    pub(super) position: usize,
    pub(super) segments: Vec<Segment>,
    /// The first `<base href>` value, once seen (`Some(None)`: empty).
    pub(super) base: Option<Option<Arc<str>>>,
    /// The segment of that value.
    pub(super) base_segment: Option<usize>,

    /// The current text run; input before `text_cursor` is accounted for.
    pub(super) text: Decoded,
    pub(super) text_cursor: usize,
    /// Inside `<script>` or `<style>`.
    pub(super) skip_text: bool,
    /// What is done with code elements' text.
    pub(super) code: Code,
    /// Code elements open (start tags less end tags, never below 0).
    pub(super) code_depth: u32,
    /// The outermost open code element's name.
    pub(super) code_element: &'static str,
    /// A pipermail article page: `<pre>` is the message body.
    pub(super) article: bool,
    /// Source ranges of code text runs.
    pub(super) code_ranges: Vec<Range<u64>>,

    pub(super) tag: Tag,
    pub(super) tag_name: Vec<u8>,
    pub(super) last_start_tag: Vec<u8>,
    /// Where the current tag or comment starts (its `<`).
    pub(super) tag_start: usize,

    pub(super) attribute_name: Vec<u8>,
    /// The current attribute, when its value is read as URIs: its name
    /// when it is one of [`url_attribute`]'s, else `None` (the name is
    /// `attribute_name` lowercased, made only if the value is kept).
    pub(super) attribute: Option<(Option<&'static str>, UrlValue)>,
    pub(super) attribute_value: Decoded,
    pub(super) attribute_cursor: usize,
    /// URI-valued attributes of the current start tag, values read.
    pub(super) attributes: Vec<UrlAttribute>,
    /// Names of the URI-valued attributes seen in the current start tag
    /// (a repeated attribute is ignored, as in HTML).
    pub(super) seen: Vec<&'static str>,

    /// The content of a raw text or RCDATA element being read.
    pub(super) content_state: Option<(State, &'static str)>,
    /// The position after the last piece emitted (the start of the next
    /// text piece's input bytes).
    pub(super) emitted: usize,
    /// Note where the input could be cut, at or after this offset.
    pub(super) points: Option<usize>,
    /// The last tag, comment or doctype end there: the offset, the
    /// segments given before it, the state after it.
    pub(super) tag_point: Option<(usize, usize, Resume)>,
    /// The last place in content there (see [`window_segments`]).
    pub(super) text_point: Option<(usize, Resume)>,
    /// A comment cut off by the end of the input: where its content
    /// starts, and whether it is a `<!--` one.
    pub(super) open_comment: Option<(usize, bool)>,
    /// The script being read holds `<!--`: the tokenizer may be in one
    /// of its escaped states, which a window cannot start in.
    pub(super) script_escaped: bool,
    /// Reading the body of an Outlook conditional comment (whose own
    /// conditional comments are comments: one level only).
    pub(super) conditional: bool,
    /// The doctype being read has a system identifier.
    pub(super) doctype_system: bool,
}

impl<'a> Collector<'a> {
    pub(super) fn new(html: &'a [u8], code: Code) -> Collector<'a> {
        Collector {
            html,
            position: 0,
            segments: Vec::new(),
            base: None,
            base_segment: None,
            text: Decoded::default(),
            text_cursor: 0,
            skip_text: false,
            doctype_system: false,
            code,
            code_depth: 0,
            code_element: "",
            article: false,
            code_ranges: Vec::new(),
            tag: Tag::None,
            tag_name: Vec::new(),
            last_start_tag: Vec::new(),
            tag_start: 0,
            attribute_name: Vec::new(),
            attribute: None,
            attribute_value: Decoded::default(),
            attribute_cursor: 0,
            attributes: Vec::new(),
            seen: Vec::new(),
            content_state: None,
            emitted: 0,
            points: None,
            tag_point: None,
            text_point: None,
            open_comment: None,
            script_escaped: false,
            conditional: false,
        }
    }

    /// Starts reading in the state `from` (the start of a window).
    pub(super) fn start_in(&mut self, from: &Resume) {
        self.content_state = from.content;
        if let Some((_, name)) = from.content {
            self.last_start_tag.clear();
            self.last_start_tag.extend_from_slice(name.as_bytes());
        }
        self.skip_text = from.skip_text;
        self.code_depth = from.code_depth;
        self.code_element = from.code_element;
        self.article = from.article;
        self.base = from.base.clone();
    }

    /// The state here, to start a window in.
    pub(super) fn resume(&self) -> Resume {
        Resume {
            content: self.content_state,
            comment: None,
            skip_text: self.skip_text,
            code_depth: self.code_depth,
            code_element: self.code_element,
            article: self.article,
            base: self.base.clone(),
        }
    }

    /// Notes the end of a tag, comment or doctype at the tokenizer's
    /// position as a place to cut.
    pub(super) fn note_tag_point(&mut self) {
        if self
            .points
            .is_some_and(|from| self.position >= from && self.position > 0)
        {
            let resume = self.resume();
            self.tag_point = Some((self.position, self.segments.len(), resume));
        }
        self.emitted = self.position;
    }

    /// Notes a place to cut in the content just read (the input bytes
    /// from `emitted` to the tokenizer's position, given as `decoded`),
    /// when it was read as it is: at its end in skipped script or style
    /// text, else after its last white space.
    pub(super) fn note_text_point(&mut self, decoded: &[u8]) {
        let end = self.position.min(self.html.len());
        let start = self.emitted.min(end);
        self.emitted = end;
        let Some(from) = self.points else { return };
        if self.skip_text {
            // `<!--` in a script (looked for from 3 bytes back, across
            // pieces) puts the tokenizer in states a window cannot start
            // in: no cut in the rest of that script.
            let back = start.saturating_sub(3);
            if memchr::memmem::find(&self.html[back..end], b"<!--").is_some() {
                self.script_escaped = true;
            }
        }
        if end < from || end == 0 {
            return;
        }
        // Only where the tokenizer has read no further than the piece
        // (it may have read a `<` that starts a tag or an escape).
        let raw = &self.html[start..end];
        if raw != decoded {
            return;
        }
        let at = if self.skip_text {
            // Not after `<!--` in a script, nor within 8 bytes of a `<`
            // (the tokenizer may be reading `<!--` or `</script`).
            let recent = &self.html[end.saturating_sub(8)..end];
            if self.script_escaped || memchr::memchr(b'<', recent).is_some() {
                return;
            }
            end
        } else {
            match memchr::memrchr(b'\n', raw).or_else(|| raw.iter().rposition(|b| is_space(*b))) {
                Some(p) if start + p + 1 >= from => start + p + 1,
                _ => return,
            }
        };
        // Not at the end: the end of the input makes the tokenizer give
        // what it holds (a `<` that may start a tag).
        if at >= self.html.len() {
            return;
        }
        let resume = self.resume();
        self.text_point = Some((at, resume));
    }

    /// Where to cut `html` (this collector's input, read to its end) in
    /// content at or after `from`, and the state there: in a comment that
    /// the end cut off, after its last white space; else the last place
    /// noted in text.
    pub(super) fn content_point(&self, html: &[u8], from: usize) -> Option<(usize, Resume)> {
        if let Some((start, dashes)) = self.open_comment {
            if let Some(at) = last_space(html, from.max(start)) {
                let mut resume = self.resume();
                resume.comment = Some(dashes);
                return Some((at, resume));
            }
        }
        self.text_point.clone()
    }

    /// Gives the current text run as a segment unless it is whitespace
    /// (or code that is left out).
    pub(super) fn flush_text(&mut self) {
        if matches!(self.content_state, Some((_, "style"))) {
            // A mail part's `<style>` (read only there): the URLs of its
            // CSS `url()`, each one reference.
            for range in css_urls(&self.text.text) {
                let kind = SegmentKind::HtmlAttribute {
                    element: "style".to_string(),
                    attribute: "url".to_string(),
                };
                self.segments.push(self.text.segment(range, kind, true));
            }
            self.text.clear();
            return;
        }
        if self.text.text.iter().any(|b| !is_space(*b)) {
            let len = self.text.text.len();
            let code = self.code_depth > 0 && self.code != Code::Text;
            let kind = match self.content_state {
                _ if code => SegmentKind::Code(self.code_element),
                Some((_, e @ ("noframes" | "noembed" | "iframe"))) => SegmentKind::HtmlFallback(e),
                _ => SegmentKind::HtmlText,
            };
            let segment = self.text.segment(0..len, kind, false);
            if code {
                self.code_ranges
                    .push(segment.map.span(0..segment.text.len() as u64));
            }
            if !code || self.code == Code::Keep {
                self.segments.push(segment);
            }
        }
        self.text.clear();
    }

    /// Counts the code element a start or end tag named `tag_name` opens
    /// or closes.
    pub(super) fn count_code_element(&mut self, start: bool) {
        let Some(name) = code_element(&self.tag_name) else {
            return;
        };
        if name == "pre" && self.article {
            return;
        }
        if start {
            if self.code_depth == 0 {
                self.code_element = name;
            }
            self.code_depth += 1;
        } else {
            self.code_depth = self.code_depth.saturating_sub(1);
        }
    }

    /// Ends the current attribute: keeps its value if it holds URIs.
    /// Of the other attributes, only values that hold a `:` (that could
    /// hold a URI) are kept, and those of `http-equiv` and `content`
    /// (`<meta http-equiv=refresh content="5; url=x">`): a `style` or
    /// `class` value costs no allocation ([`Collector::flush_attributes`]
    /// gives nothing for the others).
    pub(super) fn finish_attribute(&mut self) {
        if let Some((name, kind)) = self.attribute.take() {
            let value = &self.attribute_value.text;
            let kept = !value.is_empty()
                && (name.is_some()
                    || memchr::memchr(b':', value).is_some()
                    || (self.code == Code::Text
                        && self.attribute_name.eq_ignore_ascii_case(b"style"))
                    || self.attribute_name.eq_ignore_ascii_case(b"http-equiv")
                    || self.attribute_name.eq_ignore_ascii_case(b"content"));
            if kept {
                let name = match name {
                    Some(n) => std::borrow::Cow::Borrowed(n),
                    None => std::borrow::Cow::Owned(
                        String::from_utf8_lossy(&self.attribute_name).to_ascii_lowercase(),
                    ),
                };
                let value = std::mem::take(&mut self.attribute_value);
                self.attributes.push(UrlAttribute { name, kind, value });
            }
        }
        if let Some((name, _)) = url_attribute(&self.tag_name, &self.attribute_name) {
            if !self.seen.contains(&name) {
                self.seen.push(name);
            }
        }
        self.attribute_name.clear();
        self.attribute_value.clear();
    }

    /// Gives the segments of the current start tag's URI attributes.
    pub(super) fn flush_attributes(&mut self) {
        self.finish_attribute();
        if self.attributes.is_empty() {
            // Most tags: nothing to give, no element name to make.
            self.seen.clear();
            return;
        }
        let element = String::from_utf8_lossy(&self.tag_name).to_ascii_lowercase();
        let is_base = element == "base";
        // `<meta http-equiv=refresh content="5; url=...">`: the content's
        // URL is one reference, which the browser follows.
        let refresh = element == "meta"
            && self.attributes.iter().any(|a| {
                let v = &a.value.text;
                a.name.eq_ignore_ascii_case("http-equiv")
                    && v.get(trim(v, 0..v.len()))
                        .is_some_and(|t| t.eq_ignore_ascii_case(b"refresh"))
            });
        for attr in std::mem::take(&mut self.attributes) {
            let text = &attr.value.text;
            let kind = || SegmentKind::HtmlAttribute {
                element: element.clone(),
                attribute: attr.name.to_string(),
            };
            match attr.kind {
                UrlValue::One => {
                    let range = trim(text, 0..text.len());
                    if is_base && attr.name == "href" && self.base.is_none() {
                        let value = text.get(range.clone()).unwrap_or_default();
                        self.base = Some(
                            (!value.is_empty()).then(|| Arc::from(String::from_utf8_lossy(value))),
                        );
                        self.base_segment = (!range.is_empty()).then_some(self.segments.len());
                    }
                    if !range.is_empty() {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
                UrlValue::Text if refresh && attr.name == "content" => {
                    if let Some(range) = refresh_url(text) {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
                UrlValue::Text if self.code == Code::Text && attr.name == "style" => {
                    // In a mail part, the URLs of a style's CSS `url()`
                    // (background images a browser loads), each one
                    // reference; the rest of the CSS holds none.
                    for range in css_urls(text) {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
                UrlValue::Text if attr.name == "xmlns" || attr.name.starts_with("xmlns:") => {
                    // A namespace name is one URI reference, the whole
                    // value (Namespaces in XML 1.0 section 2.2): not a URI
                    // inside text (`xmlns:o="3D&quot;urn:schemas-micr="`,
                    // quoted-printable an HTML parser mangled, names none).
                    // Only an absolute one: a name is never resolved
                    // against a base URI.
                    let range = trim(text, 0..text.len());
                    if text.get(range.clone()).is_some_and(has_scheme) {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
                UrlValue::Text => {
                    // Only values that could hold a URI (a ':'), as text.
                    if memchr::memchr(b':', text).is_some() {
                        let range = 0..text.len();
                        self.segments.push(attr.value.segment(range, kind(), false));
                    }
                }
                UrlValue::Srcset => {
                    for range in srcset_urls(text) {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
            }
        }
        self.seen.clear();
    }

    /// The segments, each with the document's base (one shared string).
    pub(super) fn finish(mut self) -> Vec<Segment> {
        if let Some(Some(base)) = self.base.take() {
            for (i, s) in self.segments.iter_mut().enumerate() {
                if Some(i) != self.base_segment {
                    s.base = Some(base.clone());
                }
            }
        }
        self.segments
    }
}

/// True when `value` starts with a URI scheme and its `:` (RFC 3986
/// section 3.1: a letter, then letters, digits, `+`, `-`, `.`).
fn has_scheme(value: &[u8]) -> bool {
    let name = value
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    name > 0 && value[0].is_ascii_alphabetic() && value.get(name) == Some(&b':')
}
