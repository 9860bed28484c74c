use super::*;
use crate::scan::{Found, ScanOptions, Scanner};

/// The URIs of `src` read as roff, each with its decoded text, its
/// segment kind name and field, and the source bytes it maps to; for
/// every one, the mapped source bytes decode (through this reader)
/// to the URI's text.
fn uris(src: &str, include_code: bool) -> Vec<(String, String, String)> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    for seg in segments(bytes, include_code) {
        let text = if seg.references {
            let mut t = b"<".to_vec();
            t.extend_from_slice(&seg.text);
            t.push(b'>');
            t
        } else {
            seg.text.clone()
        };
        let off = usize::from(seg.references) as u64;
        let opts = ScanOptions {
            relative_in_angle: seg.references,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(&text[..], opts);
        while let Ok(Some(f)) = s.next_found() {
            if let Found::Uri(c) = f {
                let span = c.span();
                let d = span.start - off..span.end - off;
                let m = seg.map.span(d.clone());
                let raw = &bytes[m.start as usize..m.end as usize];
                // The mapped bytes, decoded, are the URI.
                let reread = decode_fragment(bytes, m.start as usize..m.end as usize);
                // Spaces between a macro's arguments, which it joins,
                // and the braces of placeholders are not in the source.
                let strip = |t: &[u8]| -> String {
                    String::from_utf8_lossy(t)
                        .chars()
                        .filter(|c| !c.is_whitespace() && *c != '{' && *c != '}')
                        .collect()
                };
                // An mdoc line's macros give brackets and quotes.
                let mdoc = raw.split(|&b| b == b' ').any(|w| class(w) & CALLABLE != 0);
                assert!(
                    mdoc || strip(&reread) == strip(c.text().as_bytes()),
                    "{:?} maps to {:?}",
                    c.text(),
                    String::from_utf8_lossy(raw)
                );
                let field = match &seg.kind {
                    SegmentKind::RoffLink(f) | SegmentKind::Code(f) => {
                        format!("{}:{f}", seg.kind.name())
                    }
                    k => k.name().to_string(),
                };
                out.push((
                    c.text().to_string(),
                    field,
                    String::from_utf8_lossy(raw).into_owned(),
                ));
            }
        }
    }
    out
}

/// The decoded bytes of a fragment of roff text (escapes only).
/// The decoded bytes of the source bytes `span` of `src` (escapes and
/// the strings `src` defines read; a line break read as a space).
fn decode_fragment(src: &[u8], span: Range<usize>) -> Vec<u8> {
    let r = Reader::new(src, true).run();
    let mut toks = Vec::new();
    r.lex(span, 0, &mut toks);
    let mut out = Vec::new();
    let mut joined = false;
    for t in toks {
        match t {
            Tok::Plain(mut p) => {
                // `\c` then the line break: joined without a space.
                if std::mem::take(&mut joined) && src.get(p.start) == Some(&b'\n') {
                    p.start += 1;
                }
                out.extend(src[p].iter().map(|&b| if b == b'\n' { b' ' } else { b }));
            }
            Tok::Glyph(_, b) => out.extend_from_slice(&b),
            Tok::Join => joined = true,
            _ => {}
        }
    }
    out
}

fn texts(src: &str) -> Vec<String> {
    uris(src, false).into_iter().map(|u| u.0).collect()
}

#[test]
fn escapes_inside_uris_are_decoded_and_mapped() {
    let src = ".TH X 1\n.SH BUGS\nWrite to\n.UR mailto:strace\\-devel@lists.strace.io\nthe list\n.UE .\nSee \\fIhttp://gebruiker:wachtwoord@server:poort/\\fR and\nhttps://www\\.example\\.org/a\\-b\\:/c\\(tic or \\%http://x\\&.example/\\*(Aqq\\*(Aq.\n";
    let got = uris(src, false);
    assert_eq!(
        got,
        [
            (
                "mailto:strace-devel@lists.strace.io".to_string(),
                "roff-link:UR".to_string(),
                "mailto:strace\\-devel@lists.strace.io".to_string()
            ),
            (
                "http://gebruiker:wachtwoord@server:poort/".to_string(),
                "roff-text".to_string(),
                "http://gebruiker:wachtwoord@server:poort/".to_string()
            ),
            (
                "https://www.example.org/a-b/c~c".to_string(),
                "roff-text".to_string(),
                "https://www\\.example\\.org/a\\-b\\:/c\\(tic".to_string()
            ),
            (
                "http://x.example/'q".to_string(),
                "roff-text".to_string(),
                "http://x\\&.example/\\*(Aqq".to_string()
            ),
        ]
    );
}

/// man(7) sets what the reader replaces in italic: glued into a URI,
/// an italic word reads as a template placeholder (uri(7)'s
/// `.RI http:// ip_server / path`), a URI wholly in italic does not.
#[test]
fn italic_placeholders_read_as_templates() {
    let src = ".RI http:// ip_server / path ? query\n.br\n.RI mailto: email-address\n.br\n\\fBhttp://\\fR\\fIhost\\fR:\\fIport\\fR/x\n.br\nSee \\fIhttps://whole.example/\\fR.\n";
    let got: Vec<_> = uris(src, false).into_iter().map(|u| (u.0, u.2)).collect();
    assert_eq!(
        got,
        [
            (
                "http://{ip_server}/{path}?{query}".to_string(),
                "http:// ip_server / path ? query".to_string()
            ),
            (
                "http://{host}:{port}/x".to_string(),
                "http://\\fR\\fIhost\\fR:\\fIport\\fR/x".to_string()
            ),
            (
                "https://whole.example/".to_string(),
                "https://whole.example/".to_string()
            ),
        ]
    );
    // urilint's `template::is_template` takes the braced form for a
    // template (its test `placeholders_make_templates`).
}

#[test]
fn placeholders_on_a_long_line() {
    // The word an italic placeholder is glued to is kept as text is
    // added (it was looked for again at each italic: quadratic on a
    // long line, seconds for a 200 KB `.RI` line).
    let mut b = Buf::default();
    b.push(b"a b");
    assert_eq!(b.word, 2);
    b.push(b"cd");
    assert_eq!(b.word, 2);
    b.push(b"e\tf");
    assert_eq!(b.word, 7);
    let src = format!(".RI http://h.example/ p{}\n", " / p".repeat(2000));
    let want = format!("http://h.example/{{p}}{}", "/{p}".repeat(2000));
    let got: Vec<_> = uris(&src, false).into_iter().map(|u| u.0).collect();
    assert_eq!(got, [want]);
    let src = "x \\fBhttp://h.example/\\fR\\fIp\\fR and\ttab ftp://f.example/\\fIq\\fR\n";
    let got: Vec<_> = uris(src, false).into_iter().map(|u| u.0).collect();
    assert_eq!(got, ["http://h.example/{p}", "ftp://f.example/{q}"]);
}

#[test]
fn displays_and_constant_width_are_code() {
    let src = ".SH EXAMPLES\n.nf\ncurl --path-as-is https://example.com/../../etc/passwd\n.fi\nText http://a.example/ then \\f(CWhttp://cw.example/\\fP and\n.ft C\niscsi://[<username>[%<password>]@]<host>\n.ft P\n.EX\nhttps://ex.example/\n.EE\n.Vb 1\nhttp://vb.example/\n.Ve\nafter http://b.example/\n";
    let defs = ".de Vb\n.ft CW\n.nf\n.ne \\\\$1\n..\n.de Ve\n.ft R\n.fi\n..\n";
    let src = format!("{defs}{src}");
    assert_eq!(texts(&src), ["http://a.example/", "http://b.example/"]);
    let code: Vec<_> = uris(&src, true)
        .into_iter()
        .filter(|u| u.1.starts_with("code") && u.0.contains("example"))
        .map(|u| (u.0, u.1))
        .collect();
    assert_eq!(
        code,
        [
            (
                "https://example.com/../../etc/passwd".to_string(),
                "code:display".to_string()
            ),
            (
                "http://cw.example/".to_string(),
                "code:constant-width".to_string()
            ),
            (
                "https://ex.example/".to_string(),
                "code:display".to_string()
            ),
            ("http://vb.example/".to_string(), "code:display".to_string()),
        ]
    );
    // Code ranges cover each display from its request line to the one
    // that ends it, and each font run from escape to escape.
    let ranges = code_ranges(src.as_bytes());
    let at = |s: &str| src.find(s).unwrap_or(usize::MAX) as u64;
    assert!(
        ranges
            .iter()
            .any(|r| r.start == at(".nf\ncurl") && r.end == at(".fi\nText") + 4),
        "{ranges:?}"
    );
    assert!(
        ranges
            .iter()
            .any(|r| r.start == at("\\f(CW") && r.end == at("\\fP") + 3),
        "{ranges:?}"
    );
    assert!(
        ranges.iter().any(|r| r.start == at(".ft C\n")),
        "{ranges:?}"
    );
}

#[test]
fn link_macros() {
    let src = ".TH X 1\n.SH SEE ALSO\n.UR https://same.example/\n.UE\nand\n.UR https://dup.example/\nhttps://dup.example/\n.UE\n.UR https://other.example/\nthe site\n.UE ,\n.MT someone@example.org\nSomeone\n.ME\n.URL \"https://www.example.com/url\" \"text\" \".\"\n.MTO fred@foo.bar \"Fred\" .\n";
    let got: Vec<_> = uris(src, false).into_iter().map(|u| (u.0, u.1)).collect();
    assert_eq!(
        got,
        [
            (
                "https://same.example/".to_string(),
                "roff-link:UR".to_string()
            ),
            (
                "https://dup.example/".to_string(),
                "roff-link:UR".to_string()
            ),
            (
                "https://other.example/".to_string(),
                "roff-link:UR".to_string()
            ),
            (
                "https://www.example.com/url".to_string(),
                "roff-link:URL".to_string()
            ),
        ]
    );
    let all: String = segments(src.as_bytes(), false)
        .iter()
        .map(|s| String::from_utf8_lossy(&s.text).into_owned() + "|")
        .collect();
    assert!(all.contains("the site"), "{all}");
    assert!(all.contains("Someone"), "{all}");
    assert!(!all.contains("someone@"), "{all}");
    assert!(!all.contains("fred@"), "{all}");
}

#[test]
fn mdoc_links_and_literals() {
    let src = ".Dd $Mdocdate$\n.Dt X 1\n.Sh SEE ALSO\n.Lk https://mdoc.example/a \"the site\"\n.Sm off\n.No ssh:// Oo user @ Oc hostname Op : Ar port .\n.Sm on\n.An Someone Aq Mt someone@example.org\n.Pa http://pa.example/ .\n.Ql http://ql.example/\n.Dl curl http://dl.example/\n.Bd -literal -offset indent\nhttp://bd.example/\n.Ed\n.Rs\n.%U https://ref.example/\n.Re\n";
    let got: Vec<_> = uris(src, false).into_iter().map(|u| (u.0, u.1)).collect();
    assert_eq!(
        got,
        [
            (
                "https://mdoc.example/a".to_string(),
                "roff-link:Lk".to_string()
            ),
            (
                "ssh://[user@]hostname[:{port}]".to_string(),
                "roff-text".to_string()
            ),
            ("http://pa.example/".to_string(), "roff-text".to_string()),
            (
                "https://ref.example/".to_string(),
                "roff-link:%U".to_string()
            ),
        ]
    );
    let code = uris(src, true).len() - got.len();
    assert_eq!(code, 3);
    // The bracket of the line's own enclosure macro stands for the
    // macro's name (it stood for the `.` and the name's first letter).
    let src = ".Dd\n.  Op Fl x\n";
    let seg = &segments(src.as_bytes(), false)[0];
    assert!(seg.text.starts_with(b"["), "{:?}", seg.text);
    let op = src.find("Op").unwrap_or(0) as u64;
    assert_eq!(seg.map.span(0..1), op..op + 2);
}

#[test]
fn comments_are_read_as_written() {
    let src = ".\\\" Copyright, see http://license.example/a\n.\\\" continued http://license.example/b\n.TH X 1\ntext \\\" http://inline.example/\n.ig\nhttp://ignored.example/\n..\n";
    let got: Vec<_> = uris(src, false).into_iter().map(|u| (u.0, u.1)).collect();
    assert_eq!(
        got,
        [
            (
                "http://license.example/a".to_string(),
                "roff-comment".to_string()
            ),
            (
                "http://license.example/b".to_string(),
                "roff-comment".to_string()
            ),
            (
                "http://inline.example/".to_string(),
                "roff-comment".to_string()
            ),
            (
                "http://ignored.example/".to_string(),
                "roff-comment".to_string()
            ),
        ]
    );
    // Consecutive comment lines are one segment without their prefixes.
    let segs = segments(src.as_bytes(), false);
    assert_eq!(
        String::from_utf8_lossy(&segs[0].text),
        " Copyright, see http://license.example/a\n continued http://license.example/b\n"
    );
}

#[test]
fn conditionals_read_one_branch() {
    let src = ".ie n \\{\\\n.ds Q \\&\"\n.\\}\n.el \\{\\\n.ds Q \\(lq\n.\\}\n.if t http://troff.example/\n.if n http://nroff.example/\n.if !'po4a'hide' https://po4a.example/\n.if \\n(.g \\{\\\nhttp://groff.example/\n.\\}\n.if 0 \\{\\\nhttp://never.example/\n.if n \\{\\\nhttp://nested.example/\n.\\}\n.\\}\nQ=\\*Qhttp://q.example/\\*Q\n";
    assert_eq!(
        texts(src),
        [
            "http://nroff.example/",
            "https://po4a.example/",
            "http://groff.example/",
            "http://q.example/",
        ]
    );
}

#[test]
fn filled_lines_are_joined_by_spaces_and_c_joins() {
    // In filled text the line break is a space, so a quoted URI is
    // not taken across it.
    let src = "x=\"https://www.example.com/*,http://sub.exampl\\e\ne.com/*\"\n.PP\nA \\c\nhttp://joined\\c\n\\&.example/path\n";
    let got = texts(src);
    assert!(
        got.contains(&"http://joined.example/path".to_string()),
        "{got:?}"
    );
    assert!(
        !got.iter()
            .any(|u| u.contains('\\') || u.contains("sub.example.com")),
        "{got:?}"
    );
}

/// gcloud's pages write shell examples as indented filled text
/// (`.RS 2m`, `$ gcloud ...`, `.RE`): such a block is code.
#[test]
fn indented_shell_examples_are_code() {
    let src = "Run:\n.RS 2m\n$ gcloud create \\e\n    \\-\\-allowed\\-referrers=\"https://www.example.com/*,http://sub.exampl\\e\ne.com/*\"\n.RE\nSee https://after.example/\n.RS 4\nNot an example, https://indented.example/\n.RE\n";
    assert_eq!(
        texts(src),
        ["https://after.example/", "https://indented.example/"]
    );
    let code: Vec<_> = uris(src, true)
        .into_iter()
        .filter(|u| u.1 == "code:display")
        .map(|u| u.0)
        .collect();
    // Filled, as groff fills it: the URI in quotes ends at the line
    // break (a space), not run into the next line.
    assert_eq!(
        code.first().map(String::as_str),
        Some("https://www.example.com/")
    );
}

#[test]
fn tables_are_read_by_cell() {
    let src = ".TS\ntab(@);\nl l.\nname@http://cell.example/\nT{\nhttp://block.example/\nT}@x\n.TE\nafter\n";
    assert_eq!(
        texts(src),
        ["http://cell.example/", "http://block.example/"]
    );
    let blocks = marker_unsafe_ranges(src.as_bytes());
    let end = src.find("after").unwrap_or(0) as u64;
    assert_eq!(blocks.len(), 1);
    assert_eq!((blocks[0].start, blocks[0].end), (0, end));
}

#[test]
fn fix_exclusion_keeps_only_uris_written_as_they_read() {
    let src = ".TH X 1\nhttp://plain.example/ and http://esc\\-aped.example/\n.UR http://link.example/\n.UE\n\\fBhttps://bold.example/\\fR\n.nf\nhttp://code.example/\n.fi\n";
    let ex = fix_excluded(src.as_bytes());
    let free = |s: &str| {
        let a = src.find(s).unwrap_or(0) as u64;
        let b = a + s.len() as u64;
        !ex.iter().any(|r| r.start < b && r.end > a)
    };
    assert!(free("http://plain.example/"));
    assert!(!free("http://link.example/"));
    assert!(free("https://bold.example/"));
    assert!(!free("http://esc"));
    assert!(!free("http://code.example/"));
    let with_code = fix_excluded_with_code(src.as_bytes());
    let a = src.find("http://code").unwrap_or(0) as u64;
    assert!(!with_code.iter().any(|r| r.start < a + 19 && r.end > a));
}

#[test]
fn macro_definitions_are_not_text() {
    let src = ".de XX\nhttp://in-macro.example/\n..\n.XX http://arg.example/\n";
    assert_eq!(texts(src), ["http://arg.example/"]);
    let u = marker_unsafe_ranges(src.as_bytes());
    let end = src.find(".XX").unwrap_or(0) as u64;
    assert_eq!(
        u.iter().map(|r| (r.start, r.end)).collect::<Vec<_>>(),
        [(0, end)]
    );
    let all = marker_unsafe_ranges(b".cc ,\n,TH X 1\n");
    assert_eq!(
        all.iter().map(|r| (r.start, r.end)).collect::<Vec<_>>(),
        [(0, 14)]
    );
}

#[test]
fn special_characters_and_strings() {
    assert_eq!(special(b"aq").as_deref(), Some("'".as_bytes()));
    assert_eq!(special(b":a").as_deref(), Some("ä".as_bytes()));
    assert_eq!(special(b"*p").as_deref(), Some("π".as_bytes()));
    assert_eq!(special(b"u00E9").as_deref(), Some("é".as_bytes()));
    assert_eq!(
        special(b"u0041_0301").as_deref(),
        Some("A\u{301}".as_bytes())
    );
    assert_eq!(special(b"char65").as_deref(), Some("A".as_bytes()));
    assert_eq!(special(b"zz"), None);
    let src = ".ds u https://str.example\n.as u /path\n\\*u and \\*[u] \\*(Tm\n";
    assert_eq!(
        texts(src),
        ["https://str.example/path", "https://str.example/path"]
    );
    // A string that refers to itself stops.
    let src = ".ds a \\*a\\*ax\n\\*a http://after.example/\n";
    assert_eq!(texts(src), ["http://after.example/"]);
}

#[test]
fn string_interpolation_is_bounded() {
    // A 4000-byte string, a string of a thousand of it, and that one
    // interpolated 5000 times: a 27 KB page that took a minute (20 GB
    // copied). Each interpolation gives MAX_STRING bytes
    // at most, the document MAX_EXPANSION bytes in all.
    let src = format!(
        ".ds b {}\n.ds a {}\n{}\n",
        "x".repeat(4000),
        "\\*b".repeat(1000),
        "\\*a ".repeat(5000)
    );
    let segs = segments(src.as_bytes(), false);
    let total: usize = segs.iter().map(|s| s.text.len()).sum();
    assert!(total <= MAX_EXPANSION, "{total}");
    let first = segs[0]
        .text
        .split(|&b| b == b' ')
        .next()
        .unwrap_or_default();
    assert_eq!(first.len(), MAX_STRING);
    // A string that refers to itself and grows at each level, and one
    // appended to line by line, interpolated over and over.
    let src = format!(".ds g x\\*gx\\*g\n{}\n", "\\*g ".repeat(3000));
    let segs = segments(src.as_bytes(), false);
    assert!(segs[0].text.starts_with(b"xx"));
    let src = format!("{}{}", ".as s x\n".repeat(5000), "\\*s\n".repeat(5000));
    let segs = segments(src.as_bytes(), false);
    let total: usize = segs.iter().map(|s| s.text.len()).sum();
    assert!(total <= MAX_EXPANSION, "{total}");
    assert!(segs[0].text.starts_with(&[b'x'; MAX_STRING]));
}

#[test]
fn hostile_input_never_panics() {
    for src in [
        &b"\\"[..],
        b".",
        b"\\f",
        b"\\f(",
        b"\\[",
        b"\\s+",
        b"\\h'",
        b".if",
        b".if '",
        b".ie \\n(",
        b".el",
        b".de",
        b".TS\n",
        b"\\*(",
        b".\\\"",
        b"\"\\",
        b".B \"",
        b"\xff\\\xff.\\\xfe",
        b".if (((((((((((((((((((1\n",
        b"\\w'\\w'\\w'\\w'\\w'\\w'\\w'\\w'\\w'\\w'\\w'x",
    ] {
        let _ = segments(src, true);
        let _ = fix_excluded(src);
        let _ = marker_unsafe_ranges(src);
    }
}
