//! URI templates and placeholders: text that shows the shape of a URI
//! rather than one (`https://{host}/api/%s`, `ssh://[user@]host.xz/path`,
//! `http://proxy-host.com:port`, `https://*.example.com`).
//!
//! This module owns the one decision "is this candidate a template": it
//! holds a placeholder of a template language or of prose. `extract`
//! reports templates with `"template": true`; `check` does not lint them
//! by default (they break the grammar on purpose), but the security rule
//! `X001` still looks at them (a password in a template is a password).
//! It does not own finding candidates (`crate::scan`) nor expanding
//! templates (RFC 6570 expansion is out of scope).

/// True when `uri` (a candidate's text, whitespace removed) holds a
/// placeholder:
///
/// - `{` or `}`: RFC 6570 URI Templates (`{var}`, `{+path}`), format
///   strings (`{}`, `{name}`), shell and JavaScript (`${name}`), Jinja,
///   Mustache and Go templates (`{{ name }}`);
/// - `$(` and `$` before an upper-case name: shell substitutions and
///   variables (`$(pwd)`, `$HOST`, `$BASE_URL`; not OData's `$select`);
/// - a `%` that is not a percent-encoding but a conversion of printf,
///   strftime or `git log --format` (`%s`, `%d`, `%-5s`, `%.2f`, `%(name)s`,
///   `%Y`, `%H`); `%zz` stays a typo to report;
/// - in the authority, an optional part in brackets that is not an IP
///   literal (`[user@]`, `[:port]`), `<name>` markup, a port that is a
///   word or starts with a capital (`:port`, `:PORT`, `:BUS:SLOT`), a host
///   with a `*` (`*.example.com`,
///   `.*example.org`) or a `$variable` (`http://$hostname/`), or a host
///   written as an upper-case placeholder (`https://ISSUER_URL/`,
///   `nvme://HOST:BUS/`);
/// - a word in emphasis, `*NAME*` (`https://v2-*MINOR*.docs.fluxcd.io/`
///   in Markdown prose);
/// - an ellipsis standing for omitted text (a `...` path segment, `…`);
/// - an escape sequence of the language the text is written in, so that
///   the characters are not the URI's: C, JSON and Python `\n`,
///   `\xC3`, `\u00E9`, `\u{e9}`; groff `\:`, `\-`, `\&` (a URI in a
///   man page's source).
///
/// Source: RFC 6570 (URI Template) section 1.1 for the braces; the others
/// are conventions of documentation and code, found on real text.
pub fn is_template(uri: &str) -> bool {
    let b = uri.as_bytes();
    // One pass over the bytes says which of the checks below can apply:
    // nearly every URI holds none of these bytes, and is done then.
    let seen = b.iter().fold(0u8, |acc, &c| acc | TRIGGER[usize::from(c)]);
    if seen & BRACE != 0 {
        return true;
    }
    if seen & NON_ASCII != 0 && uri.contains('\u{2026}') {
        return true;
    }
    if seen & SIGIL != 0 {
        for (i, &c) in b.iter().enumerate() {
            let next = b.get(i + 1).copied();
            match c {
                b'$' if next == Some(b'(') || shell_variable(&b[i + 1..]) => return true,
                b'%' if conversion(&b[i + 1..]) => return true,
                b'\\' if escape(&b[i + 1..]) => return true,
                _ => {}
            }
        }
        // Cut before a `{` the scanner did not take (`http://${a ?? b}`): a
        // URI does not end in `$` (but a Proofpoint URL Defense v3 link).
        if uri.ends_with('$') && !crate::unwrap::proofpoint::is_v3(uri) {
            return true;
        }
        // Nor in a path segment or query value that is a lone `%`: cut
        // before a format's named reference the scanner did not take
        // (Ruby's `https://github.com/%<user>s`, rubocop/rubocop-rails's
        // `tasks/changelog.rb`). A `%` after other characters stays a
        // bad percent-encoding (`file:///fi%`, a parser's test of
        // invalid URIs).
        if uri.ends_with("/%") || uri.ends_with("=%") {
            return true;
        }
    }
    // One searcher for the process: built per call, its set-up would
    // cost more than a short URI's bytes.
    if ELLIPSIS.find(b).is_some() && uri.split(['/', '?', '#']).any(|segment| segment == "...") {
        return true;
    }
    // A regular expression: a group (`(?:code|www)`, `(?P<id>`), a
    // capture of any text (`base64,(.+)`, `(.*)`) or a character class
    // with a quantifier (`[A-Za-z0-9_]+`).
    if seen & REGEX != 0
        && (uri.contains("(?")
            || uri.contains("(.+)")
            || uri.contains("(.*)")
            // An optional group ending in a dot: `(www.)?` (a link
            // checker's exclude list, mermaid-js/mermaid's
            // `.github/lychee.toml`; issue 46 round 11).
            || uri.contains(".)?")
            || uri.contains(".)*")
            || b.windows(2)
                .any(|w| w[0] == b']' && b"+*?{".contains(&w[1])))
    {
        return true;
    }
    emphasised_word(b) || authority_placeholder(uri) || angle_placeholder(b)
}

/// True when `b` holds a name in angle brackets (`<framework-id>`,
/// `<user_name>`): a placeholder written in an HTML attribute or a code
/// sample, where the scanner takes the `<` (nextauthjs/next-auth's
/// `packages/frameworks-template/README.md`:
/// `href="https://npm.im/@auth/<framework-id>"`, issue 46 round 10).
fn angle_placeholder(b: &[u8]) -> bool {
    memchr::memchr_iter(b'<', b).any(|open| {
        let name = b[open + 1..]
            .iter()
            .take(64)
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
            .count();
        name > 0 && b.get(open + 1 + name) == Some(&b'>')
    })
}

/// True when `b` holds a word between two `*` (`*MINOR*`,
/// `https://example.org/*name*/`): Markdown emphasis marking a
/// placeholder in prose (fluxcd/website's `https://v2-*MINOR*.docs.fluxcd.io/`),
/// letters, digits, `_` and `-` only between them (not a glob's
/// `*/x*`).
fn emphasised_word(b: &[u8]) -> bool {
    let mut stars = memchr::memchr_iter(b'*', b);
    let Some(mut open) = stars.next() else {
        return false;
    };
    for close in stars {
        let word = &b[open + 1..close];
        if word.first().is_some_and(u8::is_ascii_alphabetic)
            && word
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
        {
            return true;
        }
        open = close;
    }
    false
}

/// True when the path of a relative reference is a placeholder name that
/// a build step substitutes: the whole path an upper-case name of ASCII
/// letters and digits holding an `_` (`ENGLISH_VERSION_URL` of fastapi's
/// translation banner, which `scripts/docs.py` replaces per page), as an
/// upper-case host is ([`is_template`]). Not a file name (`README`,
/// `LICENSE`, `CODE_OF_CONDUCT.md`: a dot or no `_`).
///
/// Also a path that holds a placeholder of a build or template language:
/// a shell variable (`$FLUTTER_BASE_HREF`, which `flutter build web`
/// replaces; `${x}`, `$(x)`), a `%NAME%` (Create React App's
/// `%PUBLIC_URL%`), `{{`, `{%` or `<%` (Jinja, Liquid, ERB, lodash).
pub fn is_placeholder_reference(path: &str) -> bool {
    let b = path.as_bytes();
    let name = path.contains('_')
        && path.bytes().any(|c| c.is_ascii_uppercase())
        && path
            .bytes()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_');
    name || b.iter().enumerate().any(|(i, &c)| {
        let next = b.get(i + 1).copied();
        match c {
            b'$' => shell_variable(&b[i + 1..]) || matches!(next, Some(b'{' | b'(')),
            b'%' => percent_name(&b[i + 1..]),
            b'{' => matches!(next, Some(b'{' | b'%')),
            b'<' => next == Some(b'%'),
            _ => false,
        }
    })
}

/// The searcher for `...` of [`is_template`].
static ELLIPSIS: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"..."));

/// True when the candidate `c` is a template: its text is one
/// ([`is_template`]), or an ellipsis right after it says text was left out
/// ([`crate::scan::Candidate::elided`]: `urn:ietf:...`).
///
/// Also a candidate right after a `^`: a regular expression's start
/// anchor (`%r{^https?://(www\.)?medium\.com}` in a Ruby script,
/// `'^https://deploy-preview-\d+--x\.netlify\.app'` in a link
/// checker's exclude list), whose text is a pattern, not a URI.
pub fn is_template_candidate(c: &crate::scan::Candidate<'_>) -> bool {
    c.elided() || regex_anchor(c.context_before()) || is_template(c.text())
}

/// True when `before`, the bytes right before a candidate, end in a
/// regular expression's `^` anchor, or in a shell's regular expression
/// match operator and its space (`[[ $url =~ https://([[:alnum:]_:]+)@github.com ]]`,
/// bash "Conditional Constructs").
pub fn regex_anchor(before: &[u8]) -> bool {
    before.last() == Some(&b'^') || before.ends_with(b"=~ ")
}

/// After a `%`: true when `b` is not two hexadecimal digits (a
/// percent-encoding) but a conversion: `(`, or printf flags and width
/// (`-+ #0` and digits, `.` and precision), then a conversion letter of
/// printf, strftime or git's pretty formats.
fn conversion(b: &[u8]) -> bool {
    if percent_name(b) {
        return true;
    }
    if b.len() >= 2 && b[0].is_ascii_hexdigit() && b[1].is_ascii_hexdigit() {
        return false;
    }
    if b.first() == Some(&b'(') || named_reference(b) {
        return true;
    }
    let flags = b
        .iter()
        .take(6)
        .take_while(|c| matches!(c, b'-' | b'+' | b' ' | b'#' | b'.') || c.is_ascii_digit())
        .count();
    b.get(flags)
        .is_some_and(|c| b"sdiufFeEgGcxXoprvqaAbBHhYmMSTjnNtlIZy".contains(c))
}

/// After a `%`: true when `b` starts with a name in `<>` or `{}`, Ruby's
/// named references of `format` and `String#%` (`%<user>s`, `%{user}`;
/// Ruby documentation, "Format Specifications"): rubocop/rubocop-rails's
/// `tasks/changelog.rb` writing `https://github.com/%<user>s` (issue 46
/// round 10).
fn named_reference(b: &[u8]) -> bool {
    let close = match b.first() {
        Some(b'<') => b'>',
        Some(b'{') => b'}',
        _ => return false,
    };
    let n = b[1..]
        .iter()
        .take(64)
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    n > 0 && b.get(1 + n) == Some(&close)
}

/// After a `%`: true when `b` starts with an upper-case name and a
/// closing `%`, a placeholder that a script or a Windows batch file
/// replaces (`prettier@%PRETTIER_VERSION%`, `%USERPROFILE%`): two
/// characters or more, one of them not a hexadecimal digit (so that
/// `%AB%` stays a percent-encoding).
fn percent_name(b: &[u8]) -> bool {
    let n = b
        .iter()
        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_')
        .count();
    n >= 2
        && b.get(n) == Some(&b'%')
        && !b[0].is_ascii_digit()
        && b[..n].iter().any(|c| !c.is_ascii_hexdigit())
}

/// After a `\`: true when `b` starts an escape sequence of C, JSON,
/// Python, Rust, CMake (`n`, `x` and two hexadecimal digits,
/// `u` and four or `u{`) or groff (`:`, `-`, `&`); also the same after
/// more backslashes (`\\n`: a string escaped twice, JSON in a
/// JavaScript string).
fn escape(b: &[u8]) -> bool {
    match b.first() {
        Some(b'\\') => {
            let n = b.iter().take_while(|&&c| c == b'\\').count();
            escape(&b[n..])
        }
        Some(b':' | b'-' | b'&' | b'n') => true,
        // A regular expression's class (`\w+`, `\d{4}`, `\.*`); followed
        // by a quantifier, so that a Windows path (`C:\data\x`) stays one.
        Some(b'w' | b'd' | b's' | b'W' | b'D' | b'S' | b'.') => {
            b.get(1).is_some_and(|c| b"+*?{)]|".contains(c))
                // An escaped dot in a host or path (`https://(www)\.
                // djangoproject\.com/`): a URI holds no `\`, and a
                // Windows folder name rarely starts with a dot.
                || (b[0] == b'.' && b.get(1).is_some_and(u8::is_ascii_alphanumeric))
        }
        // A regular expression's end anchor (`\Z`, `\z`) at the end.
        Some(b'Z' | b'z') => b.len() == 1,
        // A back-reference in a replacement (`ssh://\1\2/\3` in pip's
        // git support, `.../master/\1` in httpx's pyproject.toml).
        Some(b'1'..=b'9') => !b.get(1).is_some_and(u8::is_ascii_digit),
        Some(b'x') => b.len() >= 3 && b[1].is_ascii_hexdigit() && b[2].is_ascii_hexdigit(),
        Some(b'u') => {
            b.get(1) == Some(&b'{') || (b.len() >= 5 && b[1..5].iter().all(u8::is_ascii_hexdigit))
        }
        _ => false,
    }
}

/// True when `b` starts with an upper-case shell variable name of two
/// characters or more (`HOST`, `BASE_URL`, `_X1`) that ends there.
fn shell_variable(b: &[u8]) -> bool {
    let n = b
        .iter()
        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_')
        .count();
    n >= 2 && !b[0].is_ascii_digit() && !b.get(n).is_some_and(|c| c.is_ascii_lowercase())
}

/// Bits of [`TRIGGER`]: which check of [`is_template`] a byte calls for.
/// `{`, `}`: a placeholder.
const BRACE: u8 = 1;
/// A non-ASCII byte: maybe an ellipsis, `…`.
const NON_ASCII: u8 = 2;
/// `$`, `%`, `\`: the per-byte checks.
const SIGIL: u8 = 4;
/// `(` and `]`: a regular expression's group or class.
const REGEX: u8 = 8;

/// The [`is_template`] check each byte calls for.
static TRIGGER: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'{' as usize] = BRACE;
    t[b'}' as usize] = BRACE;
    t[b'$' as usize] = SIGIL;
    t[b'%' as usize] = SIGIL;
    t[b'\\' as usize] = SIGIL;
    t[b'(' as usize] = REGEX;
    t[b']' as usize] = REGEX;
    let mut i = 0x80;
    while i < 256 {
        t[i] = NON_ASCII;
        i += 1;
    }
    t
};

/// The authority placeholders of [`is_template`]: `[user@]`, `:port`,
/// `*.example.com`.
fn authority_placeholder(uri: &str) -> bool {
    let Some(at) = crate::grammar::chars::find_colon_slashes(uri.as_bytes()) else {
        return false;
    };
    let rest = &uri[at + 3..];
    // A host that starts with a dot: a domain-suffix pattern of a proxy
    // bypass or cookie rule (`"http://.google.com"` in
    // electron/website's `proxy-config.md`, issue 46 round 10).
    if rest.starts_with('.') && !rest.starts_with("..") {
        return true;
    }
    // One pass to the authority's end: a lower-case host name without
    // port nor userinfo, nearly every authority, holds no placeholder.
    let mut end = rest.len();
    let mut plain = true;
    for (i, c) in rest.bytes().enumerate() {
        if matches!(c, b'/' | b'?' | b'#') {
            end = i;
            break;
        }
        plain &= c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'.' | b'-');
    }
    if plain {
        return false;
    }
    let authority = &rest[..end];
    // An optional part in brackets: an IP literal holds hex digits, ':'
    // and '.' only (or starts with 'v', IPvFuture).
    if let Some(open) = authority.find('[') {
        let inner = authority[open + 1..].split(']').next().unwrap_or_default();
        let literal = inner.starts_with(['v', 'V'])
            || inner
                .bytes()
                .all(|c| c.is_ascii_hexdigit() || matches!(c, b':' | b'.' | b'%'));
        if !literal {
            return true;
        }
    }
    // `<user>:<password>@<host>`, `[[user][:pass]@]host`: markup of
    // prose in the authority.
    if authority.contains(['<', '>']) {
        return true;
    }
    let host_port = authority.rsplit('@').next().unwrap_or(authority);
    // A wildcard or a regular expression for hosts: `*.example.com`,
    // `.*example.org`.
    if host_port.contains('*') {
        return true;
    }
    // A variable of shell, Perl or PHP for the host: `http://$hostname/`.
    if host_port
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b'$' && (w[1].is_ascii_alphabetic() || w[1] == b'_'))
    {
        return true;
    }
    // The host and, after the colon that ends it (not inside an IP
    // literal), the port.
    let (host, port) = match host_port.rfind(']') {
        Some(i) => (&host_port[..=i], host_port[i + 1..].strip_prefix(':')),
        None => match host_port.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (host_port, None),
        },
    };
    // A port that is a word (`:port`, `:poort`, `:PORT`) or starts with
    // a capital (`HOST:BUS:SLOT.FUNC`) stands for one; a typo of digits
    // (`:8x`, `:x1`) stays one. (After an ssh scheme a path may follow the
    // colon instead: that is scp's syntax,
    // `crate::scheme::convention::scp_like`.)
    // Also words joined by `-` (`hub-ip:hub-port`, jupyterhub's
    // `services/auth.py`; issue 46 round 11).
    let word = |p: &str| {
        !p.is_empty()
            && p.starts_with(|c: char| c.is_ascii_alphabetic())
            && (p
                .bytes()
                .all(|c| c.is_ascii_alphabetic() || c == b'_' || c == b'-')
                || p.starts_with(|c: char| c.is_ascii_uppercase()))
    };
    let says_port =
        |p: &str| p.eq_ignore_ascii_case("port") || p.starts_with(|c: char| c.is_ascii_uppercase());
    if port.is_some_and(|p| word(p) && (says_port(p) || !crate::scheme::convention::scp_like(uri)))
    {
        return true;
    }
    // No host but a port: an address to listen on, all interfaces
    // (`http://:8000`, jupyterhub's `bind_url` default; Go's `:8080`), a
    // setting, not a link.
    if host.is_empty()
        && port.is_some_and(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
        && !authority.contains('@')
    {
        return true;
    }
    placeholder_host(host)
}

/// True when `host` is written as a placeholder: only underscores (the
/// emphasis around a `<name>`), an escaped `&lt;name&gt;`, upper case with an
/// underscore (`ISSUER_URL`, `YOUR_DOMAIN`, which no DNS name holds; also
/// as one label of a host, `lb-EXTERNAL_IP`), or
/// one upper-case word of four letters or more without a dot (`HOST`,
/// `SERVER`; RFC 3987's `http://VU#TS=RQ` is an example URI). An upper-case DNS name with dots (`WWW.EXAMPLE.COM`) is a
/// host written in capitals, not a placeholder.
fn placeholder_host(host: &str) -> bool {
    let b = host.as_bytes();
    // A host that ends in `%`: a SQL `LIKE` pattern's wildcard
    // (`url LIKE 'http://marriot%'`, couchbase's SDK examples; issue 46,
    // rounds 7 and 9), not a percent-encoding.
    if host.len() > 1 && host.ends_with('%') {
        return true;
    }
    // Emphasis around a placeholder, cut at its `<` (AsciiDoc
    // `https://__<che_host>__/x`, eclipse-che/che-docs), or the
    // placeholder escaped (`__&lt;che_fqdn&gt;__`): no DNS name is only
    // underscores, nor holds `&lt;`.
    if (!b.is_empty() && b.iter().all(|&c| c == b'_')) || host.contains("&lt;") {
        return true;
    }
    let capitals = b.iter().any(u8::is_ascii_uppercase)
        && b.iter().all(|c| {
            c.is_ascii_uppercase() || c.is_ascii_digit() || matches!(c, b'_' | b'-' | b'.')
        });
    // A label that holds an upper-case name with an underscore
    // (`lb-EXTERNAL_IP`, neo4j/docs-operations): no DNS name holds one.
    let named = host.split(['.', '-']).any(|w| {
        w.contains('_')
            && w.bytes().any(|c| c.is_ascii_uppercase())
            && w.bytes()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_')
    });
    // Three words or more joined by `_`, no dot: a name in prose for the
    // host the reader puts there (`harbor_instance_address`,
    // goharbor/website; issue 46 round 11). Two words (`my_db`, a
    // Compose service) stay a host.
    let snake = !b.contains(&b'.')
        && host.split('_').filter(|w| !w.is_empty()).count() >= 3
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
    named || snake || (capitals && (b.contains(&b'_') || (b.len() >= 4 && !b.contains(&b'.'))))
}

#[cfg(test)]
mod tests {
    use super::{is_placeholder_reference, is_template};

    #[test]
    fn placeholders_make_templates() {
        for t in [
            // A SQL `LIKE` pattern (couchbase/docs-sdk-nodejs
            // `transactions-example.ts`: `url LIKE 'http://marriot%'`).
            "http://marriot%",
            // AsciiDoc emphasis around a placeholder (eclipse-che/che-docs).
            "https://__",
            "https://__&lt;che_fqdn&gt;__/dashboard",
            "https://{host}/api",
            // The roff reader's braced placeholders (format/roff tests).
            "http://{ip_server}/{path}?{query}",
            "https://example.com/{+path}",
            "https://example.com/${base}/x",
            "https://example.com/{{ url }}",
            "http://example.com/$HOST/x",
            "https://api.example.com/v1/%s",
            "http://example.com/?id=%d",
            "http://example.com/%(name)s",
            "https://github.com/%<user>s",
            // As the scanner cuts it before `<` (rubocop/rubocop-rails's
            // `tasks/changelog.rb`).
            "https://github.com/%",
            "https://github.com/%{user}/x",
            "https://github.com/fusesource/jansi/commit/%H",
            "http://example.com/?t=%Y-%m-%d",
            "http://example.com/%-5s/%.2f",
            "file:///some/path%.c",
            "ssh://[user@]host.xz/path/to/repo.git/",
            "http://proxy-host.com:port",
            "https://example.com:PORT/",
            "https://*.example.com/",
            "https://.*gnome.org",
            "git://git.kernel.org/.../git.git",
            "webdav://\u{2026}",
            "http://$",
            "http://example.org/Andr\\xC3\\xA9",
            "https://\\:example.com/\\:page.html",
            "http://www.example.com/a\\-b",
            "https://gcc.gnu.org/bugzilla/show_bug.cgi?id=95189.\\n",
            "https://doc.rust-lang.org/cargo/reference.html\\\\nto",
            "https://percy.io/\\\\w+",
            "https://example.com/(\\d{4})/",
            // Man pages (apt.conf(5), sources.list(5) in Dutch,
            // git-http-backend(1), gcloud, qemu-block-drivers(7)).
            "ftp://[[user][:pass]@]host[:port]/",
            "http://gebruiker:wachtwoord@server:poort/",
            "http://$hostname/git/foo/bar.git",
            "https://ISSUER_URL",
            "https://YOUR-DOMAIN/api",
            "https://lb-EXTERNAL_IP:7473",
            "nvme://HOST:BUS:SLOT.FUNC/NAMESPACE",
            // git's release notes: a placeholder after an ssh scheme.
            "ssh://host:port/path/to/repo",
            "iscsi://[<username>[%<password>]@]<host>[:<port>]/<target-iqn-name>/<lun>",
            "http://<host>:<port>/",
            // next-auth's framework template README; electron's proxy
            // bypass rules.
            "https://npm.im/@auth/<framework-id>",
            "https://img.shields.io/npm/v/@auth/<framework-id>?color=green",
            "http://.google.com",
            // Regular expressions (Django's docs/conf.py and its GDAL
            // bindings).
            "https://(?:code|www)\\.djangoproject\\.com/admin/",
            "https://code\\.djangoproject\\.com/newticket",
            "urn:ogc:def:crs:[A-Za-z0-9_]+:[0-9A-Za-z.]*:[0-9A-Za-z]+\\Z",
            "ssh://\\1\\2/\\3",
            "https://raw.githubusercontent.com/encode/httpx/master/\\1",
            // vitejs/vite packages/vite/src/module-runner/evaluatedModules.ts.
            "data:application/json;base64,(.+)",
            "https://(www.)?drupal.org",
            // jupyterhub and goharbor/website (issue 46 round 11).
            "http://hub-ip:hub-port/hub/api",
            "http://:8000",
            "https://harbor_instance_address:443",
            // A placeholder a script replaces (prettier/prettier
            // docs/browser.md), a Windows variable.
            "https://unpkg.com/prettier@%PRETTIER_VERSION%/standalone.js",
            "file:///%USERPROFILE%/x",
        ] {
            assert!(is_template(t), "{t}");
        }
    }

    #[test]
    fn uris_are_not_templates() {
        for u in [
            "http://example.com/a%d4b",
            "http://a.example/%zz",
            // A Compose service's name; a typo of digits in a port.
            "http://my_db:5432/",
            "http://a.example:8x/",
            // A parser's list of invalid URIs (facebook/flow's
            // `file_url.rs`): a `%` after other characters.
            "file:///fi%",
            "http://a.example/%7e%2F",
            "http://[::1]:8080/",
            "http://[v1.fe]/",
            "https://example.com/a/../b?x=1#f",
            "mailto:a@b.example",
            "https://example.com/a$b",
            "https://graph.example.com/v1.0/users?$select=displayName&$top=5",
            "https://example.com/$Ab",
            "https://example.com:8080/%20",
            "https://user:pass@example.com/",
            "http://example.com/a...b",
            "http://a.example/a\\b",
            "file://C:\\Users\\x",
            "file://C:\\temp\\report.txt",
            "file://C:\\data\\windows\\system",
            // A host in capitals is a host; a port of digits with a typo
            // is a typo; scp's syntax after an ssh scheme is a convention
            // (crate::scheme::convention), not a template.
            "HTTP://WWW.EXAMPLE.COM/",
            "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA",
            "http://LOCALHOST.localdomain/",
            "http://a.example:8x/",
            "git+ssh://git@github.com:npm/cli.git",
            "https://example.com/$metadata",
            // Percent-encodings around a name of hexadecimal digits.
            "http://a.example/%AB%CD",
            "http://a.example/%2F%2F",
        ] {
            assert!(!is_template(u), "{u}");
        }
    }

    /// fastapi's translation banner links `ENGLISH_VERSION_URL`, which
    /// its build script replaces (issue 46); file names stay links.
    #[test]
    fn emphasised_words_are_placeholders() {
        // fluxcd/website `content/en/flux/releases/procedure.md:380`.
        assert!(is_template("https://v2-*MINOR*.docs.fluxcd.io/"));
        assert!(is_template("https://example.org/*name*/x"));
        assert!(!is_template(
            "https://web.archive.org/web/*/https://x.example/*"
        ));
        assert!(!is_template("https://example.org/a*b"));
    }

    #[test]
    fn build_placeholders_in_references() {
        assert!(is_placeholder_reference("$FLUTTER_BASE_HREF"));
        assert!(is_placeholder_reference("%PUBLIC_URL%/manifest.json"));
        assert!(is_placeholder_reference("${base}/x.html"));
        assert!(is_placeholder_reference("<%= BASE_URL %>favicon.ico"));
        assert!(!is_placeholder_reference("price$5.html"));
        assert!(!is_placeholder_reference("a%20b.html"));
    }

    #[test]
    fn upper_case_placeholder_references() {
        assert!(is_placeholder_reference("ENGLISH_VERSION_URL"));
        assert!(is_placeholder_reference("LINK_2"));
        for file in [
            "README",
            "LICENSE",
            "CODE_OF_CONDUCT.md",
            "URL",
            "my_page",
            "_",
            "docs/A_B",
        ] {
            assert!(!is_placeholder_reference(file), "{file}");
        }
    }

    /// A candidate after a regular expression's `^` is a pattern
    /// (github/opensource.guide script/html-proofer, google/docsy
    /// docsy.dev/lychee.toml); one after other text is a URI.
    #[test]
    fn a_regex_anchor_before_makes_a_template() {
        use crate::scan::{Found, ScanOptions, Scanner};
        let text: &[u8] =
            b"  %r{^https://(www\\.)?quora\\.com},\n  '^https://deploy-preview-\\d+--docsydocs\\.netlify\\.app',\n  see https://(www.example.org\n  [[ \"${URL}\" =~ https://([[:alnum:]_:]+)@github.com/(.*)$ ]]\n";
        let mut s = Scanner::new(text, ScanOptions::default());
        let mut seen = Vec::new();
        while let Ok(Some(f)) = s.next_found() {
            if let Found::Uri(c) = f {
                seen.push((c.text().to_string(), super::is_template_candidate(&c)));
            }
        }
        assert_eq!(
            seen,
            [
                ("https://(www".to_string(), true),
                ("https://deploy-preview-".to_string(), true),
                ("https://(www.example.org".to_string(), false),
                // Homebrew/brew Library/Homebrew/cmd/update.sh: bash `=~`.
                ("https://(".to_string(), true),
            ]
        );
    }
}
