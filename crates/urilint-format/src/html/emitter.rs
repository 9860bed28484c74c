//! The [`html5gum::Emitter`] the tokenizer is given ([`Sink`]): each piece
//! it emits (text, a character reference, a tag, an attribute, a comment)
//! lined up with the input bytes it came from and handed to the
//! [`Collector`].

use super::*;

/// The emitter given to the tokenizer (which keeps it): a handle on the
/// [`Collector`], which is read once the tokenizer is done.
#[derive(Debug)]
pub(super) struct Sink<'c, 'a>(pub(super) &'c mut Collector<'a>);

impl Emitter for Sink<'_, '_> {
    type Token = Infallible;

    fn move_position(&mut self, offset: isize) {
        self.0.position = self.0.position.saturating_add_signed(offset);
    }

    fn set_last_start_tag(&mut self, last_start_tag: Option<&[u8]>) {
        self.0.last_start_tag.clear();
        self.0
            .last_start_tag
            .extend_from_slice(last_start_tag.unwrap_or_default());
    }

    fn emit_eof(&mut self) {
        let c = &mut *self.0;
        c.flush_text();
        // A start tag cut off by the end: its URIs are still given.
        if c.tag == Tag::Start {
            c.flush_attributes();
        }
        c.tag = Tag::None;
    }

    fn emit_error(&mut self, _error: Error) {}

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn pop_token(&mut self) -> Option<Infallible> {
        None
    }

    fn emit_string(&mut self, s: &[u8]) {
        let c = &mut *self.0;
        let style = c.code == Code::Text && matches!(c.content_state, Some((_, "style")));
        if !c.skip_text || style {
            c.text.push(c.html, &mut c.text_cursor, c.position, s);
        }
        c.note_text_point(s);
    }

    fn start_open_tag(&mut self) {
        self.0.tag_start = self.0.position.saturating_sub(1);
    }

    fn init_start_tag(&mut self) {
        let c = &mut *self.0;
        c.tag = Tag::Start;
        c.tag_name.clear();
        c.attributes.clear();
        c.seen.clear();
        c.attribute = None;
        c.attribute_name.clear();
    }

    fn init_end_tag(&mut self) {
        self.init_start_tag();
        self.0.tag = Tag::End;
    }

    fn init_comment(&mut self) {}

    fn emit_current_tag(&mut self) -> Option<State> {
        let c = &mut *self.0;
        // In a mail part, text goes on across the tags of inline
        // elements that only style it (`<span>`, `<b>`, `<font>`,
        // `<wbr>`): a reader sees `https://verification.</span><span
        // ...>metamask.io/KYC` as one run of text.
        if !(c.code == Code::Text && c.content_state.is_none() && joins_text(&c.tag_name)) {
            c.flush_text();
        }
        let state = match c.tag {
            Tag::Start => {
                c.flush_attributes();
                c.tag_name.make_ascii_lowercase();
                c.count_code_element(true);
                c.skip_text = matches!(c.tag_name.as_slice(), b"script" | b"style");
                c.last_start_tag.clear();
                c.last_start_tag.extend_from_slice(&c.tag_name);
                c.content_state = next_state(&c.tag_name);
                c.script_escaped = false;
                c.content_state.map(|(state, _)| state)
            }
            Tag::End | Tag::None => {
                if c.tag == Tag::End {
                    c.tag_name.make_ascii_lowercase();
                    c.count_code_element(false);
                }
                c.skip_text = false;
                c.last_start_tag.clear();
                c.content_state = None;
                None
            }
        };
        c.tag = Tag::None;
        c.attribute = None;
        c.attribute_name.clear();
        c.text_cursor = c.position;
        c.note_tag_point();
        state
    }

    fn emit_current_comment(&mut self) {
        let c = &mut *self.0;
        c.flush_text();
        let end = c.position.min(c.html.len());
        let token = c.tag_start.min(end)..end;
        let range = comment_content(c.html, token.clone());
        let raw = &c.html[token];
        let dashes = raw.starts_with(b"<!--");
        let closed = comment_close(raw).is_some();
        if let Some(text) = c.html.get(range.clone()) {
            if text == b"beginarticle" {
                c.article = true;
            }
            if let Some(body) = (c.code == Code::Text && !c.conditional)
                .then(|| outlook_conditional(text))
                .flatten()
            {
                // Outlook's conditional comment: markup Outlook reads,
                // read as HTML (its links and images with their roles).
                let at = range.start + body.start;
                let inner = &c.html[at..range.start + body.end];
                let mut collector = Collector::new(inner, Code::Text);
                collector.conditional = true;
                let tokenizer = Tokenizer::new_with_emitter(inner, Sink(&mut collector));
                let Ok(()) = tokenizer.finish();
                for mut seg in collector.segments {
                    seg.map.shift(at as u64);
                    c.segments.push(seg);
                }
            } else if text.iter().any(|b| !is_space(*b)) {
                c.segments.push(Segment {
                    text: text.to_vec(),
                    kind: SegmentKind::HtmlComment,
                    map: OffsetMap::identity(range.start as u64, text.len() as u64),
                    base: None,
                    references: false,
                });
            }
        }
        c.text_cursor = c.position;
        if closed {
            c.note_tag_point();
        } else {
            c.open_comment = Some((range.start, dashes));
            c.emitted = c.position;
        }
    }

    fn emit_current_doctype(&mut self) {
        let c = &mut *self.0;
        c.flush_text();
        // The doctype as written: its system identifier is a URI
        // (`"http://www.w3.org/TR/html4/loose.dtd"`), found as in text;
        // only when the tokenizer read one (a URL after the public
        // identifier without its opening quote makes a bogus doctype,
        // HTML section 13.2.5.63: no system identifier, as a browser).
        let end = c.position.min(c.html.len());
        let start = memchr::memrchr(b'<', &c.html[..end]).filter(|_| c.doctype_system);
        c.doctype_system = false;
        if let Some(start) = start {
            let text = &c.html[start..end];
            if memchr::memchr(b':', text).is_some() {
                c.segments.push(Segment {
                    text: text.to_vec(),
                    kind: SegmentKind::HtmlAttribute {
                        element: "!doctype".to_string(),
                        attribute: "identifier".to_string(),
                    },
                    map: OffsetMap::identity(start as u64, text.len() as u64),
                    base: None,
                    references: false,
                });
            }
        }
        c.text_cursor = c.position;
        c.note_tag_point();
    }

    fn set_self_closing(&mut self) {}

    fn set_force_quirks(&mut self) {}

    fn push_tag_name(&mut self, s: &[u8]) {
        self.0.tag_name.extend_from_slice(s);
    }

    fn push_comment(&mut self, _s: &[u8]) {}

    fn push_doctype_name(&mut self, _s: &[u8]) {}

    fn init_doctype(&mut self) {
        self.0.doctype_system = false;
    }

    fn init_attribute(&mut self) {
        self.0.finish_attribute();
    }

    fn init_attribute_value(&mut self) {
        let c = &mut *self.0;
        c.attribute_value.clear();
        c.attribute = match url_attribute(&c.tag_name, &c.attribute_name) {
            Some((name, kind)) if c.tag == Tag::Start && !c.seen.contains(&name) => {
                Some((Some(name), kind))
            }
            Some(_) => None,
            None if c.tag == Tag::Start => Some((None, UrlValue::Text)),
            None => None,
        };
        c.attribute_cursor = c.position;
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        self.0.attribute_name.extend_from_slice(s);
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        let c = &mut *self.0;
        if c.attribute.is_some() {
            c.attribute_value
                .push(c.html, &mut c.attribute_cursor, c.position, s);
        }
    }

    fn set_doctype_public_identifier(&mut self, _value: &[u8]) {}

    fn set_doctype_system_identifier(&mut self, _value: &[u8]) {
        self.0.doctype_system = true;
    }

    fn push_doctype_public_identifier(&mut self, _s: &[u8]) {}

    fn push_doctype_system_identifier(&mut self, _s: &[u8]) {}

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        let c = &*self.0;
        c.tag == Tag::End
            && !c.last_start_tag.is_empty()
            && c.tag_name.eq_ignore_ascii_case(&c.last_start_tag)
    }
}
