//! Conventions that are not RFC 3986 but universal in the documentation of
//! one tool family, recognised so that `check` does not report them by
//! default (issue 14: "a rule on by default must be right nearly always on
//! real text").
//!
//! This module owns the scp-like address of git and npm written after an
//! ssh scheme ([`scp_like`]), the host lists of database and broker
//! connection strings ([`multi_host`]), git's configuration keys that
//! hold a URL ([`git_config_key`]), Docker image references behind
//! `docker://` ([`docker_image`]) and mail addresses written so that
//! address harvesters do not read them ([`obfuscated_address`]). The
//! other conventions live with their scheme:
//! the AWS CLI's `file://name.json` in `file` (S302), JDBC's
//! `jdbc:mysql://` and Java's `jar:file:` wrappers in the scanner
//! (`crate::scan`). It does not own templates (`crate::template`).

/// Schemes after which git, npm, pip and Cargo take `host:path` where RFC
/// 3986 has `host:port/path`.
const SSH_SCHEMES: [&str; 4] = ["ssh", "git+ssh", "ssh+git", "git"];

/// True when `uri` (a candidate's text) is an ssh-family URI (`ssh`,
/// `git+ssh`, `ssh+git`, `git`, any case) whose authority is followed by
/// `:` and a path rather than a port: scp's `user@host:path` syntax
/// written behind a scheme, as npm documents it
/// (`git+ssh://git@github.com:npm/cli.git#v1.0.27`, npm-install(1)) and as
/// pip and Cargo accept it. RFC 3986 section 3.2.3 makes the text after
/// that `:` a port of digits, so the grammar reports `U006`; git itself
/// reads `ssh://host/path` and scp-like `host:path` without a scheme, and
/// the tools that accept the mixed form read it as scp's. A port of
/// digits (`ssh://git@host:22/x`) is a port, and not this.
pub fn scp_like(uri: &str) -> bool {
    let Some(at) = crate::grammar::chars::find_colon_slashes(uri.as_bytes()) else {
        return false;
    };
    let (scheme, rest) = (&uri[..at], &uri[at + 3..]);
    if !SSH_SCHEMES.iter().any(|s| scheme.eq_ignore_ascii_case(s)) {
        return false;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host_port = rest[..end].rsplit('@').next().unwrap_or_default();
    if host_port.starts_with('[') {
        return false;
    }
    host_port
        .split_once(':')
        .is_some_and(|(host, after)| !host.is_empty() && !after.bytes().all(|b| b.is_ascii_digit()))
}

/// True when `uri` (a candidate's text) is an AT Protocol URI whose
/// authority is a DID (`at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3k`;
/// AT Protocol specification, "AT URI Scheme": the authority is a handle
/// or a DID, `did:method:identifier`). RFC 3986 reads `did:plc:...` as a
/// host and a port, so the grammar would report `U006`.
pub fn at_did(uri: &str) -> bool {
    let Some(rest) = uri
        .get(..9)
        .filter(|s| s.eq_ignore_ascii_case("at://did:"))
        .and_then(|_| uri.get(9..))
    else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let mut parts = authority.splitn(2, ':');
    let (Some(method), Some(id)) = (parts.next(), parts.next()) else {
        return false;
    };
    !method.is_empty()
        && method
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b':' | b'%'))
}

/// True when `uri` (a candidate's text) is a Docker image reference
/// behind the `docker` scheme, as GitHub Actions takes it in a step's
/// `uses:` (`docker://alpine:3.8`, `docker://ghcr.io/owner/image:tag`,
/// `docker://python:3.12.7-slim-bookworm`; GitHub Docs, "Workflow
/// syntax for GitHub Actions", `jobs.<job_id>.steps[*].uses`): an image
/// name, then `:` and a tag of letters, digits, `_`, `.` and `-` (Docker
/// docs, "docker image tag"), or `@` and a digest. RFC 3986 reads the
/// tag as a port of digits, so the grammar reports `U006`.
pub fn docker_image(uri: &str) -> bool {
    let Some(rest) = uri
        .get(..9)
        .filter(|s| s.eq_ignore_ascii_case("docker://"))
        .and_then(|_| uri.get(9..))
    else {
        return false;
    };
    let (name, tag) = match rest.rsplit_once('@') {
        Some((n, digest)) => (n, Some(digest)),
        None => match rest.rsplit_once(':') {
            Some((n, t)) if !t.contains('/') => (n, Some(t)),
            _ => (rest, None),
        },
    };
    let name_ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'/' | b':'));
    let tag_ok = tag.is_none_or(|t| {
        !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b':'))
    });
    name_ok && tag_ok
}

/// Schemes whose URIs are always fetched from one host: a list of hosts
/// in their authority is a mistake, not a convention.
const SINGLE_HOST_SCHEMES: [&str; 7] = ["http", "https", "ws", "wss", "ftp", "file", "mailto"];

/// True when the authority of `uri` (a candidate's text) is a list of
/// hosts, each with an optional port, separated by `,` or `;`:
/// `mongodb://h1:27017,h2:27017/db` (the MongoDB connection string
/// format), `postgresql://h1:5432,h2:5432/db` (libpq's multiple hosts,
/// PostgreSQL documentation section 32.1.1.3), Celery's and Kombu's
/// `redis://:pw@h1:6379;h2:6379/0`. RFC 3986 has one host and a port of
/// digits, so the grammar reports the `,` as `U006`; the drivers that read
/// these strings split the list first. Not for the web schemes (http,
/// https, ws, wss, ftp, file, mailto), where it is a mistake.
pub fn multi_host(uri: &str) -> bool {
    let Some(at) = crate::grammar::chars::find_colon_slashes(uri.as_bytes()) else {
        return false;
    };
    let (scheme, rest) = (&uri[..at], &uri[at + 3..]);
    if SINGLE_HOST_SCHEMES
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
    {
        return false;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let hosts = rest[..end].rsplit('@').next().unwrap_or_default();
    let parts: Vec<&str> = hosts.split([',', ';']).collect();
    parts.len() >= 2
        && parts.iter().all(|part| {
            let (host, port) = part.split_once(':').unwrap_or((part, ""));
            !host.is_empty()
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
                && port.bytes().all(|b| b.is_ascii_digit())
        })
}

/// True when a `mailto:` candidate is a mail address spelled out against
/// address harvesters rather than a URI: `<mailto:xcb at
/// lists.freedesktop.org>` (libxcb's README: Appendix E's rule would
/// remove the spaces and make `mailto:xcbatlists.freedesktop.org`),
/// `mailto:blake at x.example` (mailman archives: the URI would end at
/// `blake`), `mailto:bugs[at]acme.example`, `user(at)example dot org`.
/// `uri` is the candidate's text (inserted white space removed), `raw`
/// the bytes as written, `after` the bytes that follow it (4 are enough).
/// Only an address without `@` qualifies. Nobody wrote these URIs: the
/// scanner leaves them out (`crate::scan`), as it does text that is not
/// a URI.
pub fn obfuscated_address(uri: &[u8], raw: &[u8], after: &[u8]) -> bool {
    if uri.len() <= 7 || !uri[..7].eq_ignore_ascii_case(b"mailto:") || uri.contains(&b'@') {
        return false;
    }
    let spelled = |w: &[u8], word: &[u8]| {
        w.len() == word.len() + 2
            && w[1..w.len() - 1].eq_ignore_ascii_case(word)
            && matches!(
                (w[0], w[w.len() - 1]),
                (b'[', b']') | (b'(', b')') | (b'{', b'}')
            )
            || w.len() == word.len() + 2
                && w[0].is_ascii_whitespace()
                && w[w.len() - 1].is_ascii_whitespace()
                && w[1..w.len() - 1].eq_ignore_ascii_case(word)
    };
    raw.windows(4).any(|w| spelled(w, b"at"))
        || raw.windows(5).any(|w| spelled(w, b"dot"))
        || after.get(..4).is_some_and(|w| spelled(w, b"at"))
}

/// Sections of git's configuration whose subsection is a URL:
/// `credential.<url>.<key>`, `http.<url>.<key>` (git-config(1),
/// "credential.<url>.*", "http.<url>.*") and `url.<base>.insteadOf`.
const GIT_URL_SECTIONS: [&[u8]; 3] = [b"credential.", b"http.", b"url."];

/// True when `before` (the bytes right before a URI, as
/// `urilint::scan::Candidate::context_before` gives them) ends with a git
/// configuration section whose subsection is a URL, at a word start:
/// `credential.https://dev.azure.com.useHttpPath=true` (scalar(1)). The
/// URI runs into the variable name (`.useHttpPath`), which the text does
/// not set apart, so the candidate is a configuration key, not a URI to
/// check.
pub fn git_config_key(before: &[u8]) -> bool {
    GIT_URL_SECTIONS.iter().any(|s| {
        before.len() >= s.len()
            && before[before.len() - s.len()..].eq_ignore_ascii_case(s)
            && before
                .len()
                .checked_sub(s.len() + 1)
                .is_none_or(|i| !before[i].is_ascii_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::{at_did, docker_image, git_config_key, multi_host, obfuscated_address, scp_like};

    /// slidevjs/slidev `BlueSky.vue`: an AT Protocol URI of a DID.
    #[test]
    fn at_protocol_uris_of_a_did() {
        assert!(at_did(
            "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3k44"
        ));
        assert!(at_did("at://did:web:example.com"));
        assert!(!at_did("at://alice.example.com/app.bsky.feed.post/1"));
        assert!(!at_did("at://did:/x") && !at_did("at://did:PLC:x") && !at_did("http://did:plc:x"));
    }

    #[test]
    fn addresses_written_against_harvesters() {
        // (uri, raw): the text with white space removed, as written.
        let o = |uri: &str, raw: &str| obfuscated_address(uri.as_bytes(), raw.as_bytes(), b"");
        assert!(o(
            "mailto:xcbatlists.freedesktop.org",
            "mailto:xcb at lists.freedesktop.org"
        ));
        assert!(o(
            "MAILTO:bugs[at]acme-widgets.net",
            "MAILTO:bugs[at]acme-widgets.net"
        ));
        assert!(o("mailto:a(at)bdotorg", "mailto:a(at)b dot org"));
        assert!(!o("mailto:bug-time.org", "mailto:bug-time.org"));
        assert!(!o("mailto:cat@example.org", "mailto:cat@example.org"));
        assert!(!o("https://a.example/atx", "https://a.example/ at x"));
        // Bare: the URI ends at the name, " at " follows it.
        assert!(obfuscated_address(
            b"mailto:blake",
            b"mailto:blake",
            b" at x"
        ));
        assert!(!obfuscated_address(
            b"mailto:attic",
            b"mailto:attic",
            b" or "
        ));
        assert!(!obfuscated_address(b"mailto:at", b"mailto:at", b"tic"));
    }

    #[test]
    fn host_lists_of_connection_strings() {
        for uri in [
            "mongodb://user:pw@db1.acme-widgets.net:27017,db2.acme-widgets.net:27017/app",
            "postgresql://h1:5432,h2:5432/somedb?target_session_attrs=any",
            "cache+memcached://user:pw@s1:11211;s2:11211/",
            "redis://:pw@h1:6379;h2:6379/0",
        ] {
            assert!(multi_host(uri), "{uri}");
        }
        for uri in [
            "https://a.example:443,b.example:443/",
            "mongodb://h1:27017/db",
            "redis://h1:6379;x y/",
            "mongodb://h1:27017,/db",
        ] {
            assert!(!multi_host(uri), "{uri}");
        }
    }

    #[test]
    fn git_configuration_keys() {
        assert!(git_config_key(b"<dt>credential."));
        assert!(git_config_key(b"git config http."));
        assert!(git_config_key(b"url."));
        assert!(git_config_key(b"[URL."));
        assert!(!git_config_key(b"see "));
        assert!(!git_config_key(b"myurl."));
        assert!(!git_config_key(b"http"));
    }

    /// GitHub Actions' `uses: docker://image:tag` (jupyter-book/mystmd
    /// .github/workflows/python-ci.yml).
    #[test]
    fn docker_image_references() {
        for uri in [
            "docker://python:3.12.7-slim-bookworm",
            "docker://alpine:3.8",
            "docker://ghcr.io/owner/image:latest",
            "docker://localhost:5000/x/y:1.0",
            "docker://alpine@sha256:0123abcd",
            "docker://alpine",
        ] {
            assert!(docker_image(uri), "{uri}");
        }
        for uri in [
            "https://python:3.12.7-slim",
            "docker://",
            "docker://a b:1",
            "docker://x:y z",
        ] {
            assert!(!docker_image(uri), "{uri}");
        }
    }

    #[test]
    fn scp_like_addresses_after_an_ssh_scheme() {
        for uri in [
            // npm-install(1), npm's developers(7), pip's VCS support.
            "git+ssh://git@github.com:npm/cli.git#v1.0.27",
            "git+ssh://user@hostname:project.git#commit-ish",
            "ssh://git@gitlab.example.net:group/repo.git",
            "GIT+SSH://git@github.com:npm/cli",
        ] {
            assert!(scp_like(uri), "{uri}");
        }
        for uri in [
            "ssh://git@github.com:22/npm/cli.git",
            "ssh://git@github.com/npm/cli.git",
            "git+https://github.com:npm/cli.git",
            "https://host:abc/",
            "ssh://[::1]:x/",
            "ssh://:x/",
        ] {
            assert!(!scp_like(uri), "{uri}");
        }
    }
}
