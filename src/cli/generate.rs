//! `urilint completions SHELL` and `urilint man` (issue 48): shell
//! completions (clap_complete) and the man page (clap_mangen, roff)
//! generated from the clap definitions of [`super::Cli`], so that they
//! follow the flags. The wheel installs copies of them
//! (`packaging/wheel-data/data/share/...`, pyproject.toml's `[tool.maturin] data`);
//! `tests/it/cli.rs` fails when those differ from what the binary prints.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;

/// The clap command with the package's version alone: the generated files
/// are the same whatever build prints them (a release build's `--version`
/// names the commit too, build.rs).
fn command() -> clap::Command {
    Cli::command().version(env!("CARGO_PKG_VERSION"))
}

/// The completion script for `shell`.
pub(super) fn completions(shell: Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command(), "urilint", &mut buf);
    buf
}

/// The man page, urilint(1) in roff, with a section per subcommand (each
/// one's synopsis, options and examples).
pub(super) fn man() -> std::io::Result<Vec<u8>> {
    let cmd = command();
    let mut buf = Vec::new();
    let page = clap_mangen::Man::new(cmd.clone());
    page.render_title(&mut buf)?;
    page.render_name_section(&mut buf)?;
    page.render_synopsis_section(&mut buf)?;
    page.render_description_section(&mut buf)?;
    page.render_options_section(&mut buf)?;
    page.render_subcommands_section(&mut buf)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        subcommand_section(&mut buf, sub)?;
    }
    page.render_version_section(&mut buf)?;
    // The subcommands are sections of this page, not pages of their own.
    let mut text = String::from_utf8_lossy(&buf).into_owned();
    for sub in cmd.get_subcommands() {
        let name = sub.get_name();
        text = text.replace(
            &format!("\nurilint\\-{}(1)\n", name.replace('-', "\\-")),
            &format!("\n\\fBurilint {name}\\fR (below)\n"),
        );
    }
    Ok(text.into_bytes())
}

/// One subcommand in the page: `.SH "URILINT NAME"`, its synopsis, about,
/// options and after-help text (the examples), as clap_mangen renders a
/// page of its own for it, less the title.
fn subcommand_section(buf: &mut Vec<u8>, sub: &clap::Command) -> std::io::Result<()> {
    let name = format!("urilint {}", sub.get_name());
    let sub = sub.clone().bin_name(name.clone());
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(sub);
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    man.render_extra_section(&mut page)?;
    // Its sections one level down: `.SH` becomes `.SS`, under one `.SH`.
    let text = String::from_utf8_lossy(&page)
        .replace("\n.SH ", "\n.SS ")
        .replace("\n.SS EXTRA\n", "\n.SS NOTES\n");
    let text = text
        .strip_prefix(".SH ")
        .map_or(text.clone(), |rest| format!(".SS {rest}"));
    writeln!(buf, ".SH \"{}\"", name.to_uppercase())?;
    buf.extend_from_slice(text.as_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shell_completes_every_subcommand() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let text = String::from_utf8(completions(shell)).unwrap();
            for sub in ["extract", "check", "rewrite", "site", "completions", "man"] {
                assert!(text.contains(sub), "{shell}: no {sub}");
            }
        }
    }

    #[test]
    fn the_man_page_has_each_subcommand_and_its_examples() {
        let text = String::from_utf8(man().unwrap()).unwrap();
        assert!(text.starts_with(".ie \\n(.g .ds Aq"), "{}", &text[..80]);
        assert!(text.contains(".TH urilint 1"));
        assert!(text.contains(".SH \"URILINT CHECK\""));
        assert!(text.contains("\\-\\-exit\\-zero"));
        // An example of check's after-help text.
        assert!(text.contains("SARIF 2.1.0 for code scanning"));
    }
}
