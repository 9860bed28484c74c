//! Mailboxes: the messages of an mbox file, one at a time (RFC 4155).
//!
//! This module owns splitting a mailbox into messages while keeping where
//! each is in the file: a message starts after a separator line
//! (`From ` at the start of a line that is the first of the file or
//! follows an empty line or a MIME close delimiter `--boundary--`, or
//! Netscape's and Mozilla's `From - ` line anywhere) and ends before the
//! next one. It reads the file once, as a stream, and holds one message
//! at a time (at most [`MAX_MESSAGE`] bytes of it; the rest of a bigger
//! message is skipped and [`RawMessage::truncated`] says so).
//!
//! mboxrd and mboxo quote body lines that start with `From ` as `>From `;
//! [`unquote_from`] takes one `>` off lines matching `>+From `, with a map
//! back (mboxo's own `>From ` lines lose a `>` they had: harmless to URIs).
//! Content-Length headers (mboxcl) are not used: messages are split at
//! separators. It does not own parsing a message (`super::mail`).

use std::io::{self, BufRead};

use super::map::OffsetMap;

/// The most bytes of one message that are kept (64 MiB).
pub const MAX_MESSAGE: usize = 64 * 1024 * 1024;

/// One message of a mailbox, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawMessage {
    /// 0-based index of the message in the file.
    pub index: u64,
    /// Byte offset of its separator line in the file (0-based); of the
    /// message itself when there is none (text before the first
    /// separator).
    pub offset: u64,
    /// Byte offset of the message (just after its separator line).
    pub start: u64,
    /// 1-based line number of the message's first line in the file.
    pub line: u64,
    /// The message's bytes as stored (still `>From `-quoted), up to
    /// [`MAX_MESSAGE`].
    pub bytes: Vec<u8>,
    /// True when the message was longer than [`MAX_MESSAGE`] and its end
    /// was skipped.
    pub truncated: bool,
}

/// Where a split of a mailbox is, whether over a stream ([`Mbox`]) or
/// over bytes in memory ([`Spans`]): the one state machine both run, so
/// that they split alike.
#[derive(Debug)]
struct Split {
    /// Bytes split so far.
    offset: u64,
    /// Lines split so far.
    lines: u64,
    index: u64,
    /// The separator line that starts the next message: its offset.
    next_separator: Option<u64>,
    /// The previous line may come before a separator (see
    /// [`before_separator`]), or there was none.
    after_blank: bool,
    done: bool,
    max: usize,
}

impl Split {
    fn new(max: usize) -> Split {
        Split {
            offset: 0,
            lines: 0,
            index: 0,
            next_separator: None,
            after_blank: true,
            done: false,
            max,
        }
    }

    /// The next message's index, separator offset, start and first line,
    /// and whether it has begun (its separator line was read).
    fn begin(&self) -> (u64, u64, u64, u64, bool) {
        (
            self.index,
            self.next_separator.unwrap_or(self.offset),
            self.offset,
            self.lines + 1,
            self.next_separator.is_some(),
        )
    }

    /// Takes the whole lines of `block` (which starts a line and ends
    /// one) up to its first separator line, which is left for
    /// [`Split::line`]; returns how many bytes. `quoted` is set as
    /// [`first_separator_noting`] sets it.
    fn block(&mut self, block: &[u8], quoted: &mut bool) -> usize {
        let take = first_separator_noting(block, self.after_blank, quoted).unwrap_or(block.len());
        if take == 0 {
            return 0;
        }
        let chunk = &block[..take];
        let last_line = match memchr::memrchr(b'\n', &chunk[..take - 1]) {
            Some(p) => &chunk[p + 1..],
            None => chunk,
        };
        self.after_blank = before_separator(last_line);
        self.lines += memchr::memchr_iter(b'\n', chunk).count() as u64;
        self.offset += take as u64;
        take
    }

    /// Takes one line read alone (with its line end, if it has one);
    /// gives its offset when it is a separator line.
    fn line(&mut self, line: &[u8]) -> Option<u64> {
        let at = self.offset;
        self.offset += line.len() as u64;
        self.lines += 1;
        let is_separator = (self.after_blank && is_separator(line)) || is_mozilla_separator(line);
        self.after_blank = before_separator(line);
        is_separator.then_some(at)
    }

    /// The separator line at `at` ends the message split so far.
    fn ends_at(&mut self, at: u64) {
        self.next_separator = Some(at);
        self.index += 1;
    }

    /// How many bytes of `chunk` (whole lines) a message that keeps
    /// `kept` bytes so far takes within the cap, and whether the cap cut
    /// it there.
    fn fits(&self, kept: usize, chunk: &[u8]) -> (usize, bool) {
        let room = self.max.saturating_sub(kept);
        if chunk.len() <= room {
            (chunk.len(), false)
        } else {
            (
                memchr::memrchr(b'\n', &chunk[..room]).map_or(0, |p| p + 1),
                true,
            )
        }
    }

    /// How many bytes at the end of a message's kept bytes `kept` are
    /// the empty line before the next separator, which belongs to it.
    fn blank_before_next(&self, kept: &[u8], truncated: bool) -> usize {
        if self.next_separator.is_none() || self.done || truncated {
            0
        } else if kept.ends_with(b"\r\n\r\n") {
            2
        } else if kept.ends_with(b"\n\n") {
            1
        } else {
            0
        }
    }
}

/// The messages of a mailbox read from `reader`.
pub struct Mbox<R> {
    reader: R,
    split: Split,
}

impl<R: BufRead> Mbox<R> {
    /// Reads messages from `reader`, the mailbox from its first byte.
    pub fn new(reader: R) -> Mbox<R> {
        Mbox::with_limit(reader, MAX_MESSAGE)
    }

    /// Like [`Mbox::new`], keeping at most `max` bytes of a message.
    pub fn with_limit(reader: R, max: usize) -> Mbox<R> {
        Mbox {
            reader,
            split: Split::new(max),
        }
    }

    /// The next message, `None` after the last.
    ///
    /// # Errors
    /// A read error of the underlying reader.
    pub fn next_message(&mut self) -> io::Result<Option<RawMessage>> {
        if self.split.done {
            return Ok(None);
        }
        let (index, offset, start, line, mut any) = self.split.begin();
        let mut msg = RawMessage {
            index,
            offset,
            start,
            line,
            ..RawMessage::default()
        };
        loop {
            // Whole lines up to the next separator line, in bulk.
            if self.bulk(&mut msg)? > 0 {
                any = true;
            }
            // Then one line alone: the separator, or a line that runs past
            // the buffer. It is read straight into the message (no second
            // copy) and taken back out when it is a separator or over the
            // cap.
            let start = msg.bytes.len();
            let n = self.reader.read_until(b'\n', &mut msg.bytes)?;
            if n == 0 {
                self.split.done = true;
                break;
            }
            if let Some(at) = self.split.line(&msg.bytes[start..]) {
                msg.bytes.truncate(start);
                if any {
                    // The next message starts here.
                    self.split.ends_at(at);
                    return Ok(Some(self.finish(msg)));
                }
                // The first separator of the file: the message follows.
                (_, msg.offset, msg.start, msg.line, _) = self.split.begin();
                msg.offset = at;
                any = true;
                continue;
            }
            any = true;
            if msg.truncated || msg.bytes.len() > self.split.max {
                msg.bytes.truncate(start);
                msg.truncated = true;
            }
        }
        if !any {
            return Ok(None);
        }
        self.split.index += 1;
        Ok(Some(self.finish(msg)))
    }

    /// Moves the whole lines at the start of the reader's buffer into
    /// `msg`, up to the first separator line (which is left for the line
    /// by line path); returns how many bytes. A line that runs past the
    /// buffer is left too.
    fn bulk(&mut self, msg: &mut RawMessage) -> io::Result<usize> {
        let buf = self.reader.fill_buf()?;
        let Some(last) = memchr::memrchr(b'\n', buf) else {
            return Ok(0);
        };
        let take = self.split.block(&buf[..=last], &mut false);
        if take == 0 {
            return Ok(0);
        }
        let chunk = &buf[..take];
        if !msg.truncated {
            // Whole lines, as long as the message stays within the cap.
            let (fits, cut) = self.split.fits(msg.bytes.len(), chunk);
            if !cut {
                // Room for the separator line read next too, so that the
                // message is not copied again to grow by it.
                msg.bytes.reserve(chunk.len() + 256);
            }
            msg.bytes.extend_from_slice(&chunk[..fits]);
            msg.truncated = cut;
        }
        self.reader.consume(take);
        Ok(take)
    }

    fn finish(&self, mut msg: RawMessage) -> RawMessage {
        let blank = self.split.blank_before_next(&msg.bytes, msg.truncated);
        msg.bytes.truncate(msg.bytes.len() - blank);
        msg
    }
}

/// Where one message of a mailbox held in memory is ([`Spans`]): what
/// a [`RawMessage`] holds but its bytes, which are
/// `mailbox[start..start + len]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageSpan {
    /// 0-based index of the message in the file.
    pub index: u64,
    /// Byte offset of its separator line (0-based), as
    /// [`RawMessage::offset`].
    pub offset: u64,
    /// Byte offset of the message (just after its separator line).
    pub start: u64,
    /// 1-based line number of the message's first line in the file.
    pub line: u64,
    /// How many of its bytes are kept, from `start` (at most
    /// [`MAX_MESSAGE`]).
    pub len: usize,
    /// True when the message was longer than the cap and its end is not
    /// kept.
    pub truncated: bool,
    /// False when the message surely holds no mboxrd-quoted `>From ` line
    /// ([`unquote_from`] would find none): the split saw every `From ` in
    /// it.
    pub quoted_from: bool,
}

impl MessageSpan {
    /// The message's kept bytes in `mailbox`, the bytes it was split
    /// from (empty if `mailbox` is shorter than that).
    pub fn bytes<'a>(&self, mailbox: &'a [u8]) -> &'a [u8] {
        let start = usize::try_from(self.start).unwrap_or(usize::MAX);
        mailbox
            .get(start..start.saturating_add(self.len))
            .unwrap_or_default()
    }

    /// The message as [`Mbox::next_message`] gives it: its bytes copied
    /// out of `mailbox`.
    pub fn to_raw(&self, mailbox: &[u8]) -> RawMessage {
        RawMessage {
            index: self.index,
            offset: self.offset,
            start: self.start,
            line: self.line,
            bytes: self.bytes(mailbox).to_vec(),
            truncated: self.truncated,
        }
    }
}

/// The messages of a mailbox held in memory (a mapped file), split as
/// [`Mbox`] splits a stream (the same separators, offsets, line numbers
/// and cap: the same state machine) but without copying them: each is a
/// [`MessageSpan`] of the bytes, so that the thread that decodes a
/// message is the one that copies it, and the thread that splits only
/// searches for separators.
pub struct Spans<'a> {
    bytes: &'a [u8],
    split: Split,
    /// The most bytes the bulk step looks at at once.
    window: usize,
}

/// The most bytes [`Spans`] looks at in one step of its bulk search for
/// separator lines (4 MiB): the window the stream's buffer is for
/// [`Mbox`] (the split does not depend on it), so that the part of a
/// long message past the cap is passed in steps
/// ([`Spans::next_span_passing`]).
pub const SPLIT_WINDOW: usize = 4 << 20;

impl<'a> Spans<'a> {
    /// The messages of `bytes`, a whole mailbox.
    pub fn new(bytes: &'a [u8]) -> Spans<'a> {
        Spans::with_limit(bytes, MAX_MESSAGE)
    }

    /// Like [`Spans::new`], keeping at most `max` bytes of a message.
    pub fn with_limit(bytes: &'a [u8], max: usize) -> Spans<'a> {
        Spans {
            bytes,
            split: Split::new(max),
            window: SPLIT_WINDOW,
        }
    }

    /// How many bytes of the mailbox are split so far: the offset where
    /// the next message (its separator line) begins.
    pub fn split_bytes(&self) -> usize {
        usize::try_from(self.split.offset).unwrap_or(usize::MAX)
    }

    /// The bytes not split yet.
    fn rest(&self) -> &'a [u8] {
        let at = usize::try_from(self.split.offset).unwrap_or(usize::MAX);
        self.bytes.get(at..).unwrap_or_default()
    }

    /// The next message, `None` after the last: [`Mbox::next_message`]'s
    /// loop with a window of the mailbox ([`SPLIT_WINDOW`]) as its
    /// buffer.
    pub fn next_span(&mut self) -> Option<MessageSpan> {
        self.next_span_passing(&mut |_| {})
    }

    /// [`Spans::next_span`], calling `passed` with each range of the
    /// mailbox (byte offsets) that the split went over and that the
    /// message does not keep: the part of a message past the cap, which
    /// nothing reads again, so that a caller holding the bytes mapped
    /// can hand those pages back while the split goes on (a message of
    /// gigabytes without a separator line).
    pub fn next_span_passing(
        &mut self,
        passed: &mut dyn FnMut(std::ops::Range<usize>),
    ) -> Option<MessageSpan> {
        if self.split.done {
            return None;
        }
        let (index, offset, start, line, mut any) = self.split.begin();
        let mut msg = MessageSpan {
            index,
            offset,
            start,
            line,
            ..MessageSpan::default()
        };
        loop {
            // Whole lines up to the next separator line, in bulk.
            let rest = self.rest();
            let window = &rest[..rest.len().min(self.window)];
            if let Some(last) = memchr::memrchr(b'\n', window) {
                let take = self.split.block(&window[..=last], &mut msg.quoted_from);
                if take > 0 {
                    if !msg.truncated {
                        let (fits, cut) = self.split.fits(msg.len, &rest[..take]);
                        msg.len += fits;
                        msg.truncated = cut;
                    }
                    any = true;
                }
            }
            if msg.truncated {
                let kept_end = usize::try_from(msg.start).unwrap_or(usize::MAX) + msg.len;
                passed(kept_end..self.split_bytes());
            }
            // Then one line alone: the separator, or the last line when
            // it has no line end.
            let rest = self.rest();
            if rest.is_empty() {
                self.split.done = true;
                break;
            }
            let line = &rest[..memchr::memchr(b'\n', rest).map_or(rest.len(), |p| p + 1)];
            if let Some(at) = self.split.line(line) {
                if any {
                    // The next message starts here.
                    self.split.ends_at(at);
                    return Some(self.finish(msg));
                }
                // The first separator of the file: the message follows.
                (_, _, msg.start, msg.line, _) = self.split.begin();
                msg.offset = at;
                any = true;
                continue;
            }
            any = true;
            msg.quoted_from |= crate::needles::quoted_from().find(line).is_some();
            if !msg.truncated && msg.len + line.len() <= self.split.max {
                msg.len += line.len();
            } else {
                msg.truncated = true;
            }
        }
        if !any {
            return None;
        }
        self.split.index += 1;
        Some(self.finish(msg))
    }

    fn finish(&self, mut msg: MessageSpan) -> MessageSpan {
        msg.len -= self
            .split
            .blank_before_next(msg.bytes(self.bytes), msg.truncated);
        msg
    }
}

impl Iterator for Spans<'_> {
    type Item = MessageSpan;

    fn next(&mut self) -> Option<MessageSpan> {
        self.next_span()
    }
}

/// Offset of the first separator line in `block` (whole lines, the first
/// starting a line): a line that [`is_separator`] and follows a line of
/// [`before_separator`] (`after_blank` says whether the line before the
/// block was one); also setting `quoted` when a `From ` before the
/// separator (or in the whole block, when there is none) follows a `>`:
/// the message may hold an mboxrd-quoted line ([`unquote_from`]), which
/// it surely does not when `quoted` is left alone.
fn first_separator_noting(block: &[u8], after_blank: bool, quoted: &mut bool) -> Option<usize> {
    crate::needles::from_space().find_iter(block).find(|&i| {
        if i > 0 && block[i - 1] != b'\n' {
            *quoted |= block[i - 1] == b'>';
            return false;
        }
        let blank_before = if i == 0 {
            after_blank
        } else {
            let prev_start = memchr::memrchr(b'\n', &block[..i - 1]).map_or(0, |p| p + 1);
            before_separator(&block[prev_start..i])
        };
        let eol = memchr::memchr(b'\n', &block[i..]).map_or(block.len(), |p| i + p + 1);
        let line = &block[i..eol];
        (blank_before && is_separator(line)) || is_mozilla_separator(line)
    })
}

/// True when `line` (with its line end) may come before a separator line:
/// an empty line (RFC 4155 section 2 asks for one), or the close delimiter
/// of a multipart, `--` boundary `--` and transport padding (RFC 2046
/// section 5.1.1), whose boundary has no white space and is not only
/// dashes (a rule `-----` or Outlook's `-----Original Message-----` is
/// none). What follows a close delimiter is the epilogue, which no mail
/// reader shows; a `From ` line with a date there starts the next message
/// of a mailbox whose writer added no empty line (sisimai's
/// `rhost-cox-01.eml`: a bounce glued to the bounce of that bounce).
fn before_separator(line: &[u8]) -> bool {
    if line == b"\n" || line == b"\r\n" {
        return true;
    }
    let line = line.trim_ascii_end();
    line.len() > 4
        && line.starts_with(b"--")
        && line.ends_with(b"--")
        && line[2..line.len() - 2]
            .iter()
            .all(|b| !b.is_ascii_whitespace())
        && line.iter().any(|&b| b != b'-')
}

/// The separator line of Netscape's and Mozilla Thunderbird's folders:
/// `From - ` and a date with a time, or nothing (`From - Thu Nov 21
/// 13:20:54 1996`). Taken without an empty line before it, since Netscape
/// wrote none (as Python's `mailbox.mbox` and MimeKit split at it too); a
/// body line is never just `From - ` and a date.
pub fn is_mozilla_separator(line: &[u8]) -> bool {
    line.strip_prefix(b"From - ")
        .is_some_and(|rest| rest.trim_ascii().is_empty() || is_separator(line))
}

/// A separator line: `From `, a sender, and a date with a time
/// (`From mboxrd@z Thu Jan  1 00:00:00 1970`; pipermail writes `From user
/// at host  Sat Apr  1 04:34:15 2006`). A body line such as `From the
/// user's point of view` that an archiver left unquoted has no time.
pub fn is_separator(line: &[u8]) -> bool {
    line.starts_with(b"From ")
        && line.windows(4).any(|w| {
            w[0].is_ascii_digit() && w[1] == b':' && w[2].is_ascii_digit() && w[3].is_ascii_digit()
        })
}

/// Takes one `>` off every line that matches `>+From ` (mboxrd quoting,
/// RFC 4155 section 2 and its mboxrd variant), with a map back into
/// `bytes`; `None` when there is no such line.
pub fn unquote_from(bytes: &[u8]) -> Option<(Vec<u8>, OffsetMap)> {
    // Only lines with "From " after one or more '>' count: find "From "
    // and look back (most messages have none).
    let mut cuts = Vec::new();
    for i in crate::needles::from_space().find_iter(bytes) {
        let q = bytes[..i].iter().rev().take_while(|&&b| b == b'>').count();
        let j = i - q;
        if q > 0 && (j == 0 || bytes[j - 1] == b'\n') {
            cuts.push(j);
        }
    }
    if cuts.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut map = OffsetMap::new();
    let mut from = 0;
    for cut in cuts {
        out.extend_from_slice(&bytes[from..cut]);
        map.exact(from as u64, (cut - from) as u64);
        from = cut + 1;
    }
    out.extend_from_slice(&bytes[from..]);
    map.exact(from as u64, (bytes.len() - from) as u64);
    Some((out, map))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<RawMessage> {
        let mut m = Mbox::with_limit(input, max);
        let mut v = Vec::new();
        while let Ok(Some(x)) = m.next_message() {
            v.push(x);
        }
        v
    }

    #[test]
    fn mozilla_separators_need_no_empty_line() {
        // MimeKit's UnitTests/TestData/mbox/content-length.mbox.txt (a
        // Netscape 1996 folder): `From - ` lines right after the last
        // line of the previous message, some with no date.
        let input = b"From - \nSubject: a\n\nbody a\nFrom - Thu Nov 21 13:20:54 1996\nSubject: b\n\nFrom - to the end of prose\nFrom the user's side\n";
        let got = all(input, MAX_MESSAGE);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[1].offset, 27);
        assert!(is_mozilla_separator(b"From - \r\n"));
        assert!(!is_mozilla_separator(b"From - to the end of prose\n"));
    }

    #[test]
    fn splits_at_separators_after_blank_lines() {
        let input = b"From a@b Thu Jan  1 00:00:00 1970\nSubject: one\n\nbody\nFrom here on\n\nFrom the user's point of view\n\nFrom c at d  Sat Apr  1 04:34:15 2006\nSubject: two\n\n>From x\n";
        let v = all(input, MAX_MESSAGE);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].offset, 0);
        assert_eq!(
            v[0].bytes,
            b"Subject: one\n\nbody\nFrom here on\n\nFrom the user's point of view\n"
        );
        assert_eq!(v[0].line, 2);
        assert_eq!(v[1].index, 1);
        let sep = input.windows(7).position(|w| w == b"From c ").unwrap_or(0) as u64;
        assert_eq!(v[1].offset, sep);
        assert_eq!(&input[v[1].start as usize..][..13], b"Subject: two\n");
        assert_eq!(v[1].line, 10);
        let (u, map) = unquote_from(&v[1].bytes).unwrap_or_default();
        assert_eq!(u, b"Subject: two\n\nFrom x\n");
        assert_eq!(map.span(14..20), 15..21);
    }

    #[test]
    fn separators_after_close_delimiters() {
        // sisimai's rhost-cox-01.eml: the `From ` line of a second bounce
        // right after the close delimiter of the first; a rule of dashes
        // or Outlook's `-----Original Message-----` is no close delimiter.
        let input = b"From a Thu Jul  2 12:05:05 2020\nA: 1\n\n--D9E9.1593705905/tr2.example.com--\nFrom b  Thu Jul  2 12:05:05 2020\nB: 2\n\n-----\nFrom c at 12:05 on\n-----Original Message-----\nFrom d Thu Jul  2 12:05:05 2020\n";
        let v = all(input, MAX_MESSAGE);
        assert_eq!(v.len(), 2, "{v:?}");
        assert_eq!(v[0].bytes, b"A: 1\n\n--D9E9.1593705905/tr2.example.com--\n");
        assert!(v[1].bytes.starts_with(b"B: 2\n\n-----\nFrom c"));
        assert!(before_separator(b"--b--  \r\n"));
        assert!(!before_separator(b"--a b--\n"));
        assert!(!before_separator(b"------\n"));
        for capacity in [8, 16, 64] {
            assert_eq!(split_with_capacity(input, capacity, MAX_MESSAGE), v);
        }
    }

    #[test]
    fn big_messages_are_cut_and_said() {
        let input = b"From a Thu Jan  1 00:00:00 1970\nA: 1\n\nxxxxxxxxxxxxxxxxxxxx\nyyyy\n\nFrom b Thu Jan  1 00:00:00 1970\nB: 2\n";
        let v = all(input, 16);
        assert_eq!(v.len(), 2);
        assert!(v[0].truncated);
        assert_eq!(v[0].bytes, b"A: 1\n\n");
        assert_eq!(v[1].bytes, b"B: 2\n");
        assert!(!v[1].truncated);
        // A last line without a line end that fills the cap exactly is
        // kept, by the stream and by the spans.
        let input = b"From a Thu Jan  1 00:00:00 1970\nA: 1\n\nabc";
        for max in [9, 8] {
            let v = all(input, max);
            let spans: Vec<RawMessage> = Spans::with_limit(input, max)
                .map(|m| m.to_raw(input))
                .collect();
            assert_eq!(spans, v);
            assert_eq!(v[0].truncated, max == 8);
        }
    }

    #[test]
    fn text_before_the_first_separator_is_a_message() {
        let v = all(
            b"stray\n\nFrom a Thu Jan  1 00:00:00 1970\nA: 1\n",
            MAX_MESSAGE,
        );
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].bytes, b"stray\n");
        assert_eq!(v[1].bytes, b"A: 1\n");
        assert!(all(b"", MAX_MESSAGE).is_empty());
    }

    #[test]
    fn spans_split_the_fixture_mailboxes_as_the_stream_does() {
        // Every mailbox of fixtures/mail (real archives' excerpts), and
        // the pipermail text files, with the cap and with a small one.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/mail");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = path.to_string_lossy().into_owned();
            if !(name.ends_with(".mbox") || name.ends_with(".txt")) {
                continue;
            }
            let Ok(input) = std::fs::read(&path) else {
                continue;
            };
            for max in [MAX_MESSAGE, 300] {
                let spans: Vec<MessageSpan> = Spans::with_limit(&input, max).collect();
                let mut small = Spans::with_limit(&input, max);
                small.window = 4096;
                let windowed: Vec<MessageSpan> = std::iter::from_fn(|| small.next_span()).collect();
                assert_eq!(windowed, spans, "{name}");
                for span in &spans {
                    assert!(span.quoted_from || unquote_from(span.bytes(&input)).is_none());
                }
                let spans: Vec<RawMessage> = spans.iter().map(|m| m.to_raw(&input)).collect();
                assert_eq!(spans, split_with_capacity(&input, 4096, max), "{name}");
            }
            seen += 1;
        }
        assert!(seen >= 10, "only {seen} mailboxes in {}", dir.display());
    }

    fn split_with_capacity(input: &[u8], capacity: usize, max: usize) -> Vec<RawMessage> {
        let mut m = Mbox::with_limit(std::io::BufReader::with_capacity(capacity, input), max);
        let mut v = Vec::new();
        while let Ok(Some(x)) = m.next_message() {
            v.push(x);
        }
        v
    }

    proptest::proptest! {
        /// Lines taken in bulk split as lines taken one by one: a buffer
        /// of one byte leaves every line but a lone `\n` to the line path.
        #[test]
        fn bulk_splitting_equals_line_by_line(
            lines in proptest::collection::vec(
                proptest::sample::select(vec![
                    "From a@b Thu Jan  1 00:00:00 1970\n",
                    "From c at d  Sat Apr  1 04:34:15 2006\r\n",
                    "From here on\n",
                    ">From x 00:00\n",
                    ">>From y\n",
                    "a >From z\n",
                    ">From w",
                    "\n",
                    "\r\n",
                    "Subject: s\n",
                    "a longer body line with http://a.example/x in it\n",
                    "no newline at the end",
                    "From - \n",
                    "From - Thu Nov 21 13:20:54 1996\n",
                    "--b.1--\n",
                    "--b.1--\r\n",
                    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
                ]),
                0..40,
            ),
            capacity in 2usize..96,
            max in proptest::prop_oneof![1usize..300, proptest::strategy::Just(MAX_MESSAGE)],
        ) {
            let input: Vec<u8> = lines.concat().into_bytes();
            let one = split_with_capacity(&input, 1, max);
            proptest::prop_assert_eq!(&split_with_capacity(&input, capacity, max), &one);
            proptest::prop_assert_eq!(&split_with_capacity(&input, 8192, max), &one);
            let spans: Vec<MessageSpan> = Spans::with_limit(&input, max).collect();
            // A window of any size splits alike.
            let mut small = Spans::with_limit(&input, max);
            small.window = capacity;
            let mut passed = Vec::new();
            let windowed: Vec<MessageSpan> = std::iter::from_fn(|| {
                let mut ranges = Vec::new();
                let span = small.next_span_passing(&mut |r| ranges.push(r))?;
                passed.push(ranges);
                Some(span)
            })
            .collect();
            proptest::prop_assert_eq!(&windowed, &spans);
            // What is passed is past the bytes a message keeps and before
            // the next message's separator: nothing read again.
            for (i, (span, ranges)) in spans.iter().zip(&passed).enumerate() {
                let next = spans.get(i + 1).map_or(input.len(), |n| n.offset as usize);
                for r in ranges {
                    proptest::prop_assert!(span.truncated, "{r:?} of {span:?}");
                    proptest::prop_assert!(r.start >= span.start as usize + span.len && r.end <= next, "{r:?} of {span:?}");
                }
            }
            for span in &spans {
                // No quoted line missed.
                proptest::prop_assert!(span.quoted_from || unquote_from(span.bytes(&input)).is_none());
            }
            let spans: Vec<RawMessage> = spans.iter().map(|m| m.to_raw(&input)).collect();
            proptest::prop_assert_eq!(&spans, &one);
        }
    }
}
