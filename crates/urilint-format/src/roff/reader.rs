//! The reader's state and text: lines, fonts, escapes and strings
//! decoded into [`super::Buf`]s, arguments of requests and macros, and
//! link macros (the requests themselves: `request.rs`).

use super::*;

impl<'a> Reader<'a> {
    pub(super) fn new(src: &'a [u8], include_code: bool) -> Reader<'a> {
        Reader {
            src,
            include_code,
            esc: Some(b'\\'),
            cc: b'.',
            c2: b'\'',
            out: Vec::new(),
            flow: Buf::default(),
            flow_code: false,
            flow_field: "display",
            comment: Buf::default(),
            code: Vec::new(),
            code_open: None,
            blocks: Vec::new(),
            changes_chars: false,
            nofill: false,
            bd: Vec::new(),
            font: ROMAN,
            font_prev: ROMAN,
            brace_open: false,
            fam_c: false,
            fam_c_prev: false,
            inline_code: false,
            rs_depth: 0,
            rs_fresh: false,
            prompt: None,
            roman_after_line: false,
            join: false,
            strings: HashMap::new(),
            regs: HashMap::new(),
            macros: HashMap::new(),
            mounts: HashMap::new(),
            ie: Vec::new(),
            skip_depth: 0,
            block: None,
            mdoc: false,
            mdoc_spacing: true,
            ur: None,
            budget: Cell::new(STRING_BUDGET),
            expansion: Cell::new(MAX_EXPANSION),
            nest: 0,
        }
    }

    /// Reads the whole document.
    pub(super) fn run(mut self) -> Self {
        let src = self.src;
        let mut at = 0;
        while at < src.len() {
            let (content, eol, next) = self.logical_line(at);
            self.line(content, eol);
            at = next;
        }
        self.flush();
        self.flush_comment();
        if let Some(start) = self.code_open.take() {
            self.code.push(start..src.len());
        }
        match self.block.take() {
            Some(Block::Define { start, .. })
            | Some(Block::Table { start, .. })
            | Some(Block::Preprocessor { start, .. }) => self.blocks.push(start..src.len()),
            _ => {}
        }
        self.out.sort_by_key(|s| s.map.start(0));
        self
    }

    pub(super) fn is_esc(&self, i: usize) -> bool {
        self.esc.is_some() && self.src.get(i).copied() == self.esc
    }

    pub(super) fn esc_byte(&self) -> u8 {
        // With escapes off, a byte that is never looked for as one.
        self.esc.unwrap_or(0)
    }

    /// The input line starting at `at`: its content (physical lines
    /// joined by escaped line breaks, without the final line break), its
    /// line break (`\n` or `\r\n`; empty at the end), and where the next
    /// starts.
    pub(super) fn logical_line(&self, at: usize) -> (Range<usize>, Range<usize>, usize) {
        let src = self.src;
        let mut p = at;
        loop {
            let n = memchr::memchr(b'\n', &src[p..]).map_or(src.len(), |i| p + i);
            let mut continued = false;
            let mut i = p;
            while i < n {
                if self.is_esc(i) {
                    match src.get(i + 1) {
                        Some(b'"') => break,
                        Some(b'#') => {
                            continued = n < src.len();
                            break;
                        }
                        Some(b'\n') => {
                            continued = true;
                            break;
                        }
                        _ => i += 2,
                    }
                } else {
                    i += 1;
                }
            }
            if continued && n < src.len() {
                p = n + 1;
                continue;
            }
            if n >= src.len() {
                return (at..src.len(), src.len()..src.len(), src.len());
            }
            let end = if n > at && src[n - 1] == b'\r' {
                n - 1
            } else {
                n
            };
            return (at..end, end..n + 1, n + 1);
        }
    }

    /// True while code is read.
    pub(super) fn in_code(&self) -> bool {
        self.displayed() || self.font.cw || self.fam_c || self.inline_code
    }

    /// True in a display (no-fill, a literal mdoc display, a shell
    /// example).
    pub(super) fn displayed(&self) -> bool {
        self.keeps_breaks() || self.prompt.is_some()
    }

    /// True where line breaks are kept (no-fill, a literal mdoc display);
    /// elsewhere text is filled, a line break read as a space (a shell
    /// example in an indented block too: groff fills it).
    pub(super) fn keeps_breaks(&self) -> bool {
        self.nofill || !self.bd.is_empty()
    }

    /// The field of the code being read.
    pub(super) fn code_field(&self) -> &'static str {
        if self.displayed() {
            "display"
        } else {
            "constant-width"
        }
    }

    /// Applies `f` to the state and records where code starts or ends
    /// (at `construct`, the escape or request that changed it).
    pub(super) fn change<F: FnOnce(&mut Self)>(&mut self, construct: Range<usize>, f: F) {
        let was = self.in_code();
        let was_italic = self.font.italic;
        f(self);
        if was_italic && !self.font.italic {
            self.close_brace(construct.start);
        }
        let now = self.in_code();
        if was == now {
            if !was_italic && self.font.italic {
                self.open_brace(construct.end);
            }
            return;
        }
        // Text and code are never one segment (a run of code between two
        // displays is two segments).
        self.flush();
        self.flow_code = now;
        self.flow_field = self.code_field();
        if now {
            self.code_open = Some(construct.start);
        } else if let Some(start) = self.code_open.take() {
            self.code.push(start..construct.end.max(start));
        }
    }

    /// Italic starts at source offset `at`: when it is glued to a URI
    /// before it (the word before it starts with a scheme and a `:`, and
    /// ends in `/`, `:`, `@`, `?`, `=`, `&`, `#`, `.` or `[`), it is a
    /// placeholder (man(7) sets the text the reader replaces in italic:
    /// `http://`*host*`/`*path*), and a `{` is put before it (mapped to
    /// the empty span at `at`), so that the URI reads as the template it
    /// is (RFC 6570 braces; `crate::template`).
    pub(super) fn open_brace(&mut self, at: usize) {
        let word = &self.flow.text[self.flow.word..];
        let glued = word.last().is_some_and(|b| b"/:@?=&#.[".contains(b));
        // The scheme and what is before it (`<`, `(`, a quote) are looked
        // for in the word's first bytes only, so that italic after italic
        // on a long line costs no more than on a short one.
        let head = &word[..word.len().min(MAX_SCHEME)];
        let from = head
            .iter()
            .position(u8::is_ascii_alphanumeric)
            .unwrap_or(head.len());
        let head = &head[from..];
        let scheme = head.iter().position(|&b| b == b':').is_some_and(|c| {
            c > 0
                && head[0].is_ascii_alphabetic()
                && head[..c]
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
        });
        if scheme && glued && !self.brace_open {
            self.flow.replaced(at, b'{');
            self.brace_open = true;
        }
    }

    /// Closes the `{` of [`Reader::open_brace`] at source offset `at`.
    pub(super) fn close_brace(&mut self, at: usize) {
        if std::mem::take(&mut self.brace_open) {
            self.flow.replaced(at, b'}');
        }
    }

    pub(super) fn set_font(&mut self, sel: Sel<Font>) {
        match sel {
            Sel::Previous => std::mem::swap(&mut self.font, &mut self.font_prev),
            Sel::Set(v) => {
                self.font_prev = self.font;
                self.font = v;
            }
        }
    }

    pub(super) fn set_family(&mut self, sel: Sel<bool>) {
        match sel {
            Sel::Previous => std::mem::swap(&mut self.fam_c, &mut self.fam_c_prev),
            Sel::Set(v) => {
                self.fam_c_prev = self.fam_c;
                self.fam_c = v;
            }
        }
    }

    /// What the font named `name` is: `P` or nothing is the previous one;
    /// a number is a mounted position (1 to 4 roman, italic, bold, bold
    /// italic).
    pub(super) fn font_sel(&self, name: &[u8]) -> Sel<Font> {
        if name.is_empty() || name == b"P" {
            return Sel::Previous;
        }
        if name.iter().all(u8::is_ascii_digit) {
            let n = std::str::from_utf8(name)
                .ok()
                .and_then(|s| s.parse::<u32>().ok())
                .unwrap_or(0);
            let default = if n == 2 || n == 4 { ITALIC } else { ROMAN };
            return Sel::Set(self.mounts.get(&n).copied().unwrap_or(default));
        }
        Sel::Set(font_named(name))
    }

    /// The buffer that decoded bytes go to now: the flow, ended first when
    /// it was of the other kind (text or code).
    pub(super) fn sink(&mut self) -> &mut Buf {
        let code = self.in_code();
        if code != self.flow_code {
            self.flush();
            self.flow_code = code;
            self.flow_field = self.code_field();
        }
        &mut self.flow
    }

    pub(super) fn put_tok(&mut self, tok: Tok) {
        let src = self.src;
        match tok {
            Tok::Plain(r) => {
                // A placeholder is one word: its brace closes at a space.
                let space = if self.brace_open {
                    src[r.clone()].iter().position(u8::is_ascii_whitespace)
                } else {
                    None
                };
                match space {
                    Some(n) => {
                        self.sink().exact(src, r.start..r.start + n);
                        self.close_brace(r.start + n);
                        self.sink().exact(src, r.start + n..r.end);
                    }
                    None => self.sink().exact(src, r),
                }
            }
            Tok::Glyph(r, bytes) => {
                if bytes.iter().any(u8::is_ascii_whitespace) {
                    self.close_brace(r.start);
                }
                self.sink().group(src, r, &bytes)
            }
            Tok::Font(r, sel) => self.change(r, |s| s.set_font(sel)),
            Tok::Family(r, sel) => self.change(r, |s| s.set_family(sel)),
            Tok::Join => self.join = true,
            Tok::Comment(r) => {
                self.comment.exact(src, r);
                self.flush_comment();
            }
        }
    }

    /// Ends the flow: one segment of it (code only when asked for).
    pub(super) fn flush(&mut self) {
        if self.brace_open {
            let at = self.flow.map.end(self.flow.map.decoded_len());
            self.close_brace(at as usize);
        }
        let buf = std::mem::take(&mut self.flow);
        if buf.is_blank() {
            return;
        }
        let kind = if self.flow_code {
            if !self.include_code {
                return;
            }
            SegmentKind::Code(self.flow_field)
        } else {
            SegmentKind::RoffText
        };
        self.out.push(buf.into_segment(kind, false));
    }

    /// A paragraph break (a break request, a blank line, a heading, a
    /// table cell) at source offset `at`: a blank line in the flow (two
    /// line breaks standing in for the request, mapped to the empty span
    /// at `at`), across which the scanner never joins a URI. The flow
    /// stays one segment (a segment per paragraph would cost a scanner
    /// each).
    pub(super) fn para_break(&mut self, at: usize) {
        self.close_brace(at);
        let t = &self.flow.text;
        if t.is_empty() || t.ends_with(b"\n\n") {
            return;
        }
        self.flow.replaced(at, b'\n');
        self.flow.replaced(at, b'\n');
    }

    /// Ends the comment lines read: one segment of them.
    pub(super) fn flush_comment(&mut self) {
        let buf = std::mem::take(&mut self.comment);
        if buf.is_blank() {
            return;
        }
        // The text before the comment is a segment of its own, so that
        // segments (and what is found in them) come in file order.
        self.flush();
        self.out
            .push(buf.into_segment(SegmentKind::RoffComment, false));
    }

    /// The end of an input line that gave text: a line break in a
    /// display, a space in filled text, nothing after `\c`.
    pub(super) fn line_end(&mut self, eol: Range<usize>) {
        if std::mem::take(&mut self.join) || eol.is_empty() {
            return;
        }
        self.close_brace(eol.start);
        let src = self.src;
        if self.keeps_breaks() {
            self.sink().exact(src, eol);
        } else {
            self.sink().replaced(eol.start, b' ');
        }
    }

    /// The decoded tokens of the source bytes `r` (escapes read, strings
    /// interpolated), read at string nesting `depth` (0: not in a string;
    /// within one only its text is kept).
    pub(super) fn lex(&self, r: Range<usize>, depth: u8, out: &mut Vec<Tok>) {
        let src = self.src;
        let end = r.end.min(src.len());
        let mut i = r.start;
        while i < end {
            let at = match self.esc {
                Some(e) => memchr::memchr(e, &src[i..end]).map_or(end, |n| i + n),
                None => end,
            };
            if i < at {
                out.push(Tok::Plain(i..at));
            }
            if at == end {
                break;
            }
            let (next, e) = parse_escape(src, at, end, self.esc_byte(), 0);
            self.resolve(at..next, e, depth, out);
            i = next;
        }
    }

    /// The tokens of escape `e`, written at `r`.
    pub(super) fn resolve(&self, r: Range<usize>, e: Esc, depth: u8, out: &mut Vec<Tok>) {
        let src = self.src;
        match e {
            Esc::Nothing | Esc::Register(_) | Esc::Open | Esc::Close => {}
            Esc::Text(t) => out.push(Tok::Glyph(r, Cow::Borrowed(t.as_bytes()))),
            Esc::Special(name) => {
                if let Some(s) = special(&src[name]) {
                    out.push(Tok::Glyph(r, s));
                }
            }
            Esc::Number(n) => {
                let c = std::str::from_utf8(&src[n])
                    .ok()
                    .and_then(|s| s.trim().parse::<u32>().ok())
                    .and_then(char::from_u32)
                    .filter(|c| !c.is_control());
                if let Some(c) = c {
                    out.push(Tok::Glyph(r, Cow::Owned(c.to_string().into_bytes())));
                }
            }
            Esc::Str(name) if depth == 0 => {
                let value = self.interpolate(&src[name]);
                if !value.is_empty() {
                    out.push(Tok::Glyph(r, Cow::Owned(value)));
                }
            }
            Esc::Str(name) => self.string_toks(r, &src[name], depth + 1, out),
            Esc::Char(p) => out.push(Tok::Plain(p..p + 1)),
            // Within a string only its text counts.
            _ if depth > 0 => {}
            Esc::Font(name) => out.push(Tok::Font(r, self.font_sel(&src[name]))),
            Esc::Family(name) => {
                let f = &src[name];
                let sel = if f.is_empty() || f == b"P" {
                    Sel::Previous
                } else {
                    Sel::Set(f == b"C")
                };
                out.push(Tok::Family(r, sel));
            }
            Esc::Join => out.push(Tok::Join),
            Esc::Comment(c) => out.push(Tok::Comment(c)),
        }
    }

    /// The bytes of the string named `name`, decoded (fonts, joins and
    /// comments dropped) and interpolated at the top level (`\*` in text,
    /// an argument or an expression): at most [`MAX_STRING`] of them; empty
    /// when unknown, or over [`STRING_BUDGET`] or [`MAX_EXPANSION`].
    pub(super) fn interpolate(&self, name: &[u8]) -> Vec<u8> {
        self.budget.set(STRING_BUDGET);
        let mut toks = Vec::new();
        self.string_toks(0..0, name, 1, &mut toks);
        let mut value = self.bytes_of(&toks);
        value.truncate(MAX_STRING);
        if !self.spend_doc(value.len()) {
            value.clear();
        }
        value
    }

    /// Puts the text tokens of the string named `name`, interpolated by
    /// the escape at `r` at string nesting `depth`, into `out` (nested
    /// strings into the same `out`, so that a value is copied once); no
    /// more once `out` holds [`MAX_STRING`] tokens (each at least a byte);
    /// nothing when unknown, too deep or over budget.
    pub(super) fn string_toks(&self, r: Range<usize>, name: &[u8], depth: u8, out: &mut Vec<Tok>) {
        if depth > MAX_DEPTH || !self.spend(1) {
            return;
        }
        match self.strings.get(name) {
            Some(pieces) => {
                for p in pieces {
                    if out.len() >= MAX_STRING || !self.spend(p.len()) {
                        return;
                    }
                    self.lex(p.clone(), depth, out);
                }
            }
            None => {
                if let Some(v) = predefined(name).filter(|v| !v.is_empty()) {
                    out.push(Tok::Glyph(r, Cow::Borrowed(v.as_bytes())));
                }
            }
        }
    }

    /// Takes `n` units of work from the current interpolation's
    /// [`STRING_BUDGET`] and the document's [`MAX_EXPANSION`]: false (and
    /// what was left gone) when either has fewer.
    pub(super) fn spend(&self, n: usize) -> bool {
        let top = self.budget.get();
        self.budget.set(top.saturating_sub(n));
        self.spend_doc(n) && top >= n
    }

    /// Takes `n` units of work from the document's [`MAX_EXPANSION`]:
    /// false (and what was left gone) when it has fewer.
    pub(super) fn spend_doc(&self, n: usize) -> bool {
        let left = self.expansion.get();
        self.expansion.set(left.saturating_sub(n));
        left >= n
    }

    /// The decoded bytes of `toks` (fonts, joins and comments dropped).
    pub(super) fn bytes_of(&self, toks: &[Tok]) -> Vec<u8> {
        let mut out = Vec::new();
        for t in toks {
            match t {
                Tok::Plain(r) => out.extend_from_slice(&self.src[r.clone()]),
                Tok::Glyph(_, b) => out.extend_from_slice(b),
                _ => {}
            }
        }
        out
    }

    /// The decoded bytes of the source bytes `r`.
    pub(super) fn text_of(&self, r: Range<usize>) -> Vec<u8> {
        let mut toks = Vec::new();
        self.lex(r, 0, &mut toks);
        self.bytes_of(&toks)
    }

    /// Reads one input line (`r` without its line break `eol`).
    pub(super) fn line(&mut self, r: Range<usize>, eol: Range<usize>) {
        if self.skip_depth > 0 {
            self.skip_depth += self.brace_depth(r);
            return;
        }
        if self.block.is_some() {
            self.block_line(r, eol);
            return;
        }
        if self.is_control(r.start) {
            self.control(r, eol);
        } else {
            self.text(r, eol);
        }
    }

    pub(super) fn is_control(&self, i: usize) -> bool {
        matches!(self.src.get(i), Some(&b) if b == self.cc || b == self.c2)
    }

    /// The net count of `\{` less `\}` in `r`.
    pub(super) fn brace_depth(&self, r: Range<usize>) -> i64 {
        let src = self.src;
        let mut depth = 0;
        let mut i = r.start;
        while i < r.end {
            if self.is_esc(i) {
                let (next, e) = parse_escape(src, i, r.end, self.esc_byte(), 0);
                match e {
                    Esc::Open => depth += 1,
                    Esc::Close => depth -= 1,
                    _ => {}
                }
                i = next;
            } else {
                i += 1;
            }
        }
        depth
    }

    pub(super) fn skip_blanks(&self, mut i: usize, end: usize) -> usize {
        while i < end && matches!(self.src[i], b' ' | b'\t') {
            i += 1;
        }
        i
    }

    /// Where the request or macro name at `at` ends: at a blank, an
    /// escape or `end`.
    pub(super) fn name_end(&self, mut at: usize, end: usize) -> usize {
        while at < end && !matches!(self.src[at], b' ' | b'\t') && !self.is_esc(at) {
            at += 1;
        }
        at
    }

    /// The word (up to a blank or `end`) after the blanks at `at`: its
    /// range in the source (empty when there is none).
    pub(super) fn word(&self, at: usize, end: usize) -> Range<usize> {
        let s = self.skip_blanks(at, end);
        let mut e = s;
        while e < end && !matches!(self.src[e], b' ' | b'\t') {
            e += 1;
        }
        s..e
    }

    /// A text line.
    pub(super) fn text(&mut self, r: Range<usize>, eol: Range<usize>) {
        self.flush_comment();
        let src = self.src;
        if src[r.clone()].iter().all(|b| matches!(b, b' ' | b'\t')) {
            // A blank line: a paragraph break, or a blank line of a
            // display.
            if self.keeps_breaks() {
                self.sink().exact(src, eol);
            } else {
                self.para_break(r.start);
            }
            return;
        }
        if std::mem::take(&mut self.rs_fresh) && src[r.clone()].starts_with(b"$ ") {
            // An indented block that starts with a shell prompt is an
            // example (gcloud's pages write theirs as filled text).
            let depth = self.rs_depth;
            self.change(r.start..r.start, |s| s.prompt = Some(depth));
        }
        self.put_source(r.clone());
        self.line_end(eol.clone());
        if std::mem::take(&mut self.roman_after_line) {
            let at = eol.start.max(r.end);
            self.change(at..at, |s| s.set_font(Sel::Set(ROMAN)));
        }
    }

    /// A control line (a request or macro call, or a comment).
    pub(super) fn control(&mut self, r: Range<usize>, eol: Range<usize>) {
        let src = self.src;
        let mut i = self.skip_blanks(r.start + 1, r.end);
        if self.is_esc(i) && matches!(src.get(i + 1), Some(b'"' | b'#')) {
            // `.\"` and `'\"`: a comment line.
            let content = (i + 2).min(r.end)..r.end;
            self.comment.exact(src, content);
            self.comment.exact(src, eol);
            return;
        }
        // `.\\"` (an escaped backslash, then `"`): written for a comment
        // too, and one in groff's compatibility reading.
        if self.is_esc(i) && src.get(i + 1) == Some(&b'\\') && src.get(i + 2) == Some(&b'"') {
            self.comment.exact(src, (i + 3).min(r.end)..r.end);
            self.comment.exact(src, eol);
            return;
        }
        self.flush_comment();
        let start = i;
        i = self.name_end(i, r.end);
        if i == start {
            // `.` alone, or `.\}` closing a conditional block: nothing.
            return;
        }
        self.request(&src[start..i], i, r, eol);
    }

    /// The arguments from `from` to `end`, and a comment after them.
    pub(super) fn args(&self, from: usize, end: usize) -> (Vec<Arg>, Option<Range<usize>>) {
        let src = self.src;
        let esc = self.esc_byte();
        let mut out = Vec::new();
        let mut i = from;
        loop {
            while i < end {
                if matches!(src[i], b' ' | b'\t') {
                    i += 1;
                } else if self.is_esc(i) && src.get(i + 1) == Some(&b'\n') {
                    i += 2;
                } else {
                    break;
                }
            }
            if i >= end {
                return (out, None);
            }
            if self.is_esc(i) && matches!(src.get(i + 1), Some(b'"' | b'#')) {
                return (out, Some((i + 2).min(end)..end));
            }
            let start = i;
            if src[i] == b'"' {
                i += 1;
                let mut piece = i;
                let mut pieces = Vec::new();
                loop {
                    if i >= end {
                        pieces.push(piece..end);
                        break;
                    }
                    if self.is_esc(i) {
                        if src.get(i + 1) == Some(&b'"') {
                            // A comment inside the quotes ends it all.
                            pieces.push(piece..i);
                            out.push(Arg {
                                pieces,
                                span: start..i,
                                quoted: true,
                            });
                            return (out, Some((i + 2).min(end)..end));
                        }
                        i = parse_escape(src, i, end, esc, 0).0;
                        continue;
                    }
                    if src[i] == b'"' {
                        if src.get(i + 1) == Some(&b'"') && i + 1 < end {
                            pieces.push(piece..i + 1);
                            i += 2;
                            piece = i;
                            continue;
                        }
                        pieces.push(piece..i);
                        i += 1;
                        break;
                    }
                    i += 1;
                }
                out.push(Arg {
                    pieces,
                    span: start..i,
                    quoted: true,
                });
            } else {
                while i < end && !matches!(src[i], b' ' | b'\t') {
                    if self.is_esc(i) {
                        if matches!(src.get(i + 1), Some(b'"' | b'#')) {
                            break;
                        }
                        i = parse_escape(src, i, end, esc, 0).0;
                    } else {
                        i += 1;
                    }
                }
                out.push(Arg {
                    pieces: std::iter::once(start..i).collect(),
                    span: start..i,
                    quoted: false,
                });
            }
        }
    }

    /// The raw bytes of an argument's value (escapes not read).
    pub(super) fn raw(&self, arg: &Arg) -> Vec<u8> {
        let mut out = Vec::new();
        for p in &arg.pieces {
            out.extend_from_slice(&self.src[p.clone()]);
        }
        out
    }

    /// The decoded tokens of an argument.
    pub(super) fn arg_toks(&self, arg: &Arg) -> Vec<Tok> {
        let mut toks = Vec::new();
        for p in &arg.pieces {
            self.lex(p.clone(), 0, &mut toks);
        }
        toks
    }

    /// The decoded bytes of an argument.
    pub(super) fn arg_text(&self, arg: &Arg) -> Vec<u8> {
        self.bytes_of(&self.arg_toks(arg))
    }

    /// Puts an argument's decoded text into the flow.
    pub(super) fn put_arg(&mut self, arg: &Arg) {
        for p in &arg.pieces {
            self.put_source(p.clone());
        }
    }

    /// Puts the decoded text of the source bytes `r` into the flow.
    pub(super) fn put_source(&mut self, r: Range<usize>) {
        let mut toks = Vec::new();
        self.lex(r, 0, &mut toks);
        for t in toks {
            self.put_tok(t);
        }
    }

    /// Puts the separator between two arguments: a space, mapped to the
    /// one space between them when that is all there is.
    pub(super) fn put_space(&mut self, prev: &Arg, next: &Arg) {
        let src = self.src;
        let gap = prev.span.end..next.span.start;
        if gap.len() == 1 && src.get(gap.start) == Some(&b' ') {
            self.sink().exact(src, gap);
        } else {
            self.sink().replaced(prev.span.end, b' ');
        }
    }

    /// Puts `args` as text, spaced or joined, then the line's end and a
    /// comment after them.
    pub(super) fn put_args(
        &mut self,
        args: &[Arg],
        spaced: bool,
        comment: Option<Range<usize>>,
        eol: Range<usize>,
    ) {
        for (k, a) in args.iter().enumerate() {
            if k > 0 && spaced {
                self.put_space(&args[k - 1], a);
            }
            self.put_arg(a);
        }
        if !args.is_empty() {
            self.line_end(eol);
        }
        self.put_comment(comment);
    }

    pub(super) fn put_comment(&mut self, comment: Option<Range<usize>>) {
        if let Some(c) = comment {
            self.comment.exact(self.src, c);
            self.flush_comment();
        }
    }

    /// A link segment of the decoded `arg`; its decoded text.
    pub(super) fn link(&mut self, field: &'static str, arg: &Arg) -> Vec<u8> {
        let src = self.src;
        let mut buf = Buf::default();
        for t in self.arg_toks(arg) {
            match t {
                Tok::Plain(r) => buf.exact(src, r),
                Tok::Glyph(r, b) => buf.group(src, r, &b),
                _ => {}
            }
        }
        let text = buf.text.clone();
        if !buf.is_blank() {
            self.out
                .push(buf.into_segment(SegmentKind::RoffLink(field), true));
        }
        text
    }
}
