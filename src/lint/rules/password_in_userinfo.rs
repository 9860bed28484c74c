//! `X001` password-in-userinfo: `user:password@` in the authority (RFC
//! 3986 sections 3.2.1 and 7.5). No fix: the credential has to be revoked
//! and removed by a person.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "X001",
    name: "password-in-userinfo",
    category: Category::Security,
    severity: Severity::Error,
    default_enabled: true,
    fix: None,
    summary: "a password in the userinfo ('user:password@host')",
    explanation: "RFC 3986 section 3.2.1: use of the format 'user:password' in the userinfo \
                  field is deprecated; applications should not render the text after the first \
                  ':' as clear text. Section 7.5: a password in a URI is a security risk \
                  wherever the URI is written down. Remove it (and change the password if it \
                  was real).",
    source: "RFC 3986 sections 3.2.1 and 7.5; RFC 2396 section 7",
};

/// Looks at every candidate, valid or not, template or not: a password
/// is one whatever else is wrong with the URI
/// (`https://user:secret@api.example.com/v1/%s`).
pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    let userinfo = if cx.parsed.is_valid() {
        cx.uri().components().userinfo.clone()
    } else {
        userinfo_of_text(text)
    };
    let Some(ui) = userinfo else {
        return;
    };
    if placeholder_credentials(text, ui.clone()) {
        return;
    }
    if let Some(colon) = text[ui.clone()].find(':') {
        let at = ui.start + colon + 1;
        if at < ui.end {
            let user = &text[ui.start..ui.start + colon];
            cx.report(
                &RULE,
                at,
                format!("password in the userinfo of user '{}'", quote(user)),
                None,
            );
        }
    }
}

/// True when the userinfo at `ui` of `text` is not a credential: the host
/// after it is reserved for examples and tests (RFC 2606 and RFC 6761:
/// `example`, `example.com`, `.net`, `.org`, `*.example`, `*.test`,
/// `*.invalid`, `*.localhost`; IANA's IDN test TLDs `測試`/`测试`), a
/// placeholder word ([`PLACEHOLDER_HOSTS`]: `host`, `server`, `proxy`, ...)
/// or a word in capitals (`HOST`); the password is the word itself
/// (`password`, `passwd-on-proxy`, `pass`, `pwd`, `xxx`, or a translation,
/// [`PASSWORD_WORDS`]) or a well-known demonstration one
/// ([`DEMO_PASSWORDS`], or one with `secret` in it: `a%20secret`); the
/// host is the local machine (`localhost`, `127.0.0.1`, `[::1]`); the
/// userinfo is template markup (`[user[:pass]@]`, `<user>:<password>`,
/// `${USER}`); or it is a CVS root's access method
/// (`cvs://:pserver:anoncvs@host:/cvs`).
fn placeholder_credentials(text: &str, ui: std::ops::Range<usize>) -> bool {
    let userinfo = &text[ui.clone()];
    if userinfo.starts_with(":pserver:") || userinfo.starts_with(":ext:") {
        return true;
    }
    // Markup of a template or of prose: `[[user][:pass]@]`,
    // `<user>:<password>@`, `${USER}:${PASS}@`.
    if userinfo.contains(['[', ']', '<', '>', '{', '}', '$']) {
        return true;
    }
    // The word itself: `user:password@`, `login:passwd-on-proxy@`, also in
    // the languages man pages and docs are translated into
    // (`gebruiker:wachtwoord@` in Dutch sources.list(5)).
    let password = userinfo
        .split_once(':')
        .map_or("", |(_, p)| p)
        .to_lowercase();
    if password.contains("passw")
        || matches!(password.as_str(), "pass" | "pwd" | "xxx" | "***")
        || PASSWORD_WORDS.iter().any(|w| password.contains(w))
        || DEMO_PASSWORDS.contains(&password.as_str())
        || password.contains("secret")
    {
        return true;
    }
    let rest = &text[ui.end.saturating_add(1).min(text.len())..];
    let end = rest.find(['/', '?', '#', ':']).unwrap_or(rest.len());
    let written = rest[..end].trim_end_matches('.');
    let host = written.to_lowercase();
    let host = host.as_str();
    // A service on the reader's own machine: a development default, not
    // a credential of anything reachable (`redis://:secret@localhost`).
    if matches!(host, "localhost" | "127.0.0.1" | "[::1]") {
        return true;
    }
    if PLACEHOLDER_HOSTS.contains(&host)
        || (written.len() >= 2
            && written
                .bytes()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_'))
    {
        // `http://user:pw@HOST/`: a word in capitals stands for a host.
        return true;
    }
    let last = host.rsplit('.').next().unwrap_or(host);
    let reserved_tld = matches!(
        last,
        "example"
            | "test"
            | "invalid"
            | "localhost"
            | "xn--g6w251d"
            | "xn--0zwm56d"
            | "測試"
            | "测试"
    );
    let reserved_domain = ["example.com", "example.net", "example.org"]
        .iter()
        .any(|d| host == *d || host.ends_with(&format!(".{d}")));
    reserved_tld || reserved_domain
}

/// "Password" in the languages documentation is most often translated
/// into (lower case; matched inside the password): German, Dutch, French,
/// Spanish, Portuguese, Italian, Polish, Swedish, Finnish, Hungarian,
/// Russian, Ukrainian, Japanese, Chinese, Korean.
const PASSWORD_WORDS: &[&str] = &[
    "passwort",
    "kennwort",
    "wachtwoord",
    "motdepasse",
    "mot-de-passe",
    "mot_de_passe",
    "contraseña",
    "contrasena",
    "senha",
    "parola",
    "hasło",
    "haslo",
    "lösenord",
    "losenord",
    "salasana",
    "jelszó",
    "jelszo",
    "пароль",
    "パスワード",
    "密码",
    "密碼",
    "비밀번호",
];

/// Passwords of documentation and well-known defaults, compared whole
/// (lower case): `secret`, Oracle's demo `scott:tiger`, RabbitMQ's
/// `guest:guest`, `changeme`.
const DEMO_PASSWORDS: &[&str] = &["secret", "tiger", "guest", "changeme", "changeit"];

/// Host names that stand for a host in examples (lower case): the word
/// itself and its common variants, in English and in the languages of
/// translated man pages.
const PLACEHOLDER_HOSTS: &[&str] = &[
    "host",
    "hostname",
    "myhost",
    "yourhost",
    "server",
    "servername",
    "myserver",
    "yourserver",
    "proxy",
    "proxyhost",
    "proxy-host",
    "domain",
    "yourdomain",
    "mydomain",
    "rechner",
    "hôte",
    "hote",
    "serveur",
    "servidor",
    "gastheer",
];

/// The userinfo of a URI that did not parse: between `://` and the last
/// `@` of the authority (which ends at the first `/`, `?` or `#`), as
/// byte offsets into `text`.
fn userinfo_of_text(text: &str) -> Option<std::ops::Range<usize>> {
    let start = text.find("://")? + 3;
    let rest = &text[start..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let at = rest[..end].rfind('@')?;
    Some(start..start + at)
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    /// Found on the issue 14 review: X001 was silent when the URI had a
    /// grammar error too (the example used the reserved
    /// api.example.com; a real host is used here).
    #[test]
    fn password_in_a_uri_that_does_not_parse() {
        let (at, _) = hits("X001", "<https://user:7bq2KzwP@api.acme-widgets.net/v1/%s>");
        assert_eq!(at, vec![14]);
        let (at, _) = hits("X001", "<https://u:p w@h.acme-widgets.net/>");
        assert_eq!(at, vec![11]);
        assert!(hits("X001", "<https://h.acme-widgets.net/a b@c>")
            .0
            .is_empty());
    }

    /// Examples, not secrets: hosts reserved for documentation and tests,
    /// placeholder host names, a CVS root's method (all found on the
    /// review of /usr/share/doc: Node.js's URL docs, git's release notes,
    /// binutils' copyright file).
    #[test]
    fn example_credentials_are_not_passwords() {
        for text in [
            "<https://abc:xyz@example.com>",
            "<https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash>",
            "<https://a:b@xn--g6w251d/?abc#foo>",
            "<https://a:b@測試?abc#foo>",
            "<http://user:pass@host/repo>",
            "<ftp://u:p@files.test/x>",
            "<cvs://:pserver:anoncvs@sources.redhat.com:/cvs/src>",
            "<http://user:password@proxy.foo.com/>",
            "<http://login-on-proxy:passwd-on-proxy@proxy-host.com:port>",
            // apt.conf(5), sources.list(5) in Dutch, qemu-block-drivers(7).
            "ftp://[[user][:pass]@]host[:port]/",
            "http://gebruiker:wachtwoord@server:poort/",
            "iscsi://[<username>[%<password>]@]<host>[:<port>]/<target-iqn-name>/<lun>",
            "https://${USER}:${TOKEN}@git.acme-widgets.net/x.git",
            "http://admin:hunter2@SERVER/",
            // Celery's docs, alembic's setup.cfg: a local service, demo
            // credentials.
            "redis://:secret@localhost:6379/0",
            "postgresql://scott:tiger@127.0.0.1:5432/test",
            "amqp://guest:guest@rabbit.acme-widgets.net//",
            // httpx's docstring.
            "https://jo%40email.com:a%20secret@m\u{fc}ller.de",
        ] {
            assert!(hits("X001", text).0.is_empty(), "{text}");
        }
        // A real-looking host keeps its finding.
        assert_eq!(
            hits("X001", "<https://abc:xyz@example-corp.com/>").0,
            vec![13]
        );
    }

    #[test]
    fn hit_miss() {
        let (at, _) = hits("X001", "<ftp://joe:s3cret@ftp.acme-widgets.net/pub>");
        assert_eq!(at, vec![11]);
        assert!(hits("X001", "<ftp://joe@ftp.acme-widgets.net/pub>")
            .0
            .is_empty());
        assert!(hits("X001", "<ftp://joe:@ftp.acme-widgets.net/pub>")
            .0
            .is_empty());
    }
}
