//! roff escape sequences (groff(7), "Escape sequences"), the special
//! characters groff_char(7) names, the strings man(7) and mdoc(7)
//! predefine, and font names: what [`super::Reader`] decodes text with.

use super::*;

/// What an escape sequence is (groff(7), "Escape sequences").
#[derive(Debug)]
pub(super) enum Esc {
    /// Zero width, or nothing this reader keeps.
    Nothing,
    /// Fixed text.
    Text(&'static str),
    /// A special character by name (`\(xx`, `\[name]`, `\C'name'`).
    Special(Range<usize>),
    /// A character by number (`\N'n'`).
    Number(Range<usize>),
    /// A string interpolation (`\*`), its name.
    Str(Range<usize>),
    /// A register interpolation (`\n`), its name.
    Register(Range<usize>),
    /// A font change (`\f`), the font's name.
    Font(Range<usize>),
    /// A family change (`\F`), the family's name.
    Family(Range<usize>),
    /// `\c`.
    Join,
    /// `\"` (to the end of the line) or `\#`: the comment's text.
    Comment(Range<usize>),
    /// An unknown escape: the character after the escape character, as
    /// itself (groff prints it).
    Char(usize),
    /// `\{`, opening a conditional block.
    Open,
    /// `\}`, closing one.
    Close,
}

/// The name of an escape's argument at `p`: one character, `(xx`, or
/// `[name]`; the range of the name and where the escape ends.
pub(super) fn name_at(src: &[u8], p: usize, end: usize) -> (Range<usize>, usize) {
    if p >= end {
        return (p..p, p);
    }
    match src[p] {
        b'(' => {
            let e = (p + 3).min(end);
            (p + 1..e, e)
        }
        b'[' => match memchr::memchr(b']', &src[p + 1..end]) {
            Some(c) => (p + 1..p + 1 + c, p + 2 + c),
            None => (p + 1..end, end),
        },
        b'\n' => (p..p, p),
        _ => (p..p + 1, p + 1),
    }
}

/// A delimited argument at `p` (`'...'`, any delimiter): its content and
/// where it ends. Escapes inside are skipped whole (`\w'\fBx\fP'`).
pub(super) fn delimited(
    src: &[u8],
    p: usize,
    end: usize,
    esc: u8,
    depth: u8,
) -> (Range<usize>, usize) {
    let Some(&d) = src.get(p).filter(|_| p < end) else {
        return (p..p, p);
    };
    if d == b'\n' {
        return (p..p, p);
    }
    let mut i = p + 1;
    while i < end {
        let b = src[i];
        if b == esc && depth < MAX_DEPTH {
            i = parse_escape(src, i, end, esc, depth + 1).0;
            continue;
        }
        if b == d {
            return (p + 1..i, i + 1);
        }
        if b == b'\n' {
            break;
        }
        i += 1;
    }
    (p + 1..i, i)
}

/// Parses the escape sequence whose escape character is at `at` (reading
/// no further than `end`): where it ends (always after `at`) and what it
/// is.
pub(super) fn parse_escape(src: &[u8], at: usize, end: usize, esc: u8, depth: u8) -> (usize, Esc) {
    let p = at + 1;
    if p >= end || p >= src.len() {
        return (p, Esc::Nothing);
    }
    let c = src[p];
    let q = p + 1;
    match c {
        b'"' => {
            let e = memchr::memchr(b'\n', &src[q.min(end)..end]).map_or(end, |n| q + n);
            (e, Esc::Comment(q.min(e)..e))
        }
        b'#' => {
            // To and with the line break: the next line continues this one.
            match memchr::memchr(b'\n', &src[q.min(end)..end]) {
                Some(n) => (q + n + 1, Esc::Comment(q..q + n)),
                None => (end, Esc::Comment(q.min(end)..end)),
            }
        }
        b'\n' => (q, Esc::Nothing),
        b'e' | b'E' | b'\\' => (q, Esc::Text("\\")),
        b'-' => (q, Esc::Text("-")),
        b'.' => (q, Esc::Text(".")),
        b'\'' => (q, Esc::Text("'")),
        b'`' => (q, Esc::Text("`")),
        b'_' => (q, Esc::Text("_")),
        b' ' | b'~' | b'0' => (q, Esc::Text(" ")),
        b't' => (q, Esc::Text("\t")),
        b'&' | b'|' | b'^' | b')' | b'%' | b':' | b',' | b'/' | b'p' | b'r' | b'u' | b'd'
        | b'a' | b'z' | b'!' => (q, Esc::Nothing),
        b'{' => (q, Esc::Open),
        b'}' => (q, Esc::Close),
        b'c' => (q, Esc::Join),
        b'(' | b'[' => {
            let (name, e) = name_at(src, p, end);
            (e, Esc::Special(name))
        }
        b'*' => {
            let (mut name, e) = name_at(src, q, end);
            // `\*[name arg ...]`: the name is the first word.
            if let Some(sp) = memchr::memchr(b' ', &src[name.clone()]) {
                name.end = name.start + sp;
            }
            (e, Esc::Str(name))
        }
        b'f' => {
            let (name, e) = name_at(src, q, end);
            (e, Esc::Font(name))
        }
        b'F' => {
            let (name, e) = name_at(src, q, end);
            (e, Esc::Family(name))
        }
        b'n' => {
            let q = if matches!(src.get(q), Some(b'+' | b'-')) && q < end {
                q + 1
            } else {
                q
            };
            let (name, e) = name_at(src, q, end);
            (e, Esc::Register(name))
        }
        b'g' | b'k' | b'm' | b'M' | b'V' | b'Y' | b'O' | b'$' => {
            (name_at(src, q, end).1, Esc::Nothing)
        }
        b's' => (size_end(src, q, end, esc, depth), Esc::Nothing),
        b'C' => {
            let (name, e) = delimited(src, q, end, esc, depth);
            (e, Esc::Special(name))
        }
        b'N' => {
            let (n, e) = delimited(src, q, end, esc, depth);
            (e, Esc::Number(n))
        }
        b'h' | b'v' | b'w' | b'o' | b'b' | b'l' | b'L' | b'D' | b'X' | b'Z' | b'x' | b'R'
        | b'A' | b'B' | b'S' | b'H' => (delimited(src, q, end, esc, depth).1, Esc::Nothing),
        b'?' => (transparent_end(src, q, end, esc), Esc::Nothing),
        _ => (q, Esc::Char(p)),
    }
}

/// Where a size escape (`\s`) whose argument starts at `q` ends (reading
/// no further than `end`): `\s±N`, `\s(NN`, `\s[N]`, `\s'N'`; a digit
/// `1` to `3` takes a second digit.
fn size_end(src: &[u8], q: usize, end: usize, esc: u8, depth: u8) -> usize {
    let mut i = q;
    if i < end && matches!(src[i], b'+' | b'-') {
        i += 1;
    }
    match src.get(i).filter(|_| i < end) {
        Some(b'(') => (i + 3).min(end),
        Some(b'[') => name_at(src, i, end).1,
        Some(b'\'') => delimited(src, i, end, esc, depth).1,
        Some(d) if d.is_ascii_digit() => {
            let two = matches!(d, b'1'..=b'3')
                && src.get(i + 1).is_some_and(u8::is_ascii_digit)
                && i + 1 < end;
            i + if two { 2 } else { 1 }
        }
        _ => i,
    }
}

/// Where a transparent escape (`\?...\?`) whose content starts at `q`
/// ends: after the closing `\?` (with escape character `esc`), else at
/// `end`.
fn transparent_end(src: &[u8], q: usize, end: usize, esc: u8) -> usize {
    let mut i = q;
    while i + 1 < end {
        if src[i] == esc && src[i + 1] == b'?' {
            return i + 2;
        }
        i += 1;
    }
    end
}

/// The special character named `name` (groff_char(7)): the usual ones,
/// accented Latin letters, Greek, `u` and a code point in hex (`u00E9`),
/// and `charN`; `None` when unknown.
pub(super) fn special(name: &[u8]) -> Option<Cow<'static, [u8]>> {
    let s = match name {
        b"aq" => "'",
        b"dq" => "\"",
        b"ti" | b"ap" => "~",
        b"ha" => "^",
        b"at" => "@",
        b"sl" => "/",
        b"rs" => "\\",
        b"sh" => "#",
        b"Do" => "$",
        b"ba" | b"or" => "|",
        b"br" => "\u{2502}",
        b"ul" | b"ru" => "_",
        b"lB" => "[",
        b"rB" => "]",
        b"lC" => "{",
        b"rC" => "}",
        b"la" => "\u{27e8}",
        b"ra" => "\u{27e9}",
        b"lq" => "\u{201c}",
        b"rq" => "\u{201d}",
        b"oq" => "\u{2018}",
        b"cq" => "\u{2019}",
        b"Bq" => "\u{201e}",
        b"bq" => "\u{201a}",
        b"Fo" => "\u{ab}",
        b"Fc" => "\u{bb}",
        b"fo" => "\u{2039}",
        b"fc" => "\u{203a}",
        b"em" => "\u{2014}",
        b"en" => "\u{2013}",
        b"hy" | b"mi" | b"\\-" => "-",
        b"pl" => "+",
        b"eq" => "=",
        b"bu" => "\u{2022}",
        b"co" => "\u{a9}",
        b"rg" => "\u{ae}",
        b"tm" => "\u{2122}",
        b"de" => "\u{b0}",
        b"dg" => "\u{2020}",
        b"dd" => "\u{2021}",
        b"ps" => "\u{b6}",
        b"sc" => "\u{a7}",
        b"ct" => "\u{a2}",
        b"Po" => "\u{a3}",
        b"Ye" => "\u{a5}",
        b"Eu" | b"eu" => "\u{20ac}",
        b"mu" => "\u{d7}",
        b"di" => "\u{f7}",
        b"+-" => "\u{b1}",
        b"ga" => "`",
        b"aa" => "\u{b4}",
        b"->" => "\u{2192}",
        b"<-" => "\u{2190}",
        b"<>" => "\u{2194}",
        b"ua" => "\u{2191}",
        b"da" => "\u{2193}",
        b"sq" => "\u{25a1}",
        b"ci" => "\u{25cb}",
        b"12" => "\u{bd}",
        b"14" => "\u{bc}",
        b"34" => "\u{be}",
        b"no" => "\u{ac}",
        b"ss" => "\u{df}",
        b"ae" => "\u{e6}",
        b"AE" => "\u{c6}",
        b"oe" => "\u{153}",
        b"OE" => "\u{152}",
        b"/o" => "\u{f8}",
        b"/O" => "\u{d8}",
        b"oa" => "\u{e5}",
        b"oA" => "\u{c5}",
        b"-D" => "\u{d0}",
        b"Sd" => "\u{f0}",
        b"TP" => "\u{de}",
        b"Tp" => "\u{fe}",
        b"r!" => "\u{a1}",
        b"r?" => "\u{bf}",
        b"fm" => "\u{2032}",
        b"sd" => "\u{2033}",
        b"~~" | b"~=" => "\u{2248}",
        b"!=" => "\u{2260}",
        b"<=" => "\u{2264}",
        b">=" => "\u{2265}",
        b"if" => "\u{221e}",
        b"**" => "*",
        b"OK" => "\u{2713}",
        b"%0" => "\u{2030}",
        b"fi" => "fi",
        b"fl" => "fl",
        b"ff" => "ff",
        b"Fi" => "ffi",
        b"Fl" => "ffl",
        b"ts" => "\u{3c2}",
        _ => return composite(name).map(|c| Cow::Owned(c.into_bytes())),
    };
    Some(Cow::Borrowed(s.as_bytes()))
}

/// Accented letters (`:a`, `'e`, `` `a ``, `^o`, `~n`, `,c`), Greek
/// (`*a`), `u` code points in hex (`u0065_0301`, joined by `_`) and
/// `charN` names.
pub(super) fn composite(name: &[u8]) -> Option<String> {
    const ACCENTS: [(u8, &str); 6] = [
        (b':', "aäeëiïoöuüyÿAÄEËIÏOÖUÜYŸ"),
        (b'\'', "aáeéiíoóuúyýAÁEÉIÍOÓUÚYÝcćCĆ"),
        (b'`', "aàeèiìoòuùAÀEÈIÌOÒUÙ"),
        (b'^', "aâeêiîoôuûAÂEÊIÎOÔUÛ"),
        (b'~', "aãnñoõAÃNÑOÕ"),
        (b',', "cçCÇ"),
    ];
    const GREEK: &str = "aαbβgγdδeεzζyηhθiιkκlλmμnνcξoοpπrρsσtτuυfφxχqψwωAΑBΒGΓDΔEΕZΖYΗHΘIΙKΚLΛMΜNΝCΞOΟPΠRΡSΣTΤUΥFΦXΧQΨWΩ";
    let pick = |table: &str, letter: u8| {
        let chars: Vec<char> = table.chars().collect();
        chars
            .chunks(2)
            .find(|p| p.len() == 2 && p[0] == letter as char)
            .map(|p| p[1].to_string())
    };
    if let [a, l] = name {
        if *a == b'*' {
            return pick(GREEK, *l);
        }
        if let Some((_, table)) = ACCENTS.iter().find(|(acc, _)| acc == a) {
            return pick(table, *l);
        }
    }
    if let Some(hex) = name.strip_prefix(b"u") {
        let mut out = String::new();
        for part in hex.split(|&b| b == b'_') {
            let ok = (4..=6).contains(&part.len()) && part.iter().all(u8::is_ascii_hexdigit);
            if !ok {
                return None;
            }
            let n = u32::from_str_radix(std::str::from_utf8(part).ok()?, 16).ok()?;
            out.push(char::from_u32(n)?);
        }
        return (!out.is_empty()).then_some(out);
    }
    if let Some(num) = name.strip_prefix(b"char") {
        let n: u32 = std::str::from_utf8(num).ok()?.parse().ok()?;
        return char::from_u32(n)
            .filter(|c| !c.is_control())
            .map(String::from);
    }
    None
}

/// The strings man(7) (groff_man(7)), mdoc(7) and the usual generators
/// predefine, when the document does not define them.
pub(super) fn predefined(name: &[u8]) -> Option<&'static str> {
    Some(match name {
        b"R" => "\u{ae}",
        b"S" | b"HF" | b"C`" | b"C'" => "",
        b"Tm" => "\u{2122}",
        b"lq" | b"Lq" | b"L\"" => "\u{201c}",
        b"rq" | b"Rq" | b"R\"" => "\u{201d}",
        b"Aq" => "'",
        b"dq" | b"q" => "\"",
        b"Am" => "&",
        b"Ba" => "|",
        b"Ge" => "\u{2265}",
        b"Le" => "\u{2264}",
        b"Gt" => ">",
        b"Lt" => "<",
        b"If" => "\u{221e}",
        b"Na" => "NaN",
        b"Ne" => "\u{2260}",
        b"Pi" => "\u{3c0}",
        b"Pm" => "\u{b1}",
        b"aa" => "\u{b4}",
        b"ga" => "`",
        b"ua" => "\u{2191}",
        b"--" => "\u{2014}",
        _ => return None,
    })
}

/// True for a font name that is italic: `I`, `BI`, and the Courier ones
/// (`CI`, `CBI`).
pub(super) fn italic(name: &[u8]) -> bool {
    matches!(name, b"I" | b"BI" | b"CI" | b"CBI" | b"CWI")
}

/// True for a font name that is constant-width: groff's Courier fonts
/// (`C`, `CW`, `CR`, `CB`, `CI`, `CBI`, and `CO`, `CX` of some devices).
pub(super) fn constant_width(name: &[u8]) -> bool {
    matches!(
        name,
        b"C" | b"CW" | b"CR" | b"CB" | b"CI" | b"CBI" | b"CO" | b"CX" | b"CWI" | b"CWB"
    )
}

/// The font named `name` (not a position): constant-width, italic.
pub(super) fn font_named(name: &[u8]) -> Font {
    Font {
        cw: constant_width(name),
        italic: italic(name),
    }
}
