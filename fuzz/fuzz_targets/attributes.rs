//! Fuzz target for tags with many attributes (review 2026-11-26, M3):
//! the fuzzer's bytes are a recipe, not the document. The first two bytes
//! give a number of attributes (up to 16,383: html5gum overflowed from
//! about 7,000 in a row), the next ones the shape of
//! each in turn (`name="value"`, `name='value'`, `name=value`, a bare
//! name, white space around `=`; space, tab, line break or CR LF between
//! them; a URI, a character reference or plain text as value) and what
//! is around the tag. The tag is read in an .html document, in a
//! Markdown HTML block and in a text/html mail part: no panic, no stack
//! overflow (html5gum reads a run of `name="value"` with one nested call
//! each), every piece maps inside its unit, and every URI-holding value
//! of the tag is given.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::format::detect::InputFormat;
use urilint::format::unit;
use urilint::format::ReadOptions;

/// The tag the recipe `data` describes, and how many of its attributes
/// hold a URI that is given as a segment (a value with `:`, each name
/// once).
fn generate(data: &[u8]) -> (Vec<u8>, usize) {
    let (count, shapes) = match data {
        [a, b, rest @ ..] if !rest.is_empty() => {
            (usize::from(u16::from_le_bytes([*a, *b]) & 0x3fff), rest)
        }
        _ => return (b"<p>".to_vec(), 0),
    };
    let names = [&b"div"[..], b"a", b"img", b"svg", b"p", b"td"];
    let name = names[usize::from(shapes[0]) % names.len()];
    let mut out = b"<".to_vec();
    out.extend_from_slice(name);
    let mut uris = 0;
    for i in 0..count {
        let s = shapes[i % shapes.len()];
        out.extend_from_slice(match s % 4 {
            0 => &b" "[..],
            1 => b"\t",
            2 => b"\n",
            _ => b"\r\n",
        });
        let value = match (s / 4) % 3 {
            0 => format!("http://a{i}.example/p?q=1&amp;r=2"),
            1 => format!("x{i}&#58;y"),
            _ => format!("v{i}"),
        };
        let form = (s / 12) % 5;
        // `&#58;` is a `:` once decoded: such values are given too, but
        // not unquoted (written without their `&`).
        let holds = match (s / 4) % 3 {
            0 => form != 4,
            1 => form != 4 && form != 2,
            _ => false,
        };
        let attr = format!("data-x{i}");
        let written = match form {
            0 => format!("{attr}=\"{value}\""),
            1 => format!("{attr}='{value}'"),
            2 => format!("{attr}={}", value.replace('&', "")),
            3 => format!("{attr} = \"{value}\""),
            _ => attr.clone(),
        };
        if holds {
            uris += 1;
        }
        out.extend(written.bytes());
    }
    out.extend_from_slice(b">text http://after.example/</");
    out.extend_from_slice(name);
    out.extend_from_slice(b">\n");
    (out, uris)
}

/// Reads `data` as `format`: the maps hold; the number of attribute
/// segments.
fn check(data: &[u8], format: InputFormat) -> usize {
    let total = data.len() as u64;
    let mut attributes = 0;
    let _ = unit::for_each(data, format, ReadOptions::default(), |u, pieces| {
        let end = u.offset + u.raw.len() as u64;
        assert!(end <= total);
        for p in &pieces {
            let n = p.text.len() as u64;
            let span = p.chain.span(0..n);
            assert!(span.start <= span.end && span.start >= u.offset && span.end <= end, "{span:?}");
            if p.chain.is_exact(0..n) {
                assert_eq!(u.bytes(span), &p.text[..]);
            }
            if p.kind.name() == "html-attribute" {
                attributes += 1;
            }
        }
        Ok(())
    });
    attributes
}

fuzz_target!(|data: &[u8]| {
    let (tag, uris) = generate(data);
    let mut html = b"<!DOCTYPE html>\n<html><body>\n".to_vec();
    html.extend_from_slice(&tag);
    html.extend_from_slice(b"</body></html>\n");
    let got = check(&html, InputFormat::Html);
    assert_eq!(got, uris, "attribute segments of the .html document");
    let mut md = b"# Title\n\n".to_vec();
    md.extend_from_slice(&tag);
    md.extend_from_slice(b"\nhttp://md.example/\n");
    check(&md, InputFormat::Markdown);
    let mut mail = b"From: a@b.example\nMIME-Version: 1.0\nContent-Type: text/html\n\n".to_vec();
    mail.extend_from_slice(&tag);
    let got = check(&mail, InputFormat::Mail);
    assert_eq!(got, uris, "attribute segments of the mail part");
});
