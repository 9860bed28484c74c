//! The `linkify` crate as a command-line extractor, for
//! `benches/compare.sh`: prints every link linkify finds in FILE, one per
//! line, like `urilint extract FILE`.
//!
//! Usage: `linkify_extract [--emails] FILE`
//!
//! linkify works on `&str`, so the whole file is read into memory and
//! converted with `String::from_utf8_lossy` (invalid UTF-8 becomes U+FFFD;
//! no copy when the file is valid UTF-8). By default only URLs with a
//! scheme are reported (`LinkKind::Url`, linkify's default
//! `url_must_have_scheme(true)`), the closest match to what urilint finds;
//! `--emails` adds bare e-mail addresses (`LinkKind::Email`), which
//! urilint does not report (it reports `mailto:` URIs only).
//!
//! Build: `cargo build --release --example linkify_extract`.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use linkify::{LinkFinder, LinkKind};

fn main() -> ExitCode {
    let mut emails = false;
    let mut path = None;
    for arg in std::env::args_os().skip(1) {
        if arg == "--emails" {
            emails = true;
        } else if path.is_none() {
            path = Some(arg);
        } else {
            eprintln!("usage: linkify_extract [--emails] FILE");
            return ExitCode::from(2);
        }
    }
    let Some(path) = path else {
        eprintln!("usage: linkify_extract [--emails] FILE");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("linkify_extract: {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut finder = LinkFinder::new();
    if emails {
        finder.kinds(&[LinkKind::Url, LinkKind::Email]);
    } else {
        finder.kinds(&[LinkKind::Url]);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    for link in finder.links(&text) {
        if writeln!(out, "{}", link.as_str()).is_err() {
            return ExitCode::from(2);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
