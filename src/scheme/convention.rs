//! Conventions that are not RFC 3986 but universal in the documentation of
//! one tool family, recognised so that `check` does not report them by
//! default (issue 14: "a rule on by default must be right nearly always on
//! real text").
//!
//! This module owns the scp-like address of git and npm written after an
//! ssh scheme ([`scp_like`]) and git's configuration keys that hold a URL
//! ([`git_config_key`]). The other conventions live with their scheme:
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
    let Some((scheme, rest)) = uri.split_once("://") else {
        return false;
    };
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

/// Sections of git's configuration whose subsection is a URL:
/// `credential.<url>.<key>`, `http.<url>.<key>` (git-config(1),
/// "credential.<url>.*", "http.<url>.*") and `url.<base>.insteadOf`.
const GIT_URL_SECTIONS: [&[u8]; 3] = [b"credential.", b"http.", b"url."];

/// True when `before` (the bytes right before a URI, as
/// [`crate::scan::Candidate::context_before`] gives them) ends with a git
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
    use super::{git_config_key, scp_like};

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
