//! Proofpoint URL Defense (Targeted Attack Protection), three versions:
//!
//! * v1: `https://urldefense.proofpoint.com/v1/url?u=<target>&k=...`, the
//!   target percent-encoded;
//! * v2: `https://urldefense.proofpoint.com/v2/url?u=<target>&d=...&c=...`,
//!   the target percent-encoded with `-` for `%` and `_` for `/`
//!   (`https-3A__example.com_a-5Fb` is `https://example.com/a_b`);
//! * v3: `https://urldefense.com/v3/__<target>__;<base64>!!<tenant>!<signature>$`,
//!   the target as written but each character Proofpoint replaces (`#`,
//!   `%`, `*`, `+`, non-ASCII, ...) written `*`, and each run of them of
//!   2 to 65 bytes of UTF-8 `**` and a letter (`A` for 2, ... `_` for 65);
//!   the replaced characters, in order, are the URL-safe base64 (RFC 4648
//!   section 5, unpadded) of their UTF-8 after the `;`. Also on
//!   `urldefense.us`.
//!
//! The algorithm is Proofpoint's published decoder, `URLDefenseDecode.py`
//! (Eric Van Cleve, Proofpoint, version 3.0.1, 2019; linked from
//! Proofpoint's help center, "URL Defense FAQ's"), step for step: v1 and
//! v2 percent-decode the `u` parameter and then HTML-unescape it (a link
//! rewritten from an HTML attribute keeps its `&amp;`); v3 puts the
//! replaced characters back into the text between `__` and `__;`. Where
//! the published decoder is wrong on real links, Calvin Ardi's decoder
//! (cardi/proofpoint-url-decoder, `decode_ppv3`, whose tests are this
//! file's) is followed: a `**` run counts bytes of UTF-8, not characters,
//! and the v3 text is not percent-decoded (Proofpoint writes every `%`
//! of the target as `*`, so a `%` left is the target's own). Two
//! additions, each for links seen in real mail: the HTML-escaped
//! parameter separator (`&amp;d=`), and a v3 target whose `//` after
//! `http:` or `https:` came out as one `/` (usrp-users, 2023-03:
//! `__https:/kb.ettus.com/...` around `https://kb.ettus.com/...`) gets
//! its second `/` back.

use base64::Engine;

use super::{host_is_or_under, param, percent_decoded, Decoded, Undecodable, Wrapper};
use crate::grammar::UriRef;

/// The wrapper.
pub const WRAPPER: Wrapper = Wrapper {
    name: "proofpoint",
    title: "Proofpoint URL Defense (v1, v2, v3)",
    source: "Proofpoint's URLDefenseDecode.py 3.0.1 (Proofpoint help center, \"URL Defense \
             FAQ's\")",
    decode,
};

/// The target of a URL Defense link of any version (see the module).
pub fn decode(uri: &UriRef<'_>) -> Decoded {
    let host = uri.host()?;
    if !(host_is_or_under(host, "urldefense.proofpoint.com")
        || host_is_or_under(host, "urldefense.com")
        || host_is_or_under(host, "urldefense.us"))
    {
        return None;
    }
    let path = uri.path();
    let query = uri.query().unwrap_or("");
    if path.eq_ignore_ascii_case("/v1/url") {
        return Some(v1(query));
    }
    if path.eq_ignore_ascii_case("/v2/url") {
        return Some(v2(query));
    }
    if path.starts_with("/v3/") {
        // The target runs on into the query and fragment (`?` and `#`
        // are not replaced): everything after the authority.
        let start = uri.components().path.start;
        return Some(v3(&uri.as_str()[start + "/v3/".len()..]));
    }
    Some(Err(Undecodable(
        "not a URL Defense version this decoder knows",
    )))
}

/// True when `uri` looks like a URL Defense v3 link (`http(s)://`, a
/// `urldefense.com` or `urldefense.us` host, `/v3/__`), without parsing
/// it: such a link ends in `$`, which `crate::template` otherwise takes
/// for a cut template.
pub fn is_v3(uri: &str) -> bool {
    let Some((scheme, rest)) = uri.split_once("://") else {
        return false;
    };
    let Some(slash) = rest.find('/') else {
        return false;
    };
    (scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http"))
        && (host_is_or_under(&rest[..slash], "urldefense.com")
            || host_is_or_under(&rest[..slash], "urldefense.us"))
        && rest[slash..].starts_with("/v3/__")
}

/// v1: the `u` parameter, percent-decoded, HTML-unescaped; a `k`
/// parameter must follow (the published decoder's `u=(.+?)&k=`: without
/// it the link was cut short).
fn v1(query: &str) -> Result<String, Undecodable> {
    let u = param(query, "u").ok_or(Undecodable("no u parameter"))?;
    if param(query, "k").is_none() {
        return Err(Undecodable("no k parameter after the u one (cut short?)"));
    }
    let decoded = percent_decoded(u).ok_or(Undecodable("the u parameter is not UTF-8"))?;
    Ok(unescape_html(&decoded))
}

/// v2: the `u` parameter with `-` for `%` and `_` for `/`, percent-decoded,
/// HTML-unescaped; a `d` or `c` parameter must follow (the published
/// decoder's `u=(.+?)&[dc]=`: without it the link was cut short).
fn v2(query: &str) -> Result<String, Undecodable> {
    let u = param(query, "u").ok_or(Undecodable("no u parameter"))?;
    if param(query, "d").is_none() && param(query, "c").is_none() {
        return Err(Undecodable(
            "no d or c parameter after the u one (cut short?)",
        ));
    }
    let swapped: String = u
        .chars()
        .map(|c| match c {
            '-' => '%',
            '_' => '/',
            c => c,
        })
        .collect();
    let decoded = percent_decoded(&swapped).ok_or(Undecodable("the u parameter is not UTF-8"))?;
    Ok(unescape_html(&decoded))
}

/// The length of the run that the letter after `**` stands for: `A` 2,
/// ..., `Z` 27, `a` 28, ..., `z` 53, `0` 54, ..., `9` 63, `-` 64, `_` 65.
fn run_length(c: char) -> Option<usize> {
    let n = match c {
        'A'..='Z' => c as usize - 'A' as usize,
        'a'..='z' => c as usize - 'a' as usize + 26,
        '0'..='9' => c as usize - '0' as usize + 52,
        '-' => 62,
        '_' => 63,
        _ => return None,
    };
    Some(n + 2)
}

/// v3: `rest` is what follows `/v3/`: `__<target>__;<base64>!...`.
fn v3(rest: &str) -> Result<String, Undecodable> {
    let body = rest
        .strip_prefix("__")
        .ok_or(Undecodable("no __ before the link"))?;
    let end = body
        .find("__;")
        .ok_or(Undecodable("no __; after the link (cut short?)"))?;
    let after = &body[end + 3..];
    let bang = after
        .find('!')
        .ok_or(Undecodable("no ! after the replaced characters"))?;
    let target = &body[..end];
    let bytes = base64::engine::GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    )
    .decode(&after[..bang])
    .map_err(|_| Undecodable("the replaced characters are not base64"))?;
    let replaced = String::from_utf8(bytes)
        .map_err(|_| Undecodable("the replaced characters are not UTF-8"))?;
    let mut replaced = replaced.chars().peekable();
    let mut out = String::with_capacity(target.len());
    let mut chars = target.chars();
    // Bytes of a run left over because its last character did not fit
    // (a long run of two-byte characters split at 65 bytes): they count
    // towards the next run.
    let mut carry = 0;
    let short = Undecodable("fewer replaced characters than * marks");
    while let Some(c) = chars.next() {
        if c != '*' {
            out.push(c);
            continue;
        }
        let mut rest = chars.clone();
        if rest.next() != Some('*') {
            out.push(replaced.next().ok_or(short.clone())?);
            continue;
        }
        let letter = rest
            .next()
            .ok_or(Undecodable("a ** at the end of the link"))?;
        chars = rest;
        let mut budget = carry
            + run_length(letter).ok_or(Undecodable("a ** before a character that is no length"))?;
        let before = out.len();
        while let Some(&r) = replaced.peek() {
            if r.len_utf8() > budget {
                break;
            }
            budget -= r.len_utf8();
            out.push(r);
            replaced.next();
        }
        if out.len() == before {
            return Err(short);
        }
        carry = budget;
    }
    Ok(two_slashes(out))
}

/// `http:/x` and `https:/x` (one slash, then not a slash) with the `//`
/// of an authority back.
fn two_slashes(mut target: String) -> String {
    for scheme in ["http:/", "https:/"] {
        let b = target.as_bytes();
        let one = b.len() > scheme.len()
            && b[..scheme.len()].eq_ignore_ascii_case(scheme.as_bytes())
            && b[scheme.len()] != b'/';
        if one {
            target.insert(scheme.len(), '/');
            break;
        }
    }
    target
}

/// `s` with the character references an HTML attribute value holds made
/// characters: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric
/// ones (`&#39;`, `&#x27;`), each with its `;` (what Python's
/// `html.unescape`, which Proofpoint's decoder calls, does for these;
/// the other named references of HTML are left as they are).
fn unescape_html(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let reference = tail.find(';').and_then(|end| {
            let name = &tail[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => {
                    let num = name.strip_prefix('#')?;
                    let code = match num.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => num.parse().ok()?,
                    };
                    char::from_u32(code)
                }
            }?;
            Some((c, end + 1))
        });
        match reference {
            Some((c, len)) => {
                out.push(c);
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::super::unwrap;
    use super::*;
    use crate::grammar::{parse, Grammar};
    use proptest::prelude::*;

    /// The raw decoding of `wrapped` (before the check that it is a URI).
    fn raw(wrapped: &str) -> Result<String, Undecodable> {
        let p = parse(wrapped, Grammar::Rfc3986);
        assert!(p.is_valid(), "{wrapped}");
        decode(p.uri()).unwrap_or_else(|| panic!("not recognised: {wrapped}"))
    }

    fn unwrapped(s: &str) -> String {
        super::super::unwrapped_by("proofpoint", s)
    }

    /// The examples of Proofpoint's URL Decoder API documentation
    /// (help.proofpoint.com, Threat Insight Dashboard, API Documentation,
    /// URL Decoder API), as binref/refinery's tests copy them
    /// (test/units/pattern/test_urlguards.py at
    /// 520b57746329a52d3ef4a71df875b784796de588).
    #[test]
    fn proofpoint_documentation() {
        assert_eq!(
            unwrapped("https://urldefense.proofpoint.com/v2/url?u=https-3A__media.mnn.com_assets_images_2016_06_jupiter-2Dnasa.jpg.638x0-5Fq80-5Fcrop-2Dsmart.jpg&amp;d=DwMBaQ&amp;c=Vxt5e0Osvvt2gflwSlsJ5DmPGcPvTRKLJyp031rXjhg&amp;r=BTD8MPjq1qSLi0tGKaB5H6aCJZZBjwYkLyorZdRQrnY&amp;m=iKjixvaJuqvmReS78AB0JiActTrR_liSq7lDRjEQ9DE&amp;s=-M8Vz-GV-kqkNVf1BAtv38DdudAHVDAI6_jQQLVmleE&amp;e="),
            "https://media.mnn.com/assets/images/2016/06/jupiter-nasa.jpg.638x0_q80_crop-smart.jpg"
        );
        assert_eq!(
            unwrapped("https://urldefense.proofpoint.com/v1/url?u=http://www.bouncycastle.org/&amp;k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&amp;r=IKM5u8%2B%2F%2Fi8EBhWOS%2BqGbTqCC%2BrMqWI%2FVfEAEsQO%2F0Y%3D%0A&amp;m=Ww6iaHO73mDQpPQwOwfLfN8WMapqHyvtu8jM8SjqmVQ%3D%0A&amp;s=d3583cfa53dade97025bc6274c6c8951dc29fe0f38830cf8e5a447723b9f1c9a"),
            "http://www.bouncycastle.org/"
        );
        assert_eq!(
            unwrapped("https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JvQ3kNJkRi5Jg!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$"),
            "https://google.com:443/search?q=a+test&gs=ps"
        );
    }

    /// Test vectors of cardi/proofpoint-url-decoder (decode_test.py at
    /// 27f30b0901353c117848adae95cc2529acc24470), raw decoding: runs up to
    /// 131 characters, UTF-8, and targets that are not URIs.
    #[test]
    fn cardi_vectors() {
        let hashes = |n: usize| "#".repeat(n);
        for (wrapped, want) in [
            ("https://urldefense.com/v2/url?u=https-3A__www.example.com_-23-23-23-23-23foobar&d=&c=&r=&m=&s=&e=".to_string(), "https://www.example.com/#####foobar".to_string()),
            ("https://urldefense.com/v2/url?u=https-3A__www.example.com_-40-40-21-40foobar&d=&c=&r=&m=&s=&e=".into(), "https://www.example.com/@@!@foobar".into()),
            ("https://urldefense.com/v3/__http://www.example.com__;!!foo!bar$".into(), "http://www.example.com".into()),
            ("https://urldefense.com/v3/__https://example.com/*newsletter__;Iw!!foo!bar$".into(), "https://example.com/#newsletter".into()),
            ("https://urldefense.com/v3/__http://example.com/?=a1!b2@c3*d4$5e*6*5E7&8*9(10*7C*5C**B7D*7B__;IyUlKiUlW10lJQ!!foo!bar$".into(), "http://example.com/?=a1!b2@c3#d4$5e%6%5E7&8*9(10%7C%5C[]%7D%7B".into()),
            ("https://urldefense.com/v3/__http://www.example.com/**_test__;IyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyM!!foo!bar$".into(), format!("http://www.example.com/{}test", hashes(65))),
            ("https://urldefense.com/v3/__http://www.example.com/**_*test__;IyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMj!!foo!bar$".into(), format!("http://www.example.com/{}test", hashes(66))),
            ("https://urldefense.com/v3/__http://www.example.com/**_**Btest__;IyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyM!!foo!bar$".into(), format!("http://www.example.com/{}test", hashes(68))),
            ("https://urldefense.com/v3/__http://www.example.com/**_**_*test__;IyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyM!!foo!bar$".into(), format!("http://www.example.com/{}test", hashes(131))),
            ("https://urldefense.com/v3/__http://www.example.com/**Aa*a*.html__;w60jIw!!foo!bar$".into(), "http://www.example.com/\u{ed}a#a#.html".into()),
            ("https://urldefense.com/v3/__http://www.example.com/**E.html__;5L2g5aW9!!foo!bar$".into(), "http://www.example.com/\u{4f60}\u{597d}.html".into()),
            ("https://urldefense.com/v3/__http://www.example.com/**_**5.html__;w6DDqMOsw7LDucOAw4jDjMOSw5nDocOpw63Ds8O6w73DgcOJw43Dk8Oaw53DosOqw67DtMO7w4LDisOOw5TDm8Ojw7HDtcODw5HDlcOkw6vDr8O2w7zDv8OEw4vDj8OWw5zFuMOlw4XDpsOGxZPFksOnw4fDsMOQw7jDmA!!foo!bar$".into(), "http://www.example.com/\u{e0}\u{e8}\u{ec}\u{f2}\u{f9}\u{c0}\u{c8}\u{cc}\u{d2}\u{d9}\u{e1}\u{e9}\u{ed}\u{f3}\u{fa}\u{fd}\u{c1}\u{c9}\u{cd}\u{d3}\u{da}\u{dd}\u{e2}\u{ea}\u{ee}\u{f4}\u{fb}\u{c2}\u{ca}\u{ce}\u{d4}\u{db}\u{e3}\u{f1}\u{f5}\u{c3}\u{d1}\u{d5}\u{e4}\u{eb}\u{ef}\u{f6}\u{fc}\u{ff}\u{c4}\u{cb}\u{cf}\u{d6}\u{dc}\u{178}\u{e5}\u{c5}\u{e6}\u{c6}\u{153}\u{152}\u{e7}\u{c7}\u{f0}\u{d0}\u{f8}\u{d8}.html".into()),
        ] {
            assert_eq!(raw(&wrapped), Ok(want), "{wrapped}");
        }
        // Cut short: recognised, not decodable.
        assert!(raw("https://urldefense.com/v3/__http://www.example.com/").is_err());
        assert!(
            raw("https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.com_a").is_err()
        );
        assert!(raw("https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/").is_err());
        // Decoded, but no URI: `%6` is no percent-encoding.
        let u = unwrap("https://urldefense.com/v3/__http://example.com/?=a1!b2@c3*d4$5e*6*5E7&8*9(10*7C*5C**B7D*7B__;IyUlKiUlW10lJQ!!foo!bar$")
            .unwrap_or_else(|| panic!("not recognised"));
        assert!(!u.decoded());
        // Non-ASCII is percent-encoded in the URI given.
        assert_eq!(
            unwrapped(
                "https://urldefense.com/v3/__http://www.example.com/**E.html__;5L2g5aW9!!foo!bar$"
            ),
            "http://www.example.com/%E4%BD%A0%E5%A5%BD.html"
        );
    }

    /// Real links of the shared corpus' mail (usrp-users 2019 and 2023,
    /// open-iscsi 2021), read against the link text beside them.
    #[test]
    fn corpus_samples() {
        assert_eq!(
            unwrapped("https://urldefense.proofpoint.com/v2/url?u=http-3A__lists.ettus.com_mailman_listinfo_usrp-2Dusers-5Flists.ettus.com&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=W_MQLyUWPXWHfsF4mr51mTMqpeO4RbBBLexficV9DG8&m=HJQv_tP-l348DEC-L6fSq05a8NuS_qL8oXAhNL7hdTw&s=4gBtiQfqJBKgoojgtpx8pSk2gR61a8mNQn1X0wABXyA&e="),
            "http://lists.ettus.com/mailman/listinfo/usrp-users_lists.ettus.com"
        );
        assert_eq!(
            unwrapped("https://urldefense.com/v3/__https://lore.kernel.org/r/20210325093248.284678-1-gulam.mohamed@oracle.com__;!!GqivPVa7Brio!Jiqrc6pu3EgrquzpG-KpNQkNebwKUgctkE0MN1MloQ2y5Y4OVOkKN0yCr2_W_CX2oRet$"),
            "https://lore.kernel.org/r/20210325093248.284678-1-gulam.mohamed@oracle.com"
        );
        assert_eq!(
            unwrapped("https://urldefense.com/v3/__https:/kb.ettus.com/USRP_N300/N310/N320/N321_Getting_Started_Guide*Updating_the_files_system_by_writing_the_disk_image__;Iw!!FbZ0ZwI3Qg!rnBLJY8WppEF-V2Fl_-xIIRSddQl9Io9e-7wx4eANZpGP6V5ULC6mdlDrzaunGZkX0qVp_-5LqnSjq_3EJKdUQ$"),
            "https://kb.ettus.com/USRP_N300/N310/N320/N321_Getting_Started_Guide#Updating_the_files_system_by_writing_the_disk_image"
        );
    }

    #[test]
    fn v3_shape() {
        assert!(is_v3(
            "https://urldefense.com/v3/__https://a.example/__;!!t!s$"
        ));
        assert!(!is_v3("https://urldefense.com/v2/url?u=x"));
        assert!(!is_v3("https://example.com/v3/__x__;!!t!s$"));
        assert!(!crate::template::is_template(
            "https://urldefense.com/v3/__https://a.example/__;!!t!s$"
        ));
    }

    #[test]
    fn html_references() {
        assert_eq!(
            unescape_html("a&amp;b&#39;c&#x41;&bogus;&"),
            "a&b'cA&bogus;&"
        );
    }

    /// A test-only v2 encoder: ALPHA, DIGIT and `.` as they are, `/` as
    /// `_`, every other byte `-XX`.
    fn wrap_v2(target: &str) -> String {
        let mut u = String::new();
        for b in target.bytes() {
            match b {
                b'/' => u.push('_'),
                b if b.is_ascii_alphanumeric() || b == b'.' => u.push(char::from(b)),
                b => u.push_str(&format!("-{b:02X}")),
            }
        }
        format!("https://urldefense.proofpoint.com/v2/url?u={u}&d=DwMFaQ&c=x&r=y&m=z&s=w&e=")
    }

    /// A test-only v3 encoder: the characters of `replace` (and `*` and
    /// `%`, always) taken out, a lone one-byte one written `*`, longer
    /// runs `**` and the letter of their length in bytes (at most 65 a
    /// run), the characters taken out in base64.
    fn wrap_v3(target: &str, replace: &[char]) -> String {
        const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let chars: Vec<char> = target.chars().collect();
        let hit = |c: char| c == '*' || c == '%' || replace.contains(&c);
        let mut body = String::new();
        let mut taken = String::new();
        let mut i = 0;
        while i < chars.len() {
            if !hit(chars[i]) {
                body.push(chars[i]);
                i += 1;
                continue;
            }
            let (mut n, mut bytes) = (0, 0);
            while i + n < chars.len() && hit(chars[i + n]) && bytes + chars[i + n].len_utf8() <= 65
            {
                bytes += chars[i + n].len_utf8();
                n += 1;
            }
            taken.extend(&chars[i..i + n]);
            if bytes == 1 {
                body.push('*');
            } else {
                body.push_str("**");
                body.push(char::from(LETTERS[bytes - 2]));
            }
            i += n;
        }
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(taken.as_bytes());
        format!("https://urldefense.com/v3/__{body}__;{b64}!!tenant!signature$")
    }

    /// Valid absolute URIs: http(s), a host, a path, maybe a query and
    /// a fragment, with sub-delims, percent-encodings and runs of `#`,
    /// `*` and `%`; no `;` (an HTML reference ends in one) and no `__;`.
    fn target() -> impl Strategy<Value = String> {
        let piece = "([A-Za-z0-9._~!$&'()*+,=:@_-]|%[0-9A-F]{2}|%25%25%25)";
        (
            "https?://[a-z0-9]([a-z0-9.-]{0,20}[a-z0-9])?",
            proptest::string::string_regex(&format!("(/{piece}{{0,12}}){{0,4}}"))
                .unwrap_or_else(|e| panic!("{e}")),
            proptest::option::of(
                proptest::string::string_regex(&format!("{piece}{{0,20}}"))
                    .unwrap_or_else(|e| panic!("{e}")),
            ),
            proptest::option::of(
                proptest::string::string_regex(&format!("({piece}|/|\\?){{0,70}}"))
                    .unwrap_or_else(|e| panic!("{e}")),
            ),
        )
            .prop_map(|(authority, path, query, fragment)| {
                let mut u = authority + &path;
                if let Some(q) = query {
                    u = u + "?" + &q;
                }
                if let Some(f) = fragment {
                    u = u + "#" + &f;
                }
                u
            })
    }

    proptest! {
        #[test]
        fn v2_roundtrip(u in target()) {
            prop_assert!(parse(&u, Grammar::Rfc3986).is_valid(), "{}", u);
            let got = unwrap(&wrap_v2(&u)).map(|x| x.uri);
            prop_assert_eq!(got, Some(u));
        }

        #[test]
        fn v3_roundtrip(
            u in target(),
            replace in proptest::collection::vec(proptest::sample::select(vec!['#', '+', '!', '$', '&', '=', '/', 'a']), 0..4),
        ) {
            let got = unwrap(&wrap_v3(&u, &replace)).map(|x| x.uri);
            prop_assert_eq!(got, Some(u));
        }
    }
}
