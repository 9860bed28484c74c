//! Where in a decoded input a record or a finding comes from.
//!
//! This module owns [`Origin`], the fields that JSON records and
//! diagnostics carry beside today's when the input was decoded (a
//! message of a mailbox, a MIME part, an HTML attribute). It does not own
//! the positions themselves: `line`, `column` and the byte offsets of a
//! record always point into the original file.

use serde::Serialize;

/// Where a decoded URI comes from. Every field is left out of the JSON
/// when unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// 0-based index of the message in the mailbox (0 for a single
    /// message file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<u64>,
    /// True when the message is one of a mailbox's (plain output names
    /// it `file#message`); false for a file that is one message.
    #[serde(skip)]
    pub in_mailbox: bool,
    /// 0-based byte offset of the message in the file (of its `From `
    /// separator line in a mailbox).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_offset: Option<u64>,
    /// The message's `Message-ID`, without angle brackets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
    /// Its `Date`, RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Its `From` (RFC 2047 decoded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Its `Subject` (RFC 2047 decoded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// The MIME part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<PartRef>,
    /// What the decoded text is ([`crate::SegmentKind::name`]):
    /// `text`, `header`, `html-text`, `html-attribute`, `html-comment`,
    /// `markdown-text`, `markdown-link`, `code`, `front-matter`.
    pub segment: &'static str,
    /// For `header`: the field name; for `html-attribute`:
    /// `element@attribute` (e.g. `a@href`); for `markdown-link`: `link`,
    /// `image`, `autolink` or `definition`; for `code`: `span`, `fenced`
    /// or `indented`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// True for a URI in code (Markdown code spans and blocks, found with
    /// `--include-code`); left out of the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub in_code: bool,
    /// Line of the URI's start in the decoded text (1-based): of its part
    /// for text (after format=flowed and reply prefixes), of its field for
    /// a header, of its attribute value or text run for HTML.
    pub decoded_line: u64,
    /// Column of the URI's start in that decoded text (1-based, Unicode
    /// scalar values).
    pub decoded_column: u64,
}

/// A MIME part, as records name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartRef {
    /// The part's index in its message (`0` for the message itself;
    /// `2.1` for part 1 of the message/rfc822 part 2).
    pub index: String,
    /// Its content type (`text/plain`), absent for a header field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
}

impl Origin {
    /// Where the URI is, in words, for the human format: `in message 3
    /// <id@host> "Subject", part 2 (text/html), attribute a@href`.
    pub fn describe(&self) -> String {
        let mut s = String::from("in");
        if let Some(m) = self.message {
            s.push_str(&format!(" message {m}"));
            if let Some(id) = &self.message_id {
                s.push_str(&format!(" <{id}>"));
            }
            if let Some(subject) = &self.subject {
                s.push_str(&format!(" {subject:?}"));
            }
            s.push(',');
        }
        if let Some(p) = &self.part {
            match &p.content_type {
                Some(t) => s.push_str(&format!(" part {} ({t}),", p.index)),
                None => s.push_str(&format!(" part {},", p.index)),
            }
        }
        match (self.segment, &self.field) {
            ("header", Some(f)) => s.push_str(&format!(" header field {f}")),
            ("html-attribute", Some(f)) => s.push_str(&format!(" attribute {f}")),
            (kind, _) => s.push_str(&format!(" {kind}")),
        }
        s.push_str(&format!(
            ", decoded line {} column {}",
            self.decoded_line, self.decoded_column
        ));
        s
    }

    /// The name of the input as plain output with `-H` gives it:
    /// `file#message` for a message of a mailbox, else `file`.
    pub fn display_name(&self, file: &str) -> String {
        display_name(file, self.message, self.in_mailbox)
    }
}

/// [`Origin::display_name`] of a URI in message `message` (its index;
/// `in_mailbox`: one of a mailbox's messages) of `file`.
pub fn display_name(file: &str, message: Option<u64>, in_mailbox: bool) -> String {
    match message {
        Some(m) if in_mailbox => format!("{file}#{m}"),
        _ => file.to_string(),
    }
}
