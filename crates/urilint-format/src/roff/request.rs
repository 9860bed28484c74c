//! Requests and macros (groff(7) "Requests", man(7), mdoc(7)):
//! conditionals and their expressions, string and register definitions,
//! displays and tables (tbl(1)), as [`super::Reader`] reads them.

use super::*;

impl Reader<'_> {
    /// A request or macro call `name`, its arguments from `at`, on the
    /// line `r`.
    pub(super) fn request(&mut self, name: &[u8], at: usize, r: Range<usize>, eol: Range<usize>) {
        if self.nest > MAX_NEST {
            return;
        }
        self.nest += 1;
        self.request_in(name, at, r, eol);
        self.nest -= 1;
    }

    /// [`Reader::request`], within the nesting limit.
    pub(super) fn request_in(
        &mut self,
        name: &[u8],
        at: usize,
        r: Range<usize>,
        eol: Range<usize>,
    ) {
        let src = self.src;
        let line = r.start..r.end.max(eol.end);
        match name {
            b"if" | b"ie" | b"while" => self.conditional(name, at, r, eol),
            b"el" => {
                let cond = !self.ie.pop().unwrap_or(true);
                let body = self.skip_blanks(at, r.end);
                self.body(cond, body, r.end, eol);
            }
            b"do" => {
                let s = self.skip_blanks(at, r.end);
                let e = self.name_end(s, r.end);
                if e > s {
                    self.request(&src[s..e], e, r, eol);
                }
            }
            b"nop" => {
                let s = self.skip_blanks(at, r.end);
                if s < r.end {
                    self.text(s..r.end, eol);
                }
            }
            b"ds" | b"ds1" | b"as" | b"as1" => {
                self.define_string(name.starts_with(b"a"), at, r.end)
            }
            b"nr" => self.set_register(at, r.end),
            b"de" | b"de1" | b"dei" | b"dei1" | b"am" | b"am1" | b"ami" | b"ami1" => {
                self.define_macro(name, at, r)
            }
            b"ig" => {
                let (args, _) = self.args(at, r.end);
                let end = args
                    .first()
                    .map(|a| self.raw(a))
                    .unwrap_or_else(|| b".".to_vec());
                self.block = Some(Block::Ignore { end });
            }
            b"TS" => self.table_start(r),
            b"EQ" | b"PS" | b"G1" => self.preprocessor_start(name, r),
            b"nf" | b"EX" => self.change(line, |s| s.nofill = true),
            b"fi" | b"EE" => self.change(line, |s| s.nofill = false),
            b"ft" => self.font_request(at, r, line),
            b"fam" => self.family_request(at, r, line),
            b"fp" => self.font_position(at, r),
            b"cc" | b"c2" | b"ec" | b"eo" => self.control_chars(name, at, r),
            b"tl" => self.title_line(at, r, eol),
            b"TH" | b"SH" | b"SS" | b"Sh" | b"Ss" => self.heading(name, at, r, line, eol),
            b"B" | b"I" | b"SM" | b"SB" => self.font_macro(name, at, r, line, eol),
            b"BR" | b"BI" | b"IB" | b"IR" | b"RB" | b"RI" => {
                self.alternating_fonts(name, at, r, eol)
            }
            b"IP" => {
                self.para_break(r.start);
                self.change(line, |s| s.set_font(Sel::Set(ROMAN)));
                let (args, comment) = self.args(at, r.end);
                self.put_args(&args[..args.len().min(1)], true, comment, eol);
            }
            b"OP" | b"SY" => {
                if name == b"SY" {
                    self.para_break(r.start);
                }
                let (args, comment) = self.args(at, r.end);
                self.put_args(&args, true, comment, eol);
            }
            b"UR" => {
                self.flush();
                let (args, comment) = self.args(at, r.end);
                self.ur = args.first().map(|a| self.link("UR", a));
                self.put_comment(comment);
            }
            b"UE" | b"ME" => self.uri_end(at, r, eol),
            b"MT" => {
                // An address, not a URI: left out; its link text is text.
                self.flush();
                self.ur = None;
            }
            b"URL" | b"FTP" | b"MTO" => self.url_macro(name, at, r, eol),
            b"Sm" => self.spacing_mode(at, r),
            b"Bd" => self.display_begin(at, r, line),
            b"Ed" => {
                self.para_break(r.start);
                self.change(line, |s| {
                    s.bd.pop();
                });
            }
            b"Dl" => self.display_line(at, r, line, eol),
            _ if self.macros.get(name) == Some(&MacroKind::Starts) => {
                self.change(line, |s| s.nofill = true);
            }
            _ if self.macros.get(name) == Some(&MacroKind::Ends) => {
                self.change(line, |s| s.nofill = false);
            }
            _ => self.other_macro(name, at, r, line, eol),
        }
    }

    /// Step of [`Reader::request_in`]: `.if`, `.ie` and `.while`, the condition
    /// and its body.
    fn conditional(&mut self, name: &[u8], at: usize, r: Range<usize>, eol: Range<usize>) {
        let (cond, body) = self.condition(at, r.end);
        if name == b"ie" {
            self.ie.push(cond);
        }
        // A loop's body is read by no one here.
        let cond = cond && name != b"while";
        self.body(cond, body, r.end, eol);
    }

    /// Step of [`Reader::request_in`]: `.de` and `.am` (and their variants), a
    /// macro definition's block opened.
    fn define_macro(&mut self, name: &[u8], at: usize, r: Range<usize>) {
        let (args, _) = self.args(at, r.end);
        let macro_name = args.first().map(|a| self.raw(a)).unwrap_or_default();
        let end = args
            .get(1)
            .map(|a| self.raw(a))
            .unwrap_or_else(|| b".".to_vec());
        self.block = Some(Block::Define {
            name: macro_name,
            end,
            start: r.start,
            nf: false,
            fi: false,
            append: name.starts_with(b"a"),
        });
    }

    /// Step of [`Reader::request_in`]: `.TS`, a table's block (tbl(1)) opened.
    fn table_start(&mut self, r: Range<usize>) {
        self.para_break(r.start);
        self.block = Some(Block::Table {
            start: r.start,
            stage: TableStage::Options,
            tab: b'\t',
            text_block: false,
        });
    }

    /// Step of [`Reader::request_in`]: `.EQ`, `.PS` and `.G1`, a preprocessor's
    /// block (eqn, pic, grap) opened.
    fn preprocessor_start(&mut self, name: &[u8], r: Range<usize>) {
        self.para_break(r.start);
        let end: &'static [u8] = match name {
            b"EQ" => b"EN",
            b"PS" => b"PE",
            _ => b"G2",
        };
        self.block = Some(Block::Preprocessor {
            end,
            start: r.start,
        });
    }

    /// Step of [`Reader::request_in`]: `.ft`, the font.
    fn font_request(&mut self, at: usize, r: Range<usize>, line: Range<usize>) {
        let (args, _) = self.args(at, r.end);
        let sel = match args.first() {
            Some(a) => self.font_sel(&self.raw(a)),
            None => Sel::Previous,
        };
        self.change(line, |s| s.set_font(sel));
    }

    /// Step of [`Reader::request_in`]: `.fam`, the font family.
    fn family_request(&mut self, at: usize, r: Range<usize>, line: Range<usize>) {
        let (args, _) = self.args(at, r.end);
        let sel = match args.first() {
            Some(a) => Sel::Set(self.raw(a) == b"C"),
            None => Sel::Previous,
        };
        self.change(line, |s| s.set_family(sel));
    }

    /// Step of [`Reader::request_in`]: `.fp`, a font mounted at a position.
    fn font_position(&mut self, at: usize, r: Range<usize>) {
        let (args, _) = self.args(at, r.end);
        if let (Some(n), Some(f)) = (args.first(), args.get(1)) {
            let n = String::from_utf8_lossy(&self.raw(n)).parse::<u32>().ok();
            if let Some(n) = n {
                self.mounts.insert(n, font_named(&self.raw(f)));
            }
        }
    }

    /// Step of [`Reader::request_in`]: `.cc`, `.c2`, `.ec` and `.eo`, the
    /// control and escape characters.
    fn control_chars(&mut self, name: &[u8], at: usize, r: Range<usize>) {
        self.changes_chars = true;
        let (args, _) = self.args(at, r.end);
        let c = args.first().and_then(|a| self.raw(a).first().copied());
        match name {
            b"cc" => self.cc = c.unwrap_or(b'.'),
            b"c2" => self.c2 = c.unwrap_or(b'\''),
            b"ec" => self.esc = Some(c.unwrap_or(b'\\')),
            _ => self.esc = None,
        }
    }

    /// Step of [`Reader::request_in`]: `.tl`, a title line.
    fn title_line(&mut self, at: usize, r: Range<usize>, eol: Range<usize>) {
        let src = self.src;
        // `'left'center'right'`: the three parts of a title line.
        let s = self.skip_blanks(at, r.end);
        if s < r.end {
            let d = src[s];
            let mut pos = s;
            let mut parts = Vec::new();
            for _ in 0..3 {
                let (part, next) = delimited(src, pos, r.end, self.esc_byte(), 0);
                parts.push(Arg {
                    pieces: std::iter::once(part.clone()).collect(),
                    span: part,
                    quoted: true,
                });
                if next >= r.end || next == 0 || src.get(next - 1) != Some(&d) {
                    break;
                }
                pos = next - 1;
            }
            self.para_break(r.start);
            self.put_args(&parts, true, None, eol);
            self.para_break(r.start);
        }
    }

    /// Step of [`Reader::request_in`]: `.TH`, `.SH`, `.SS` (man(7)) and `.Sh`,
    /// `.Ss` (mdoc(7)), a title or heading.
    fn heading(
        &mut self,
        name: &[u8],
        at: usize,
        r: Range<usize>,
        line: Range<usize>,
        eol: Range<usize>,
    ) {
        self.para_break(r.start);
        self.change(line.clone(), |s| {
            s.nofill = false;
            s.prompt = None;
            s.set_font(Sel::Set(ROMAN));
        });
        self.rs_depth = 0;
        self.rs_fresh = false;
        if name == b"Sh" || name == b"Ss" {
            self.mdoc = true;
        }
        let (args, comment) = self.args(at, r.end);
        if args.is_empty() {
            self.roman_after_line = name != b"TH";
            self.put_comment(comment);
        } else {
            self.put_args(&args, true, comment, eol);
            self.para_break(r.start);
        }
    }

    /// Step of [`Reader::request_in`]: `.B`, `.I`, `.SM` and `.SB` (man(7)),
    /// one font.
    fn font_macro(
        &mut self,
        name: &[u8],
        at: usize,
        r: Range<usize>,
        line: Range<usize>,
        eol: Range<usize>,
    ) {
        // The font for the arguments, or the next line; then roman
        // (groff_man: `.I` is italic, the others bold or roman).
        let font = if name == b"I" { ITALIC } else { ROMAN };
        let (args, comment) = self.args(at, r.end);
        if args.is_empty() {
            self.change(line, |s| s.set_font(Sel::Set(font)));
            self.roman_after_line = true;
            self.put_comment(comment);
        } else {
            let first = args[0].span.start;
            self.change(line.start..first, |s| s.set_font(Sel::Set(font)));
            self.put_args(&args, true, comment, eol);
            self.change(line.end..line.end, |s| s.set_font(Sel::Set(ROMAN)));
        }
    }

    /// Step of [`Reader::request_in`]: `.BR`, `.IR` and the like (man(7)), two
    /// fonts by turns.
    fn alternating_fonts(&mut self, name: &[u8], at: usize, r: Range<usize>, eol: Range<usize>) {
        // Arguments in the two fonts by turns, joined.
        let (args, comment) = self.args(at, r.end);
        for (k, a) in args.iter().enumerate() {
            let font = if name[k % 2] == b'I' { ITALIC } else { ROMAN };
            let at = a.span.start;
            self.change(at..at, |s| s.set_font(Sel::Set(font)));
            self.put_arg(a);
        }
        let end = eol.start;
        self.change(end..end, |s| s.set_font(Sel::Set(ROMAN)));
        if !args.is_empty() {
            self.line_end(eol);
        }
        self.put_comment(comment);
    }

    /// Step of [`Reader::request_in`]: `.UE` and `.ME` (man(7)), the end of a
    /// hyperlink or address.
    fn uri_end(&mut self, at: usize, r: Range<usize>, eol: Range<usize>) {
        if let Some(url) = self.ur.take() {
            if self.flow.text.trim_ascii() == url.trim_ascii() && !self.flow_code {
                self.flow = Buf::default();
            }
        }
        self.flush();
        let (args, comment) = self.args(at, r.end);
        self.put_args(&args, false, comment, eol);
    }

    /// Step of [`Reader::request_in`]: `.URL`, `.FTP` and `.MTO` (groff www), a
    /// link in one line.
    fn url_macro(&mut self, name: &[u8], at: usize, r: Range<usize>, eol: Range<usize>) {
        self.flush();
        let (args, comment) = self.args(at, r.end);
        let url = match (name, args.first()) {
            (b"MTO", _) | (_, None) => Vec::new(),
            (_, Some(a)) => self.link("URL", a),
        };
        let rest = &args[args.len().min(1)..];
        let same = rest.len() == 1 && self.arg_text(&rest[0]).trim_ascii() == url.trim_ascii();
        if !same {
            self.put_args(rest, false, comment, eol);
        } else {
            self.put_comment(comment);
        }
    }

    /// Step of [`Reader::request_in`]: `.Sm` (mdoc(7)), the spacing mode.
    fn spacing_mode(&mut self, at: usize, r: Range<usize>) {
        self.mdoc = true;
        let (args, _) = self.args(at, r.end);
        self.mdoc_spacing = match args.first().map(|a| self.raw(a)).as_deref() {
            Some(b"on") => true,
            Some(b"off") => false,
            _ => !self.mdoc_spacing,
        };
    }

    /// Step of [`Reader::request_in`]: `.Bd` (mdoc(7)), a display begun.
    fn display_begin(&mut self, at: usize, r: Range<usize>, line: Range<usize>) {
        self.mdoc = true;
        self.para_break(r.start);
        let (args, _) = self.args(at, r.end);
        let literal = args
            .iter()
            .any(|a| matches!(&self.raw(a)[..], b"-literal" | b"-unfilled"));
        self.change(line, |s| s.bd.push(literal));
    }

    /// Step of [`Reader::request_in`]: `.Dl` (mdoc(7)), a one-line literal
    /// display.
    fn display_line(&mut self, at: usize, r: Range<usize>, line: Range<usize>, eol: Range<usize>) {
        self.para_break(r.start);
        let (args, comment) = self.args(at, r.end);
        let end = line.end;
        self.change(line.start..line.start, |s| s.inline_code = true);
        self.put_args(&args, true, comment, eol);
        self.change(end..end, |s| s.inline_code = false);
        self.para_break(r.start);
    }

    /// Step of [`Reader::request_in`]: any other request or macro, by its class
    /// (mdoc(7)'s own macros make the document mdoc).
    fn other_macro(
        &mut self,
        name: &[u8],
        at: usize,
        r: Range<usize>,
        line: Range<usize>,
        eol: Range<usize>,
    ) {
        // mdoc(7)'s own macros (none of man(7)'s): the document is
        // one, unless it defines the macro itself.
        if matches!(
            name,
            b"Dd"
                | b"Dt"
                | b"Os"
                | b"Nm"
                | b"Nd"
                | b"Sm"
                | b"Lk"
                | b"Mt"
                | b"%U"
                | b"Rs"
                | b"Xr"
                | b"Bl"
                | b"It"
                | b"Pp"
        ) && !self.macros.contains_key(name)
        {
            self.mdoc = true;
        }
        let class = class(name);
        if class & BREAK != 0 {
            self.para_break(r.start);
        }
        match name {
            b"RS" => {
                self.rs_depth = self.rs_depth.saturating_add(1);
                self.rs_fresh = true;
            }
            b"RE" => {
                if self.prompt.is_some_and(|d| d >= self.rs_depth) {
                    self.change(line.clone(), |s| s.prompt = None);
                }
                self.rs_depth = self.rs_depth.saturating_sub(1);
                self.rs_fresh = false;
            }
            _ => {}
        }
        if class & ROMAN_FLAG != 0 {
            self.change(line.clone(), |s| s.set_font(Sel::Set(ROMAN)));
        }
        if class & (QUIET | BREAK) != 0 {
            return;
        }
        let (args, comment) = self.args(at, r.end);
        if self.mdoc && class & CALLABLE != 0 {
            if matches!(name, b"It" | b"D1" | b"Nd") {
                self.para_break(r.start);
            }
            self.mdoc_line(name, at - name.len(), &args, eol);
            self.put_comment(comment);
            if matches!(name, b"It" | b"D1") {
                self.para_break(r.start);
            }
        } else {
            self.put_args(&args, true, comment, eol);
        }
    }

    /// The tokens of an mdoc(7) line whose macro is `name` (written at
    /// `at`): callable macro names are dropped, `Lk` and `%U` give a
    /// link of the next argument, `Mt` drops an address, `Ql` and `Li`
    /// make the arguments after them code, `Ar` italic (a placeholder),
    /// `Ns` and `.Sm off` join; the enclosures (`Op`, `Oo` ... `Oc`,
    /// `Pq`, `Bq`, `Aq`, `Dq`, `Qq`, `Sq`) give their brackets or quotes
    /// (ASCII), those of a line closed at its end.
    pub(super) fn mdoc_line(&mut self, name: &[u8], at: usize, args: &[Arg], eol: Range<usize>) {
        #[derive(PartialEq)]
        enum Next {
            Text,
            Link(&'static str),
            Address,
        }
        let mut next = Next::Text;
        let mut no_space = true;
        let mut prev: Option<&Arg> = None;
        let mut wrote = false;
        let mut closers: Vec<u8> = Vec::new();
        let punctuation = |w: &[u8]| w.len() == 1 && b".,:;)]?!".contains(&w[0]);
        // Closing punctuation at the end of the line goes after the
        // enclosures' closers (`Op : port .` is `[:port].`).
        let trailing = args
            .iter()
            .rposition(|a| a.quoted || !punctuation(&self.raw(a)))
            .map_or(0, |i| i + 1);
        let tokens: Vec<_> = std::iter::once((name.to_vec(), at..at + name.len(), None))
            .chain(args.iter().map(|a| (self.raw(a), a.span.clone(), Some(a))))
            .collect();
        for (k, (word, span, arg)) in tokens.into_iter().enumerate() {
            if k > trailing && !closers.is_empty() {
                self.close_enclosures(span.start, &mut closers);
            }
            let quoted = arg.is_some_and(|a| a.quoted);
            if !quoted && class(&word) & CALLABLE != 0 {
                let code = matches!(&word[..], b"Ql" | b"Li");
                let font = if word == b"Ar" { ITALIC } else { ROMAN };
                let at = span.start;
                self.change(at..at, |s| {
                    s.inline_code = code;
                    s.set_font(Sel::Set(font));
                });
                wrote |= self.enclose(&word, &span, &mut no_space, &mut closers);
                match &word[..] {
                    b"Ns" => no_space = true,
                    b"Lk" => next = Next::Link("Lk"),
                    b"%U" => next = Next::Link("%U"),
                    b"Mt" => next = Next::Address,
                    _ => {}
                }
                prev = None;
                continue;
            }
            let Some(a) = arg else {
                continue;
            };
            match std::mem::replace(&mut next, Next::Text) {
                Next::Link(field) => {
                    self.flush();
                    self.link(field, a);
                    prev = None;
                    no_space = true;
                    continue;
                }
                Next::Address => {
                    prev = None;
                    no_space = true;
                    continue;
                }
                Next::Text => {}
            }
            let closing = punctuation(&word);
            if !no_space && !closing && self.mdoc_spacing {
                match prev {
                    Some(p) => self.put_space(p, a),
                    None => self.sink().replaced(a.span.start, b' '),
                }
            }
            let opening = word.len() == 1 && b"([".contains(&word[0]);
            self.put_arg(a);
            wrote = true;
            no_space = opening;
            prev = Some(a);
        }
        let end = eol.start;
        self.close_enclosures(end, &mut closers);
        self.change(end..end, |s| {
            s.inline_code = false;
            s.set_font(Sel::Set(ROMAN));
        });
        if wrote {
            self.line_end(eol);
        }
    }

    /// Step of [`Reader::mdoc_line`]: the enclosure macro `word` (at
    /// `span`) written as its bracket or quote, its closer kept for the
    /// line's end; true when it wrote one.
    fn enclose(
        &mut self,
        word: &[u8],
        span: &Range<usize>,
        no_space: &mut bool,
        closers: &mut Vec<u8>,
    ) -> bool {
        let src = self.src;
        let mut wrote = false;
        let (open, close) = enclosure(word);
        match (open, close) {
            (Some(o), c) => {
                if !*no_space && self.mdoc_spacing {
                    self.sink().replaced(span.start, b' ');
                }
                self.sink().group(src, span.clone(), &[o]);
                wrote = true;
                *no_space = true;
                if let Some(c) = c {
                    closers.push(c);
                }
            }
            (None, Some(c)) => {
                self.sink().group(src, span.clone(), &[c]);
                wrote = true;
                *no_space = false;
            }
            (None, None) => {}
        }
        wrote
    }

    /// Step of [`Reader::mdoc_line`]: the enclosures still open, closed
    /// at `at` (their closers, innermost first, in roman).
    fn close_enclosures(&mut self, at: usize, closers: &mut Vec<u8>) {
        self.change(at..at, |s| s.set_font(Sel::Set(ROMAN)));
        while let Some(c) = closers.pop() {
            self.sink().replaced(at, c);
        }
    }

    /// `.ds name value` (or `.as`, appending): the value after one
    /// optional leading `"`, to the end of the line.
    pub(super) fn define_string(&mut self, append: bool, at: usize, end: usize) {
        let src = self.src;
        let w = self.word(at, end);
        if w.is_empty() {
            return;
        }
        let name = src[w.clone()].to_vec();
        let mut v = self.skip_blanks(w.end, end);
        if src.get(v) == Some(&b'"') && v < end {
            v += 1;
        }
        let value = v..end;
        let entry = self.strings.entry(name).or_default();
        if !append {
            entry.clear();
        }
        entry.push(value);
    }

    /// `.nr name value`: a number register, when its value reads as one
    /// (`+N` and `-N` add to it).
    pub(super) fn set_register(&mut self, at: usize, end: usize) {
        let src = self.src;
        let w = self.word(at, end);
        if w.is_empty() {
            return;
        }
        let name = src[w.clone()].to_vec();
        let v = self.skip_blanks(w.end, end);
        let relative = matches!(src.get(v), Some(b'+' | b'-')) && v < end;
        let mut i = v;
        let value = self.expr(&mut i, end, 0);
        let old = self.regs.get(&name).copied().unwrap_or(0);
        let value = if relative {
            old.saturating_add(value)
        } else {
            value
        };
        self.regs.insert(name, value);
    }

    /// The body of a conditional (from `at` to `end`): read as a line when
    /// `cond`, else skipped with the block it opens.
    pub(super) fn body(&mut self, cond: bool, at: usize, end: usize, eol: Range<usize>) {
        let src = self.src;
        if !cond {
            let depth = self.brace_depth(at..end);
            if depth > 0 {
                self.skip_depth = depth;
            }
            return;
        }
        let mut b = at;
        loop {
            b = self.skip_blanks(b, end);
            if self.is_esc(b) && matches!(src.get(b + 1), Some(b'{' | b'\n')) && b + 1 < end {
                b += 2;
                continue;
            }
            break;
        }
        if b >= end {
            return;
        }
        if self.is_control(b) {
            self.control(b..end, eol);
        } else {
            self.text(b..end, eol);
        }
    }

    /// Evaluates the condition at `at` (groff(7), "Conditional
    /// expressions", as nroff does: `n` true, `t` false); where its body
    /// starts.
    pub(super) fn condition(&self, at: usize, end: usize) -> (bool, usize) {
        let src = self.src;
        let mut i = self.skip_blanks(at, end);
        let mut neg = false;
        while i < end && src[i] == b'!' {
            neg = !neg;
            i += 1;
        }
        if i >= end {
            return (false, end);
        }
        let (value, next) = match src[i] {
            b'n' | b'o' => (true, i + 1),
            b't' | b'e' | b'v' => (false, i + 1),
            b'c' => {
                let j = self.skip_blanks(i + 1, end);
                let next = if self.is_esc(j) {
                    parse_escape(src, j, end, self.esc_byte(), 0).0
                } else {
                    (j + 1).min(end)
                };
                (true, next)
            }
            b'd' | b'r' | b'm' | b'F' | b'S' => {
                let w = self.word(i + 1, end);
                let e = w.end;
                let n = &src[w];
                let v = match src[i] {
                    b'd' => {
                        self.strings.contains_key(n)
                            || self.macros.contains_key(n)
                            || predefined(n).is_some()
                    }
                    b'r' => self.regs.contains_key(n) || n.starts_with(b"."),
                    b'F' => true,
                    _ => false,
                };
                (v, e)
            }
            d if !d.is_ascii_alphanumeric()
                && !matches!(d, b'(' | b'+' | b'-' | b'.' | b' ' | b'\t')
                && Some(d) != self.esc =>
            {
                // 'a'b': a string comparison.
                let (a, j) = delimited(src, i, end, self.esc_byte(), 0);
                let (b, k) =
                    delimited(src, j.saturating_sub(1).max(i + 1), end, self.esc_byte(), 0);
                (self.text_of(a) == self.text_of(b), k)
            }
            _ => {
                let mut j = i;
                let v = self.expr(&mut j, end, 0);
                (v > 0, j)
            }
        };
        (value != neg, self.skip_blanks(next, end))
    }

    /// A numeric expression at `*i` (groff(7), "Numerical expressions":
    /// left to right, no precedence), registers the document sets, `.g`
    /// 1, others 0; units are ignored.
    pub(super) fn expr(&self, i: &mut usize, end: usize, depth: u8) -> i64 {
        let src = self.src;
        let mut acc = self.primary(i, end, depth);
        loop {
            let rest = &src[(*i).min(end)..end];
            let (op, len): (&[u8], usize) = [
                &b"<="[..],
                b">=",
                b"==",
                b"<>",
                b"<?",
                b">?",
                b"+",
                b"-",
                b"*",
                b"/",
                b"%",
                b"<",
                b">",
                b"=",
                b"&",
                b":",
            ]
            .iter()
            .find(|op| rest.starts_with(op))
            .map_or((&b""[..], 0), |op| (*op, op.len()));
            if len == 0 {
                return acc;
            }
            *i += len;
            let rhs = self.primary(i, end, depth);
            acc = match op {
                b"<=" => i64::from(acc <= rhs),
                b">=" => i64::from(acc >= rhs),
                b"==" | b"=" => i64::from(acc == rhs),
                b"<>" => i64::from(acc != rhs),
                b"<?" => acc.min(rhs),
                b">?" => acc.max(rhs),
                b"+" => acc.saturating_add(rhs),
                b"-" => acc.saturating_sub(rhs),
                b"*" => acc.saturating_mul(rhs),
                b"/" => acc.checked_div(rhs).unwrap_or(0),
                b"%" => acc.checked_rem(rhs).unwrap_or(0),
                b"<" => i64::from(acc < rhs),
                b">" => i64::from(acc > rhs),
                b"&" => i64::from(acc > 0 && rhs > 0),
                _ => i64::from(acc > 0 || rhs > 0),
            };
        }
    }

    /// A term of a numeric expression.
    pub(super) fn primary(&self, i: &mut usize, end: usize, depth: u8) -> i64 {
        let src = self.src;
        if *i >= end || depth > MAX_DEPTH {
            return 0;
        }
        match src[*i] {
            b'(' => {
                *i += 1;
                let v = self.expr(i, end, depth + 1);
                if *i < end && src[*i] == b')' {
                    *i += 1;
                }
                v
            }
            b'-' => {
                *i += 1;
                self.primary(i, end, depth + 1).saturating_neg()
            }
            b'+' => {
                *i += 1;
                self.primary(i, end, depth + 1)
            }
            b'0'..=b'9' | b'.' => {
                let s = *i;
                while *i < end && src[*i].is_ascii_digit() {
                    *i += 1;
                }
                let v = std::str::from_utf8(&src[s..*i])
                    .ok()
                    .and_then(|t| t.parse::<i64>().ok())
                    .unwrap_or(0);
                if *i < end && src[*i] == b'.' {
                    *i += 1;
                    while *i < end && src[*i].is_ascii_digit() {
                        *i += 1;
                    }
                }
                if *i < end && b"icpPmMnvusfz".contains(&src[*i]) {
                    *i += 1;
                }
                v
            }
            _ if self.is_esc(*i) => {
                let (next, e) = parse_escape(src, *i, end, self.esc_byte(), 0);
                *i = next;
                match e {
                    Esc::Register(name) => {
                        let n = &src[name];
                        match self.regs.get(n) {
                            Some(v) => *v,
                            None => i64::from(n == b".g"),
                        }
                    }
                    Esc::Str(name) => {
                        let v = self.interpolate(&src[name]);
                        String::from_utf8_lossy(&v).trim().parse().unwrap_or(0)
                    }
                    _ => 0,
                }
            }
            _ => 0,
        }
    }

    /// A line inside a multi-line construct.
    pub(super) fn block_line(&mut self, r: Range<usize>, eol: Range<usize>) {
        let Some(mut block) = self.block.take() else {
            return;
        };
        let src = self.src;
        let name = self.is_control(r.start).then(|| {
            let s = self.skip_blanks(r.start + 1, r.end);
            src[s..self.name_end(s, r.end)].to_vec()
        });
        let line_end = eol.end.max(r.end);
        match &mut block {
            Block::Define {
                name: macro_name,
                end,
                start,
                nf,
                fi,
                append,
            } => {
                if name.as_deref() == Some(&end[..]) {
                    self.blocks.push(*start..line_end);
                    let kind = match (*nf, *fi) {
                        (true, false) => MacroKind::Starts,
                        (false, true) => MacroKind::Ends,
                        _ => MacroKind::Other,
                    };
                    let name = std::mem::take(macro_name);
                    if !*append || !self.macros.contains_key(&name) {
                        self.macros.insert(name, kind);
                    }
                    return;
                }
                match name.as_deref() {
                    Some(b"nf") => *nf = true,
                    Some(b"fi") => *fi = true,
                    _ => {}
                }
            }
            Block::Ignore { end } => {
                if name.as_deref() == Some(&end[..]) {
                    self.flush_comment();
                    return;
                }
                self.comment.exact(src, r);
                self.comment.exact(src, eol);
            }
            Block::Preprocessor { end, start } => {
                if name.as_deref() == Some(*end) {
                    self.blocks.push(*start..line_end);
                    return;
                }
            }
            Block::Table {
                start,
                stage,
                tab,
                text_block,
            } => {
                if name.as_deref() == Some(&b"TE"[..]) {
                    self.blocks.push(*start..line_end);
                    self.para_break(r.start);
                    return;
                }
                self.table_line(r, eol, name.as_deref(), stage, tab, text_block);
            }
        }
        if self.block.is_none() {
            self.block = Some(block);
        }
    }

    /// Step of [`Reader::block_line`]: a line `r` of a table (tbl(1)) but
    /// `.TE`, by the table's `stage`: its options (`tab(x)`), a format
    /// line, or a row of data (or a text block's line).
    fn table_line(
        &mut self,
        r: Range<usize>,
        eol: Range<usize>,
        name: Option<&[u8]>,
        stage: &mut TableStage,
        tab: &mut u8,
        text_block: &mut bool,
    ) {
        let src = self.src;
        let t = src[r.clone()].trim_ascii();
        match *stage {
            TableStage::Options if t.ends_with(b";") => {
                if let Some(p) = memchr::memmem::find(t, b"tab(") {
                    if let Some(&c) = t.get(p + 4) {
                        *tab = c;
                    }
                }
                *stage = TableStage::Format;
            }
            TableStage::Options | TableStage::Format => {
                *stage = if t.ends_with(b".") {
                    TableStage::Data
                } else {
                    TableStage::Format
                };
            }
            TableStage::Data => {
                if name == Some(&b"T&"[..]) {
                    *stage = TableStage::Format;
                } else if *text_block {
                    if src[r.clone()].starts_with(b"T}") {
                        *text_block = false;
                        self.para_break(r.start);
                        let rest = (r.start + 2).min(r.end);
                        *text_block = self.cells(rest..r.end, *tab);
                    } else if name.is_some() {
                        self.control(r, eol);
                    } else {
                        self.text(r, eol);
                    }
                } else if name.is_some() {
                    self.control(r, eol);
                } else {
                    *text_block = self.cells(r, *tab);
                }
            }
        }
    }

    /// The cells of a table row `r` separated by `tab`, each a run of its
    /// own; true when the last one opens a text block (`T{`).
    pub(super) fn cells(&mut self, r: Range<usize>, tab: u8) -> bool {
        let src = self.src;
        let mut from = r.start;
        let mut i = r.start;
        let mut opens = false;
        loop {
            let at_end = i >= r.end;
            if at_end || src[i] == tab {
                let cell = from..i.min(r.end);
                let t = src[cell.clone()].trim_ascii();
                self.para_break(from);
                if t == b"T{" {
                    opens = true;
                } else if !matches!(t, b"_" | b"=" | b"\\_" | b"\\^" | b"") {
                    self.put_source(cell);
                    self.join = false;
                }
                self.para_break(i.min(r.end));
                if at_end {
                    return opens;
                }
                opens = false;
                i += 1;
                from = i;
                continue;
            }
            if self.is_esc(i) {
                i = parse_escape(src, i, r.end, self.esc_byte(), 0).0;
            } else {
                i += 1;
            }
        }
    }
}

/// The bracket or quote an mdoc(7) enclosure macro `word` opens and the
/// one it closes (`Op` both, `Oo` the opening, `Oc` the closing; ASCII).
fn enclosure(word: &[u8]) -> (Option<u8>, Option<u8>) {
    match word {
        b"Op" | b"Bq" => (Some(b'['), Some(b']')),
        b"Pq" => (Some(b'('), Some(b')')),
        b"Aq" => (Some(b'<'), Some(b'>')),
        b"Dq" | b"Qq" => (Some(b'"'), Some(b'"')),
        b"Sq" => (Some(b'\''), Some(b'\'')),
        b"Oo" | b"Bo" => (Some(b'['), None),
        b"Po" => (Some(b'('), None),
        b"Ao" => (Some(b'<'), None),
        b"Do" | b"Qo" => (Some(b'"'), None),
        b"So" => (Some(b'\''), None),
        b"Oc" | b"Bc" => (None, Some(b']')),
        b"Pc" => (None, Some(b')')),
        b"Ac" => (None, Some(b'>')),
        b"Dc" | b"Qc" => (None, Some(b'"')),
        b"Sc" => (None, Some(b'\'')),
        _ => (None, None),
    }
}
