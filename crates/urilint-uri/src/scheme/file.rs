//! `S3xx`: the `file` scheme (RFC 8089 section 2, which obsoletes RFC
//! 1738 section 3.10).
//!
//! ```text
//! file-URI       = file-scheme ":" file-hier-part
//! file-hier-part = ( "//" auth-path ) / local-path
//! auth-path      = [ file-auth ] path-absolute
//! local-path     = path-absolute
//! file-auth      = "localhost" / host
//! ```
//!
//! So the authority is a host alone (no userinfo, no port), the path is
//! absolute, and there is no query. RFC 8089 Appendix E lists
//! non-standard forms: the UNC form `file:////host/share` (E.3.2) is
//! accepted here, since implementations agree on it; the drive letter
//! without a slash (`file:c:/x`, E.2) is reported, as the ABNF rejects it.
//!
//! One convention that is not RFC 8089 but universal in command-line
//! documentation is recognised and not reported: a relative file name in
//! the place of the host and nothing after it, `file://policy.json`, as
//! the AWS CLI (`--cli-input-json file://input.json`) and tools modelled
//! on it read parameters from files, or one word there
//! (`file://filename`, perf's manual) ([`cli_file_name`]).
//!
//! This module owns those rules. The host is not checked as a DNS name:
//! RFC 8089 allows any RFC 3986 `host`.

use super::{SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S301`: userinfo or a port in a file URI.
pub(super) const FILE_AUTHORITY: SchemeRule = SchemeRule {
    code: "S301",
    name: "file-authority",
    schemes: &["file"],
    summary: "the authority of a file URI has userinfo or a port; file-auth is \"localhost\" or a host alone",
    source: "RFC 8089 section 2 (file-auth)",
};

/// `S302`: a file URI whose path is not absolute.
pub(super) const FILE_PATH_NOT_ABSOLUTE: SchemeRule = SchemeRule {
    code: "S302",
    name: "file-path-not-absolute",
    schemes: &["file"],
    summary: "the path of a file URI is empty or does not start with '/' (the AWS CLI convention file://name.json, a file name where the host goes, is not reported)",
    source: "RFC 8089 section 2 (path-absolute) and Appendix E.2",
};

/// `S303`: a query in a file URI.
pub(super) const FILE_QUERY: SchemeRule = SchemeRule {
    code: "S303",
    name: "file-query",
    schemes: &["file"],
    summary: "a query ('?') in a file URI, whose syntax has none; '?' in a file name must be encoded as %3F",
    source: "RFC 8089 section 2 (file-URI)",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[FILE_AUTHORITY, FILE_PATH_NOT_ABSOLUTE, FILE_QUERY];

/// Checks a file URI.
pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    if let Some(r) = &c.userinfo {
        out.push(Violation::new(
            &FILE_AUTHORITY,
            r.start,
            "a file URI has no userinfo: file-auth is \"localhost\" or a host (RFC 8089 section 2)"
                .to_string(),
        ));
    }
    if let Some(r) = &c.port {
        out.push(Violation::new(
            &FILE_AUTHORITY,
            r.start.saturating_sub(1),
            "a file URI has no port: file-auth is \"localhost\" or a host (RFC 8089 section 2)"
                .to_string(),
        ));
    }
    let path = uri.path();
    let cli_convention = path.is_empty() && cli_file_name(uri.host().unwrap_or(""));
    if !path.starts_with('/') && !cli_convention {
        let message = if path.is_empty() {
            "the path of a file URI must be absolute, but it is empty: write 'file:///path' or 'file://host/path' (RFC 8089 section 2)".to_string()
        } else if path
            .as_bytes()
            .get(1)
            .is_some_and(|&b| b == b':' || b == b'|')
        {
            "a drive letter without a leading '/' is a non-standard form; write 'file:///c:/...' (RFC 8089 section 2 and Appendix E.2)".to_string()
        } else {
            "the path of a file URI must be absolute (start with '/') (RFC 8089 section 2)"
                .to_string()
        };
        out.push(Violation::new(
            &FILE_PATH_NOT_ABSOLUTE,
            c.path.start,
            message,
        ));
    }
    if let Some(r) = &c.query {
        out.push(Violation::new(
            &FILE_QUERY,
            r.start.saturating_sub(1),
            "the file URI syntax has no query; a '?' in a file name must be encoded as %3F (RFC 8089 section 2)".to_string(),
        ));
    }
}

/// File name extensions that make `file://NAME.EXT` the command-line
/// convention for "read this parameter from the file NAME.EXT" (the AWS
/// CLI's `file://policy.json`) rather than a host.
const CLI_FILE_EXTENSIONS: &[&str] = &[
    "json",
    "yaml",
    "yml",
    "txt",
    "xml",
    "pem",
    "crt",
    "cer",
    "key",
    "der",
    "p12",
    "pfx",
    "zip",
    "csv",
    "tsv",
    "sh",
    "ps1",
    "py",
    "js",
    "html",
    "htm",
    "md",
    "toml",
    "ini",
    "conf",
    "cfg",
    "jpg",
    "jpeg",
    "png",
    "gif",
    "svg",
    "pdf",
    "bin",
    "gz",
    "tgz",
    "tar",
    "jar",
    "war",
    "sql",
    "log",
    "env",
    "properties",
    "template",
    "tpl",
    "j2",
    "hcl",
    "tf",
    "tfvars",
    "asl",
    // Sounds, videos, images and fonts an app loads by name (a
    // notification's `sound: 'file://beep.caf'` in cordova-plugin-local-
    // notifications' usage, ionic-team/ionic-docs).
    "mp3",
    "m4a",
    "wav",
    "ogg",
    "oga",
    "caf",
    "aac",
    "flac",
    "aiff",
    "mp4",
    "m4v",
    "mov",
    "webm",
    "avi",
    "mkv",
    "webp",
    "bmp",
    "ico",
    "tif",
    "tiff",
    "ttf",
    "otf",
    "woff",
    "woff2",
];

/// True when `host`, the authority of a file URI with an empty path, is a
/// file name (`policy.json`, `cert.pem`): a name with a dot whose last
/// part is a common file extension (ASCII case-insensitive), or one word
/// without a dot other than `localhost` (`file://filename` in perf's
/// manual, `file://path` in npm's sources, `file://Makefile`): no DNS
/// host is written so, and the convention reads it as a file name.
pub(crate) fn cli_file_name(host: &str) -> bool {
    if !host.is_empty()
        && !host.contains(['.', '[', '%'])
        && !host.eq_ignore_ascii_case("localhost")
    {
        return true;
    }
    match host.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => CLI_FILE_EXTENSIONS
            .iter()
            .any(|e| e.eq_ignore_ascii_case(ext)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn valid() {
        assert_valid(&[
            // RFC 8089 Appendix B
            "file:///path/to/file",
            "file:/path/to/file",
            "file://host.example.com/path/to/file",
            // RFC 8089 Appendix E.2 (with the slash) and E.3.2 (UNC)
            "file:///c:/path/to/file.txt",
            "file:////host.example.com/path/to/file",
            "file://localhost/etc/fstab",
            // RFC 1738 section 3.10
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            "file:///",
            "file:///x#frag",
        ]);
    }

    /// A sound an app loads by name (ionic-team/ionic-docs
    /// `scripts/data/native.json`, a code sample of
    /// cordova-plugin-local-notifications): the `file://name` convention.
    #[test]
    fn media_file_names_in_the_host() {
        assert_valid(&["file://sound.mp3", "file://beep.caf", "file://intro.mov"]);
        assert_eq!(found("file://example.org"), vec![("S302", 18)]);
    }

    #[test]
    fn authority() {
        assert_eq!(found("file://user@host/x"), vec![("S301", 7)]);
        assert_eq!(found("file://host:21/x"), vec![("S301", 11)]);
        assert_eq!(found("file://host:/x"), vec![("S301", 11)]);
    }

    #[test]
    fn path() {
        assert_eq!(found("file://localhost"), vec![("S302", 16)]);
        // The AWS CLI convention: a file name where the host goes.
        assert_valid(&["file://policy.json", "file://Certificate.PEM"]);
        // One word: perf-report(1)'s `--dsos file://filename`.
        assert_valid(&["file://filename", "file://path"]);
        assert_eq!(found("file://example.org"), vec![("S302", 18)]);
        assert_eq!(found("file:c:/path/to/file"), vec![("S302", 5)]);
        assert_eq!(found("file:notes.txt"), vec![("S302", 5)]);
        assert_eq!(found("file:"), vec![("S302", 5)]);
    }

    #[test]
    fn query() {
        assert_eq!(found("file:///a?b"), vec![("S303", 9)]);
    }
}
