//! roff (man pages): the text of a man(7), mdoc(7) or plain roff document
//! as a reader of the formatted page sees it, in segments mapped back to
//! the source bytes.
//!
//! This module owns reading roff source into [`Segment`]s whose
//! [`OffsetMap`]s give, for every decoded byte, the source bytes it came
//! from (0-based byte offsets into the file, end exclusive), and the byte
//! ranges that `check --fix` and `check --add-ignore` must leave alone
//! ([`code_ranges`], [`fix_excluded`], [`marker_unsafe_ranges`]). It is a
//! small reader of our own, not a formatter: it interprets what decides
//! where text and URIs are (escapes, requests, conditionals, string
//! definitions, fonts, displays) and nothing of layout. It does not own
//! scanning the segments, detection (`super::detect`), nor marker syntax
//! (`crate::fix::add_ignore`).
//!
//! References: groff(7) ("Escape sequences", "Requests", "Conditional
//! expressions"), groff_char(7) (special character names), man(7) and
//! groff_man(7) (the man macros; `.UR`/`.UE`, `.MT`/`.ME` hyperlinks;
//! `.EX`/`.EE`), mdoc(7) (`.Lk`, `.Mt`, `%U`, `.Bd -literal`, `.Dl`,
//! `.Ql`, callable macros), groff's `www.tmac` (`.URL`, `.FTP`, `.MTO`)
//! and tbl(1). On the machine this was written on only `man 7 man`
//! (manpages) is installed of these pages; the macro packages themselves
//! were read in groff 1.22.4's `/usr/share/groff/1.22.4/tmac` (`an-old.tmac`,
//! `an-ext.tmac`, `www.tmac`, `doc.tmac`).
//!
//! What is read:
//!
//! - text lines, with escapes decoded: `\-` is `-`; `\e`, `\\`, `\(rs`,
//!   `\[rs]` are `\`; `\&`, `\:`, `\|`, `\^`, `\%`, `\)`, `\,`, `\/` and
//!   the other zero-width escapes (`\s±N`, `\m[..]`, `\M[..]`, `\h'..'`,
//!   `\X'..'`, `\k`, `\n`, ...) are nothing; `\.` is `.`; `\ `, `\~`, `\0`
//!   are a space; `\(xx`, `\[name]`, `\C'name'`, `\[u00E9]` (a code point
//!   in hex), `\N'n'` are the characters groff_char(7) names (a table of the usual ones:
//!   quotes, dashes, `aq`, `dq`, `ti`, `ha`, `at`, `sl`, bullets, accented
//!   Latin letters, Greek; an unknown name is nothing, as groff prints
//!   it); `\*x`, `\*(xx`, `\*[name]` are the strings the document defines
//!   (`.ds`, `.as`) or man(7) and mdoc(7) predefine (`Aq`, `dq`, `lq`,
//!   `rq`, `R`, `Tm`, ...; unknown ones are nothing); `\'` is read as `'`
//!   (groff's acute accent, which authors write for an apostrophe at the
//!   start of a line) and `` \` `` as `` ` ``. Font escapes (`\fB`,
//!   `\f(CW`, `\f[CR]`, `\fP`, ...) are nothing but switch code on and
//!   off (below). `\c` joins the next line without a space;
//!   `\` at the end of a line continues it on the next;
//! - in filled text a line break is a space, as roff fills it (so a URI
//!   is never joined across lines of filled text); a paragraph (`.PP`,
//!   `.SH`, `.TP`, `.br`, a blank line, ...) is a blank line (two line
//!   breaks, mapped to empty spans), which no URI is taken across;
//! - requests and macros (lines starting with `.` or `'`): the name is
//!   dropped and the arguments of the man(7), mdoc(7) and unknown macros
//!   are text (quotes removed; `.BR a b` joins its arguments, `.B a b`
//!   spaces them); groff requests that take no text (`.ft`, `.nr`,
//!   `.so`, `.sp`, ...) give nothing. `.if`, `.ie`, `.el` are evaluated as
//!   nroff does (`n` true, `t` false, string comparisons and numeric
//!   expressions with the registers the document sets, groff's `\n(.g`
//!   1), so that only one branch is read; `.de` macro bodies are not text.
//!   mdoc(7) lines drop their callable macro names and give the brackets
//!   and quotes of enclosures (`Op`, `Oo`/`Oc`, `Pq`, `Aq`, `Dq`, ...,
//!   in ASCII), joined under `.Sm off` and after `Ns`;
//! - italic is placeholder text (man(7): "italic for ... text the user
//!   replaces"): an italic word glued into a URI (after `scheme:` ... and
//!   `/`, `:`, `@`, `?`, `=`, `&`, `#`, `.` or `[`; `.RI http:// host /
//!   path`, mdoc `Ar`) is given between `{` and `}` (mapped to empty
//!   spans), so that the URI reads as the template it is
//!   (`http://{host}/{path}`, RFC 6570; `crate::template`);
//! - link macros give [`SegmentKind::RoffLink`] segments, each one URI
//!   reference: man(7) `.UR url` (its link text up to `.UE` is text, given
//!   once when it is the URL itself), www.tmac `.URL url [text [after]]`
//!   and `.FTP`, mdoc(7) `.Lk url [text]` and `%U url`. E-mail addresses
//!   (`.MT addr` ... `.ME`, `.MTO addr`, mdoc `.Mt addr`) are addresses,
//!   not URIs, and are left out, as Markdown e-mail autolinks are;
//! - comments (`.\"`, `'\"`, `\"`, `\#`, `.ig` ... `..`) are given as
//!   written, as HTML comments are ([`SegmentKind::RoffComment`]; scanned
//!   and linted, since people leave links in them): consecutive comment
//!   lines are one segment, their `.\"` prefixes left out;
//! - tables (`.TS` ... `.TE`, tbl(1)): the cells of data rows, each its
//!   own run (the options and format lines are not text).
//!
//! Code is left out unless asked for, then given as
//! [`SegmentKind::Code`] (`display` or `constant-width`, as Markdown's
//! code blocks and spans are): no-fill displays `.nf` ... `.fi` (ended by
//! `.SH`/`.SS` too, as groff_man does), `.EX` ... `.EE`, mdoc
//! `.Bd -literal`/`-unfilled` ... `.Ed` and `.Dl`, macros the document
//! defines with `.nf` in their body (pod2man's `.Vb`, ended by one with
//! `.fi`: `.Ve`), and constant-width font runs: `.ft C`, `CW`, `CR`,
//! `CB`, `CI`, ... up to another font (`.ft`, `.ft P`, `.ft R`, `\fR`,
//! `\fP`, ...), `\f(CW`, `\fC`, `\f[C]`, `\f[CR]`, ... inline, a font
//! position mounted with one (`.fp 5 CW`), the Courier family
//! (`.fam C`), mdoc `.Ql`/`.Li`, and indented blocks (`.RS` ... `.RE`)
//! whose first line starts with a `$ ` shell prompt (gcloud's pages write
//! their shell examples so, as filled text). Equations and pictures
//! (`.EQ`, `.PS`, `.G1` blocks) are not read.
//!
//! Not read: user macros are not expanded (their arguments are text),
//! traps, diversions, `.so` inclusions, number registers in text (`\n`
//! is nothing), `\f5`-style font positions that no `.fp` mounts (gcloud's
//! `\f5` is not taken for code), and the other preprocessors' input.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

use super::map::OffsetMap;
use super::segment::{Segment, SegmentKind};

mod escape;
mod reader;
mod request;
#[cfg(test)]
mod tests;

use escape::*;

/// Deepest nesting of string interpolations (`\*` within a string) and
/// of escapes within delimited escapes, and of parentheses in a numeric
/// expression: deeper ones give nothing.
const MAX_DEPTH: u8 = 8;

/// Deepest nesting of requests within requests (`.if n .if n ...`,
/// `.do do ...`): deeper ones are not read.
const MAX_NEST: u32 = 32;

/// Most bytes of a word before the `:` after its scheme, for an italic
/// placeholder glued to it to be read as one ([`Reader::open_brace`]).
const MAX_SCHEME: usize = 64;

/// Most bytes one string interpolation gives.
const MAX_STRING: usize = 4096;

/// Most work one top-level string interpolation does: a unit for each
/// string interpolated within it and for each source byte of a string
/// value read. A string that refers to itself, or doubles at each level,
/// stops there.
const STRING_BUDGET: usize = 1 << 16;

/// Most work all the string interpolations of one document do together
/// (units as in [`STRING_BUDGET`], and one for each byte given). Past it
/// interpolations give nothing, so that a small page that interpolates a
/// long string over and over (or a string appended to line by line) is
/// not read as gigabytes of text, nor in quadratic time. Real pages use a
/// few kilobytes of it.
const MAX_EXPANSION: usize = 4 << 20;

/// Reads the roff document `src` into segments, in document order (of
/// their first source byte). Offsets of every segment's map are 0-based
/// byte offsets into `src`, end exclusive. With `include_code`, the text
/// of displays and constant-width runs is given too
/// ([`SegmentKind::Code`]). Never fails: any input is a roff document.
pub fn segments(src: &[u8], include_code: bool) -> Vec<Segment> {
    Reader::new(src, include_code).run().out
}

/// The byte ranges of `src`'s code (0-based, end exclusive, in document
/// order): each no-fill display from its opening request line to its
/// closing one, each constant-width run from the escape or request that
/// starts it to the one that ends it. What `check --fix` leaves alone in
/// a roff file (see also [`fix_excluded`]).
pub fn code_ranges(src: &[u8]) -> Vec<Range<u64>> {
    let r = Reader::new(src, false).run();
    r.code
        .into_iter()
        .map(|c| c.start as u64..c.end as u64)
        .collect()
}

/// The byte ranges of `src` (0-based, end exclusive) where `check --fix`
/// must not edit: everything but the URIs that the decoded reading finds
/// written as they read. A URI whose source bytes hold an escape
/// (`strace\-devel`, `www\.google\.com`), a join (`\c`), a string
/// interpolation or any byte that is not its own decoded byte, the
/// argument of a link macro (`.UR`, `.URL`, `.Lk`, `%U`: a fix made for a
/// bare URI in text, `<...>` around it, would break the macro), and
/// anything that is not read as text (code, requests, macro definitions,
/// skipped conditional branches), is left alone: the fix passes read the
/// file as plain text, where such a URI is not the one the page shows.
/// Code counts as not read.
pub fn fix_excluded(src: &[u8]) -> Vec<Range<u64>> {
    excluded(src, false)
}

/// [`fix_excluded`] with code read (`--include-code`): URIs in displays
/// and constant-width runs that are written as they read may be fixed.
pub fn fix_excluded_with_code(src: &[u8]) -> Vec<Range<u64>> {
    excluded(src, true)
}

/// The byte ranges of `src` (0-based, end exclusive) where a comment line
/// may not be put before a line (`check --add-ignore`): macro definitions
/// (`.de` ... `..`), where the line would become part of the macro;
/// tables (`.TS` ... `.TE`), equations and pictures, which their
/// preprocessor reads line by line. The whole of `src` when the document
/// changes its control or escape character (`.cc`, `.c2`, `.ec`, `.eo`),
/// since a `.\"` line may then not be a comment.
pub fn marker_unsafe_ranges(src: &[u8]) -> Vec<Range<u64>> {
    let r = Reader::new(src, false).run();
    if r.changes_chars {
        return std::iter::once(0..src.len() as u64).collect();
    }
    r.blocks
        .into_iter()
        .map(|b| b.start as u64..b.end as u64)
        .collect()
}

/// The complement, over `0..src.len()`, of the source spans of the URIs
/// found in the decoded segments whose bytes are their own source bytes.
fn excluded(src: &[u8], include_code: bool) -> Vec<Range<u64>> {
    use crate::scan::{Found, ScanOptions, Scanner};
    let opts = ScanOptions {
        positions: false,
        abbreviated: true,
        missing_colon: true,
        ..ScanOptions::default()
    };
    let mut safe: Vec<Range<u64>> = Vec::new();
    for seg in segments(src, include_code) {
        if matches!(seg.kind, SegmentKind::RoffLink(_)) {
            // A link macro's argument is one URI reference; the fix
            // passes read it as a bare URI in text, whose fixes (`<...>`
            // around it) would break the macro.
            continue;
        }
        let mut scanner = Scanner::new(&seg.text[..], opts.clone());
        while let Ok(Some(found)) = scanner.next_found() {
            if let Found::Uri(c) = found {
                let span = c.span();
                if c.raw() == c.text() && seg.map.is_exact(span.clone()) {
                    safe.push(seg.map.span(span));
                }
            }
        }
    }
    safe.sort_by_key(|r| r.start);
    let mut out = Vec::new();
    let mut from = 0u64;
    for r in safe {
        if r.start > from {
            out.push(from..r.start);
        }
        from = from.max(r.end);
    }
    if (src.len() as u64) > from {
        out.push(from..src.len() as u64);
    }
    out
}

/// Decoded text being built, with its map.
#[derive(Default)]
struct Buf {
    text: Vec<u8>,
    map: OffsetMap,
    /// Where the last word of `text` starts: after its last ASCII
    /// whitespace (kept as text is added, so that finding it costs
    /// nothing on a long line).
    word: usize,
}

impl Buf {
    /// Appends decoded `bytes` (the map is the caller's).
    fn push(&mut self, bytes: &[u8]) {
        if let Some(i) = bytes.iter().rposition(u8::is_ascii_whitespace) {
            self.word = self.text.len() + i + 1;
        }
        self.text.extend_from_slice(bytes);
    }

    /// Appends the source bytes `r` as they are.
    fn exact(&mut self, src: &[u8], r: Range<usize>) {
        let end = r.end.min(src.len());
        if r.start >= end {
            return;
        }
        self.push(&src[r.start..end]);
        self.map.exact(r.start as u64, (end - r.start) as u64);
    }

    /// Appends `bytes`, which stand for the source bytes `r` as a whole.
    fn group(&mut self, src: &[u8], r: Range<usize>, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if r.len() == 1 && bytes.len() == 1 {
            if src.get(r.start) == Some(&bytes[0]) {
                self.exact(src, r);
            } else {
                self.replaced(r.start, bytes[0]);
            }
            return;
        }
        self.push(bytes);
        self.map
            .group(r.start as u64, r.len() as u64, bytes.len() as u64);
    }

    /// Appends `byte`, which stands in for the source byte at `at` (a
    /// line break read as a space): mapped to the empty span at `at`, so
    /// that it never reads as exact.
    fn replaced(&mut self, at: usize, byte: u8) {
        self.push(&[byte]);
        self.map.group(at as u64, 0, 1);
    }

    fn is_blank(&self) -> bool {
        self.text.iter().all(u8::is_ascii_whitespace)
    }

    /// The segment of the text read, of `kind`.
    fn into_segment(self, kind: SegmentKind, references: bool) -> Segment {
        Segment {
            text: self.text,
            kind,
            map: self.map,
            base: None,
            references,
        }
    }
}

/// A font selection (`\f`, `.ft`) or family selection (`\F`, `.fam`):
/// the previous one, or a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sel<T> {
    Previous,
    Set(T),
}

/// What of a font matters here: constant-width (code) and italic (a
/// placeholder, man(7)'s convention for text the reader replaces).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Font {
    cw: bool,
    italic: bool,
}

/// Roman (or bold): neither constant-width nor italic.
const ROMAN: Font = Font {
    cw: false,
    italic: false,
};

/// Italic.
const ITALIC: Font = Font {
    cw: false,
    italic: true,
};

/// A piece of decoded text, as the lexer gives it.
#[derive(Debug)]
enum Tok {
    /// Source bytes as they are.
    Plain(Range<usize>),
    /// Bytes that stand for the source bytes (an escape) as a whole.
    Glyph(Range<usize>, Cow<'static, [u8]>),
    /// A font change by the escape at the range.
    Font(Range<usize>, Sel<Font>),
    /// A family change by the escape at the range: to Courier or not.
    Family(Range<usize>, Sel<bool>),
    /// `\c`: the next line continues this one.
    Join,
    /// The text of a `\"` or `\#` comment.
    Comment(Range<usize>),
}

/// An argument of a request or macro.
#[derive(Clone, Debug)]
struct Arg {
    /// The source pieces of its value: a quoted argument without its
    /// quotes, a doubled quote inside one as one quote.
    pieces: Vec<Range<usize>>,
    /// The argument as written (quotes included).
    span: Range<usize>,
    /// Written in double quotes.
    quoted: bool,
}

/// What a macro the document defines does to filling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MacroKind {
    /// Its body has `.nf` and no `.fi`: it starts a display (pod2man's
    /// `.Vb`).
    Starts,
    /// Its body has `.fi` and no `.nf`: it ends one (`.Ve`).
    Ends,
    /// Anything else.
    Other,
}

/// A multi-line construct being read.
#[derive(Debug)]
enum Block {
    /// A macro definition (`.de name [end]`): its body, up to `.end`.
    Define {
        name: Vec<u8>,
        end: Vec<u8>,
        start: usize,
        nf: bool,
        fi: bool,
        append: bool,
    },
    /// An ignored block (`.ig [end]`): a comment.
    Ignore { end: Vec<u8> },
    /// A table (`.TS` ... `.TE`).
    Table {
        start: usize,
        stage: TableStage,
        tab: u8,
        text_block: bool,
    },
    /// An equation, picture or graph (`.EQ`/`.EN`, `.PS`/`.PE`,
    /// `.G1`/`.G2`): not text.
    Preprocessor { end: &'static [u8], start: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableStage {
    Options,
    Format,
    Data,
}

/// groff requests whose arguments are not text (groff(7), "Requests").
const QUIET_REQUESTS: &[&[u8]] = &[
    b"ab",
    b"ad",
    b"af",
    b"aln",
    b"als",
    b"asciify",
    b"backtrace",
    b"bd",
    b"blm",
    b"box",
    b"boxa",
    b"break",
    b"cf",
    b"cflags",
    b"ch",
    b"char",
    b"chop",
    b"class",
    b"close",
    b"color",
    b"composite",
    b"continue",
    b"cp",
    b"cs",
    b"cu",
    b"da",
    b"device",
    b"devicem",
    b"di",
    b"dt",
    b"em",
    b"ev",
    b"evc",
    b"ex",
    b"fc",
    b"fchar",
    b"fcolor",
    b"fl",
    b"fschar",
    b"fspecial",
    b"ftr",
    b"fzoom",
    b"gcolor",
    b"hc",
    b"hcode",
    b"hla",
    b"hlm",
    b"hpf",
    b"hpfa",
    b"hpfcode",
    b"hw",
    b"hy",
    b"hym",
    b"hys",
    b"it",
    b"itc",
    b"kern",
    b"lc",
    b"length",
    b"lf",
    b"lg",
    b"linetabs",
    b"ll",
    b"ls",
    b"lsm",
    b"lt",
    b"mc",
    b"mk",
    b"mso",
    b"na",
    b"ne",
    b"nh",
    b"nm",
    b"nn",
    b"nroff",
    b"ns",
    b"nx",
    b"open",
    b"opena",
    b"os",
    b"output",
    b"pc",
    b"pev",
    b"pi",
    b"pl",
    b"pm",
    b"pn",
    b"pnr",
    b"po",
    b"ps",
    b"psbb",
    b"pso",
    b"ptr",
    b"pvs",
    b"rchar",
    b"rd",
    b"return",
    b"rfschar",
    b"rm",
    b"rn",
    b"rnn",
    b"rr",
    b"rs",
    b"rt",
    b"schar",
    b"shc",
    b"shift",
    b"sizes",
    b"so",
    b"special",
    b"spreadwarn",
    b"ss",
    b"sty",
    b"substring",
    b"sv",
    b"sy",
    b"ta",
    b"tc",
    b"tkf",
    b"tm",
    b"tm1",
    b"tmc",
    b"tr",
    b"trf",
    b"trin",
    b"trnt",
    b"troff",
    b"uf",
    b"ul",
    b"unformat",
    b"vpt",
    b"vs",
    b"warn",
    b"warnscale",
    b"wh",
    b"write",
    b"writec",
    b"writem",
    b"nop_",
    // man(7) and the usual generators' macros that take no text: pod2man
    // (`.IX` index entries), DocBook (`.LINKSTYLE`), mdoc's `.Tg`.
    b"PD",
    b"DT",
    b"UC",
    b"AT",
    b"IX",
    b"LINKSTYLE",
    b"Tg",
    b"Bl",
    b"El",
    b"Bk",
    b"Ek",
    b"Bf",
    b"Ef",
    b"Sm",
    b"Os",
    b"Dt",
    b"Rs",
    b"Re",
    b"Ud",
    b"Dd",
];

/// Requests and macros that end a paragraph (a break): the segment ends.
const BREAKS: &[&[u8]] = &[
    b"br",
    b"sp",
    b"bp",
    b"ce",
    b"rj",
    b"in",
    b"ti",
    b"PP",
    b"LP",
    b"P",
    b"TP",
    b"TQ",
    b"HP",
    b"RS",
    b"RE",
    b"YS",
    b"Sp",
    b"INDENT",
    b"UNINDENT",
    b"Pp",
    b"Lp",
    b"Bl",
    b"El",
    b"Rs",
    b"Re",
];

/// man(7) paragraph macros that set the font back to roman (an-old.tmac).
const ROMAN_AGAIN: &[&[u8]] = &[b"PP", b"LP", b"P", b"TP", b"HP", b"IP", b"SH", b"SS", b"TQ"];

/// mdoc(7) macros that may be called inside another's arguments.
const MDOC_CALLABLE: &[&[u8]] = &[
    b"Ac", b"Ad", b"An", b"Ao", b"Ap", b"Aq", b"Ar", b"At", b"Bc", b"Bo", b"Bq", b"Brc", b"Bro",
    b"Brq", b"Bsx", b"Bx", b"Cd", b"Cm", b"Dc", b"Do", b"Dq", b"Dv", b"Dx", b"Ec", b"Em", b"En",
    b"Eo", b"Er", b"Es", b"Ev", b"Ex", b"Fa", b"Fc", b"Fl", b"Fn", b"Fo", b"Fr", b"Ft", b"Fx",
    b"Ic", b"In", b"Li", b"Lk", b"Ms", b"Mt", b"Nm", b"No", b"Ns", b"Nx", b"Oc", b"Oo", b"Op",
    b"Ot", b"Ox", b"Pa", b"Pc", b"Pf", b"Po", b"Pq", b"Qc", b"Ql", b"Qo", b"Qq", b"Sc", b"So",
    b"Sq", b"St", b"Sx", b"Sy", b"Ta", b"Tn", b"Ux", b"Va", b"Vt", b"Xc", b"Xo", b"Xr", b"Nd",
    b"It", b"D1", b"Dl", b"Sh", b"Ss", b"%A", b"%B", b"%C", b"%D", b"%I", b"%J", b"%N", b"%O",
    b"%P", b"%Q", b"%R", b"%T", b"%U", b"%V",
];

/// [`class`]: in [`QUIET_REQUESTS`].
const QUIET: u8 = 1;
/// [`class`]: in [`BREAKS`].
const BREAK: u8 = 2;
/// [`class`]: in [`ROMAN_AGAIN`].
const ROMAN_FLAG: u8 = 4;
/// [`class`]: in [`MDOC_CALLABLE`].
const CALLABLE: u8 = 8;

/// What the lists above say of the request or macro `name`, as bit flags
/// (one look-up in a table built once).
fn class(name: &[u8]) -> u8 {
    static TABLE: OnceLock<HashMap<&'static [u8], u8>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t: HashMap<&'static [u8], u8> = HashMap::new();
        for (list, flag) in [
            (QUIET_REQUESTS, QUIET),
            (BREAKS, BREAK),
            (ROMAN_AGAIN, ROMAN_FLAG),
            (MDOC_CALLABLE, CALLABLE),
        ] {
            for &n in list {
                *t.entry(n).or_default() |= flag;
            }
        }
        t
    });
    table.get(name).copied().unwrap_or(0)
}

/// The reader's state over one document.
struct Reader<'a> {
    src: &'a [u8],
    include_code: bool,
    /// The escape character (`None` after `.eo`).
    esc: Option<u8>,
    /// The control characters (`.` and `'` unless changed).
    cc: u8,
    c2: u8,
    /// Segments given so far.
    out: Vec<Segment>,
    /// The text (or code) being read, and whether it is code.
    flow: Buf,
    flow_code: bool,
    flow_field: &'static str,
    /// Comment lines being read.
    comment: Buf,
    /// Code ranges, and where the open one starts.
    code: Vec<Range<usize>>,
    code_open: Option<usize>,
    /// Macro definitions, tables and preprocessor blocks.
    blocks: Vec<Range<usize>>,
    /// `.cc`, `.c2`, `.ec` or `.eo` was seen.
    changes_chars: bool,
    /// In a no-fill display.
    nofill: bool,
    /// Open mdoc displays, true for literal ones.
    bd: Vec<bool>,
    /// The font (and the previous one).
    font: Font,
    font_prev: Font,
    /// A `{` was put before an italic placeholder, to be closed.
    brace_open: bool,
    /// Courier family (and the previous family's).
    fam_c: bool,
    fam_c_prev: bool,
    /// In an mdoc `.Ql`/`.Li` or a `.Dl` line.
    inline_code: bool,
    /// Depth of `.RS` indentation, and true until the first text line
    /// after the last `.RS`.
    rs_depth: u32,
    rs_fresh: bool,
    /// In a shell example: an indented block (`.RS`) whose first line
    /// starts with a `$ ` prompt, up to its `.RE` (at this depth).
    prompt: Option<u32>,
    /// `.B`, `.I`, `.SH` without arguments: the next text line, then
    /// roman.
    roman_after_line: bool,
    /// `\c` was read: no space at this line's end.
    join: bool,
    /// Strings the document defines: the source pieces of each value.
    strings: HashMap<Vec<u8>, Vec<Range<usize>>>,
    /// Number registers the document sets.
    regs: HashMap<Vec<u8>, i64>,
    /// Macros the document defines.
    macros: HashMap<Vec<u8>, MacroKind>,
    /// Font positions mounted (`.fp N NAME`).
    mounts: HashMap<u32, Font>,
    /// Conditions of `.ie` requests awaiting their `.el`.
    ie: Vec<bool>,
    /// Depth of the false conditional block being skipped.
    skip_depth: i64,
    /// The multi-line construct being read.
    block: Option<Block>,
    /// An mdoc(7) document (`.Dd` seen).
    mdoc: bool,
    /// mdoc(7) spacing mode (`.Sm on`, the default, or `off`).
    mdoc_spacing: bool,
    /// The URL of an open `.UR`, whose link text is not given again when
    /// it is the URL itself.
    ur: Option<Vec<u8>>,
    /// Work left for the current top-level string interpolation
    /// ([`STRING_BUDGET`]).
    budget: Cell<usize>,
    /// Work left for the document's string interpolations
    /// ([`MAX_EXPANSION`]).
    expansion: Cell<usize>,
    /// Conditional bodies and `.do` calls being read within each other.
    nest: u32,
}
