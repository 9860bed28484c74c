//! Tests of where a bare URI ends at a line break or a bracket: obfuscated
//! mail addresses, hard-wrapped URIs rejoined, comment lines, an attribute
//! value read as one reference.

use super::*;

/// Mailman's address obfuscation (`mailto:user at lists.example.org`), and
/// the `[at]` of READMEs: not URIs, left out by the scanner, also when
/// the ` at ` after a bare one comes in the next chunk.
#[test]
fn obfuscated_mail_addresses_are_not_uris() {
    let text: &[u8] = b"Cc: u at lists.example.org<mailto:u at\n lists.example.org> <mailto:a@b.example>\nmailto:blake at x.example or mailto:attic <mailto:xcb [at] lists.example>";
    for chunk in [1, 3, 7, 16, 64, 4096] {
        let opts = ScanOptions {
            chunk_size: chunk,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(text, opts);
        let mut kept = Vec::new();
        while let Ok(Some(Found::Uri(c))) = s.next_found() {
            kept.push(c.text().to_string());
        }
        assert_eq!(
            kept,
            ["mailto:a@b.example", "mailto:attic"],
            "chunk {chunk}"
        );
    }
}

/// A `[` right after a host ends a bare URI (an AsciiDoc macro's text,
/// also quoted in Ruby comments of asciidoctor/asciidoctor's
/// lib/asciidoctor/rx.rb); after a path or in a query it stays, and an
/// IP-literal host is whole.
#[test]
fn bracket_after_the_host_ends_a_bare_uri() {
    assert_eq!(
        uris("#   link:https://github.com[]"),
        ["https://github.com"]
    );
    assert_eq!(
        uris("see https://example.org[Example] now"),
        ["https://example.org"]
    );
    // Quoted too (rx.rb:520, `#   "https://github.com[]"`); a quoted URI
    // with a bracket in its path keeps it.
    assert_eq!(uris("#   \"https://github.com[]\""), ["https://github.com"]);
    assert_eq!(uris("\"http://a.example/x[1]\""), ["http://a.example/x[1]"]);
    assert_eq!(
        uris("http://a.example/x?a[]=1 ok"),
        ["http://a.example/x?a[]=1"]
    );
    assert_eq!(
        uris("http://[2001:db8::1]:80/ ok"),
        ["http://[2001:db8::1]:80/"]
    );
    assert_eq!(
        uris("ssh://user@[2001:db8::1]:22/r.git"),
        ["ssh://user@[2001:db8::1]:22/r.git"]
    );
}

/// The URIs of `input` with [`ScanOptions::join_wrapped_lines`], whole and
/// in chunks of several small sizes (all must agree), and whether each was
/// joined across a hard wrap.
pub(super) fn wrapped_uris(input: &str) -> Vec<(String, bool)> {
    let run = |chunk: usize| {
        let opts = ScanOptions {
            chunk_size: chunk,
            join_wrapped_lines: true,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(input.as_bytes(), opts);
        let mut out = Vec::new();
        while let Some(f) = s.next_found().expect("reading a slice cannot fail") {
            if let Found::Uri(c) = f {
                assert_eq!(c.wrapped(), c.wrapped() && c.broken());
                out.push((c.text().to_string(), c.wrapped()));
            }
        }
        out
    };
    let whole = run(1 << 20);
    for chunk in [1, 2, 3, 7, 64] {
        assert_eq!(run(chunk), whole, "chunk size {chunk}: {input:?}");
    }
    whole
}

#[test]
fn hard_wrapped_bare_uris_are_rejoined() {
    // usrp-users, 2023: a GitHub link cut in mid-word at the fill width,
    // under a reply prefix (`> `) and without one.
    let cut = "https://github.com/EttusResearch/uhd/blob/master/host/lib/usrp/sensorhandl";
    let whole =
        "https://github.com/EttusResearch/uhd/blob/master/host/lib/usrp/sensorhandler.hpp#L497";
    for text in [
        format!("See the code at\n> {cut}\n> er.hpp#L497 for details.\n"),
        format!("See the code at\n{cut}\ner.hpp#L497 for details.\n"),
        format!("See the code at\r\n>> {cut}\r\n>> er.hpp#L497.\r\n"),
        // A space left before the break (quoted-printable `=20`).
        format!("See the code at\n> {cut} \n> er.hpp#L497 for details.\n"),
    ] {
        assert_eq!(
            wrapped_uris(&text),
            vec![(whole.to_string(), true)],
            "{text:?}"
        );
    }
    // Cut before a `/`, the path alone on the next line (linux-uvc-devel,
    // 2006).
    let text = "[1] http://www.linuxtv.org/downloads/video4linux/patches/2.6.14\n/v4l_813_replaced_obsolete_video_get_drvdata_and_video_set_drvdata.patch\n";
    assert_eq!(
        wrapped_uris(text)[0].0,
        "http://www.linuxtv.org/downloads/video4linux/patches/2.6.14/v4l_813_replaced_obsolete_video_get_drvdata_and_video_set_drvdata.patch"
    );
    // Cut after a `/` (open-iscsi, 2021; the mapnik-devel archive).
    let text = "Rather than writing code, see https://github.com/oVirt/vdsm/blob/master/tests/storage/stress/\ninitiator.py\n";
    assert_eq!(
        wrapped_uris(text)[0].0,
        "https://github.com/oVirt/vdsm/blob/master/tests/storage/stress/initiator.py"
    );
    // A query cut: `SHE` + `LF=DFHJSH02` (comp.lang.cobol, 1990s).
    let text = "http://www.example.com/cgi-bin/bookmgr/bookmgr.cmd/BOOKS/DFHJAP90/CONTENTS?SHE\nLF=DFHJSH02 ok\n";
    assert_eq!(
        wrapped_uris(text)[0].0,
        "http://www.example.com/cgi-bin/bookmgr/bookmgr.cmd/BOOKS/DFHJAP90/CONTENTS?SHELF=DFHJSH02"
    );
    // Three lines.
    let text = format!("{cut}\n{}\n{}\n", "a".repeat(59) + "/b", "c/d.html");
    let joined = wrapped_uris(&text);
    assert_eq!(joined.len(), 1);
    assert!(joined[0]
        .0
        .ends_with(&format!("{}/bc/d.html", "a".repeat(59))));
}

#[test]
fn line_breaks_that_end_a_bare_uri_stay() {
    let long = "https://groups.google.com/d/msgid/open-iscsi/20220802-173945-abcdef-ghijkl";
    assert!(long.len() >= 60 && long.len() <= 100);
    for next in [
        "Reviewed-by: Lee Duncan <lduncan@suse.com>",
        "the rest of the sentence.",
        "e.g. this one",
        "------------- next part -------------",
        "/--------- L.WILLMS@jpberlin.de",
        "webmaster@example.org",
        " index.html (indented)",
        "",
        "https://next.example/",
        "__init__.py",
        // vitejs/vite playground/css/vite.config.js; vuejs/docs _redirects.
        "globalThis.location = new URL('http://localhost/')",
        "/guide/list.html                    https://v2.vuejs.org/v2/guide/list.html",
    ] {
        let text = format!("{long} \n{next}\n");
        assert_eq!(
            wrapped_uris(&text)[0],
            (long.to_string(), false),
            "{next:?}"
        );
        let text = format!("{long}\n{next}\n");
        let got = wrapped_uris(&text);
        assert_eq!(got[0], (long.to_string(), false), "{next:?}");
    }
    // Text after the URI on its line.
    assert!(!wrapped_uris(&format!("{long} x\nindex.html\n"))[0].1);
    // A short line: text that is not wrapped at a fill width.
    assert_eq!(
        wrapped_uris("see http://www.example.org/a/\nindex.html\n")[0],
        ("http://www.example.org/a/".to_string(), false)
    );
    // A line longer than any fill width.
    let text = format!(
        "{}\nindex.html\n",
        "https://example.org/".to_string() + &"x".repeat(100)
    );
    assert!(!wrapped_uris(&text)[0].1);
    // Trailing punctuation ends the URI, and a different reply prefix
    // is another writer's line.
    assert!(!wrapped_uris(&format!("{long}.\nindex.html\n"))[0].1);
    assert!(!wrapped_uris(&format!("> {long}\n>> index.html\n"))[0].1);
    // Off by default.
    assert_eq!(
        uris(&format!("{long}\nindex.html\n")),
        vec![long.to_string()]
    );
}

/// What the scanner finds in `<value>` with
/// [`ScanOptions::whole_reference`] (an HTML attribute's value, as
/// `run::decoded` gives it), at several chunk sizes: (text, raw, relative).
pub(super) fn whole_reference(value: &str) -> Vec<(String, String, bool)> {
    let input = format!("<{value}>");
    let opts = ScanOptions {
        relative_in_angle: true,
        keep_spaces_in_angle: true,
        whole_reference: true,
        ..ScanOptions::default()
    };
    at_chunk_sizes(&input, &opts, |c| {
        let start = c.span().start as usize;
        assert_eq!(
            &input.as_bytes()[start..start + c.raw().len()],
            c.raw().as_bytes()
        );
        (c.text().to_string(), c.raw().to_string(), c.relative())
    })
}

#[test]
fn an_attribute_value_is_one_reference_as_a_browser_reads_it() {
    let one = |t: &str, relative| vec![(t.to_string(), t.to_string(), relative)];
    // A value of one word names a file (`[MIT](LICENSE)`, issue 46); the
    // same word in angle brackets in text is none.
    assert_eq!(whole_reference("LICENSE"), one("LICENSE", true));
    assert_eq!(whole_reference("a@b"), []);
    // phishing_pot sample-609: `href="mailto:&lt;addr&gt;"`, which the
    // delimiting rules would end at the inner `<`.
    assert_eq!(
        whole_reference("mailto:<accaccess-esp@hotmail.com>"),
        one("mailto:<accaccess-esp@hotmail.com>", false)
    );
    assert_eq!(
        whole_reference("https://x.example/a<b>\"c"),
        one("https://x.example/a<b>\"c", false)
    );
    // A line break in the value is no part of the URL (the URL parser
    // drops it); the raw text keeps it.
    assert_eq!(
        whole_reference("mailto:<a@b.example\n>"),
        vec![(
            "mailto:<a@b.example>".to_string(),
            "mailto:<a@b.example\n>".to_string(),
            false
        )]
    );
    // Undeclared quoted-printable (phishing_pot sample-2473): a relative
    // reference to a browser, not the URI inside it.
    assert_eq!(whole_reference("3D\"http://www.pyramidci.com/\""), []);
    assert_eq!(whole_reference("'http://q.example/'"), []);
    // A relative reference that is one is found whole, as before.
    assert_eq!(
        whole_reference("../guide/page.html#x"),
        one("../guide/page.html#x", true)
    );
    // A template expression is read as text (Hugo's header.html).
    assert_eq!(
        whole_reference("{{ printf `https://github.com/gohugoio/hugo/releases/tag/v%s` . }}"),
        one("https://github.com/gohugoio/hugo/releases/tag/v%s", false)
    );
    // A script is read as text.
    assert_eq!(
        whole_reference("javascript:window.open('http://j.example/')"),
        one("http://j.example/", false)
    );
    // Values without `<`, `>` or `"` go the usual way.
    assert_eq!(
        whole_reference("http://a.example/x y"),
        vec![(
            "http://a.example/x y".to_string(),
            "http://a.example/x y".to_string(),
            false
        )]
    );
}

/// A quoted CSV field holding two URIs on two lines
/// (tauri-apps/tauri-docs public/tauri-community-survey-2022-data.csv):
/// the second line starts another URI, not the rest of the first; in
/// `<...>` the same.
#[test]
fn a_line_starting_with_a_scheme_starts_another_uri() {
    assert_eq!(
        uris("yes,\"https://git.kaki87.net/KaKi87/scraper-instagram-gui-desktop\nhttps://git.kaki87.net/KaKi87/tauri-update-server\",c\n"),
        [
            "https://git.kaki87.net/KaKi87/scraper-instagram-gui-desktop",
            "https://git.kaki87.net/KaKi87/tauri-update-server"
        ]
    );
    assert_eq!(
        uris("<http://a.example/x\nhttp://b.example/y>"),
        ["http://a.example/x", "http://b.example/y"]
    );
    // A broken URI whose rest holds no scheme is still joined.
    assert_eq!(uris("<http://a.example/x\n/y>"), ["http://a.example/x/y"]);
}

/// A program's comment ending in a URI, code on the next line
/// (after vitest-dev/vitest packages/expect/src/jest-asymmetric-matchers.ts,
/// its comment reworded):
/// not a hard wrap.
#[test]
fn a_comment_line_is_not_hard_wrapped() {
    let code = "// Upstream: https://github.com/microsoft/TypeScript/issues/61068\nAsymmetricMatcher.prototype[Symbol.for('chai/inspect')] = function () {}\n";
    assert_eq!(
        wrapped_uris(code),
        [(
            "https://github.com/microsoft/TypeScript/issues/61068".to_string(),
            false
        )]
    );
}

/// A URL ending in `-` at the end of a program's comment, code on the
/// next line (kubernetes-sigs/kind `pkg/internal/apis/config/default.go`
/// lines 67-69, fixtures/defaults/kind-default-63-69.go): the code is not
/// the URL's rest (issue 46). A next line that repeats the comment's
/// prefix goes on; other prefixes and indents do not.
#[test]
fn a_hyphen_at_the_end_of_a_comment_goes_on_only_in_the_comment() {
    let kind = "\t\t\t// xref: https://www.ripe.net/publications/docs/ripe-690#4--size-of-end-user-prefix-assignment---48---56-or-something-else-\n\t\t\tobj.Networking.PodSubnet = \"fd00:10:244::/56\"\n";
    let found = scan(kind);
    assert!(!found.is_empty());
    assert_eq!(
        found[0].text,
        "https://www.ripe.net/publications/docs/ripe-690#4--size-of-end-user-prefix-assignment---48---56-or-something-else-"
    );
    assert!(!found[0].broken);
    // The same comment prefix: one URI across the two lines.
    assert_eq!(
        uris("  // see https://a.example/long-\n  // path/x then\n"),
        ["https://a.example/long-path/x"]
    );
    assert_eq!(
        uris("# see https://a.example/long-\n# path\n"),
        ["https://a.example/long-path"]
    );
    assert_eq!(
        uris("-- https://a.example/x-\n-- y\n"),
        ["https://a.example/x-y"]
    );
    // Another prefix, another indent, code, a blank comment line: no.
    for text in [
        "// see https://a.example/long-\n# path\n",
        "  // see https://a.example/long-\n    // path\n",
        "// see https://a.example/long-\npath = 1\n",
        "// see https://a.example/long-\n//  path\n",
        "// see https://a.example/long-\n//\n",
    ] {
        assert_eq!(uris(text), ["https://a.example/long-"], "{text:?}");
    }
    // Prose and Markdown lists go on as before.
    assert_eq!(
        uris("see https://a.example/long-\n  path\n"),
        ["https://a.example/long-path"]
    );
    assert_eq!(
        uris("* see https://a.example/long-\n  path\n"),
        ["https://a.example/long-path"]
    );
}

/// A next line that starts with a key (`word:` and white space) is that
/// line's own field, not a URI's rest: knative/docs
/// `code-samples/community/serving/helloworld-elixir/assets/brunch-config.js`
/// lines 13-14 (issue 46, round 7), commented-out code under a comment's
/// URL that ends in `-`; the same in prose and in YAML.
#[test]
fn a_hyphen_break_does_not_go_on_into_a_key() {
    let knative = "      // To use a separate vendor.js bundle, specify two files path\n      // http://brunch.io/docs/config#-files-\n      // joinTo: {\n      //  \"js/app.js\": /^(web\\/static\\/js)/,\n";
    assert_eq!(uris(knative), ["http://brunch.io/docs/config#-files-"]);
    let found = scan(knative);
    assert!(found.iter().all(|c| c.alternatives.is_empty() && !c.broken));
    for text in [
        "see https://a.example/x-\nNote: more\n",
        "url: https://a.example/x-\nkey.sub_1: v\n",
        "see https://a.example/x-\nNote:",
    ] {
        assert_eq!(uris(text), ["https://a.example/x-"], "{text:?}");
    }
    // A scheme, a colon inside the word, a path: the URI goes on.
    assert_eq!(
        uris("see https://a.example/x-\ny:z\n"),
        ["https://a.example/x-y:z"]
    );
    assert_eq!(
        uris("see https://a.example/x-\ny/z: w\n"),
        ["https://a.example/x-y/z"]
    );
}

/// A `## ` comment is a comment: the URL ending it is not hard-wrapped
/// into the commented-out code below (asciidoctor/asciidoctorj
/// `chocolatey/tools/chocolateyuninstall.ps1` lines 7-8; issue 46, round
/// 8), nor into the line after a Markdown heading.
#[test]
fn a_run_of_hashes_is_a_comment_marker() {
    let choco = "## OTHER HELPERS\n## https://github.com/chocolatey/choco/wiki/HelpersReference\n#Uninstall-ChocolateyZipPackage\n#Uninstall-BinFile # Only needed\n";
    assert_eq!(
        uris(choco),
        ["https://github.com/chocolatey/choco/wiki/HelpersReference"]
    );
    assert_eq!(
        uris("### https://example.org/a/very/long/path/that/goes/on/and/on/and/on/x\nnext/line.html\n"),
        ["https://example.org/a/very/long/path/that/goes/on/and/on/and/on/x"]
    );
    // The same `## ` prefix on the next line goes on after a hyphen.
    assert_eq!(
        uris("## see https://a.example/long-\n## path\n"),
        ["https://a.example/long-path"]
    );
}

/// Issue 46, round 5: every rule that joins lines in a program's comment
/// goes on only after the same comment prefix. A URL ending a `///`
/// comment, `#ifndef` on the next line (sst/sst,
/// fixtures/defaults/sst-win32-window-10-17.cpp); a doc comment's code
/// span wrapped onto the next comment line (rust-lang/rust-analyzer,
/// fixtures/defaults/rust-analyzer-path-78-86.rs); `<...>` across two
/// lines of the same comment is one URI without the second prefix.
#[test]
fn comment_lines_join_only_after_their_prefix() {
    let cpp = "/// version 10.0.22000.0.\n/// See: https://docs.microsoft.com/windows/win32/api/dwmapi/ne-dwmapi-dwmwindowattribute\n#ifndef DWMWA_USE_IMMERSIVE_DARK_MODE\n";
    assert_eq!(
        uris(cpp),
        ["https://docs.microsoft.com/windows/win32/api/dwmapi/ne-dwmapi-dwmwindowattribute"]
    );
    let rust = "    /// Bounds for the associated type, like in `Iterator<Item:\n    /// SomeOtherTrait>`. (This is the unstable `associated_type_bounds`\n";
    assert!(uris(rust).is_empty(), "{:?}", uris(rust));
    assert_eq!(
        uris("/// see <https://a.example/long/\n/// path/x.html>\n"),
        ["https://a.example/long/path/x.html"]
    );
    assert_eq!(
        uris("// see <https://a.example/long/\nlet x = path/x.html>\n"),
        ["https://a.example/long/"]
    );
    // In a code span with `//`: still a URI.
    assert_eq!(
        uris("/// Fetch `https://a.example/x` first\n"),
        ["https://a.example/x"]
    );
    assert!(uris("/// the `<urn:x>` form\n").is_empty());
}

/// Issue 49: a Gerrit URL cut after `docs/+` (an OpenBMC reply, 2021:
/// `>Recently a design document [https://.../docs/+` then `>/27804]
/// merged to ...`) goes on with `/27804` though text follows it on that
/// line: a `+` ends no path segment, and the `]` closes the bracket the
/// URI was opened in. Under a reply prefix and in plain text alike.
#[test]
fn a_path_cut_after_a_plus_or_in_brackets_is_joined() {
    let whole = "https://gerrit.openbmc-project.xyz/c/openbmc/docs/+/27804";
    for text in [
        ">Recently a design document [https://gerrit.openbmc-project.xyz/c/openbmc/docs/+\n>/27804] merged to enable the hardware isolation\n",
        "Recently a design document [https://gerrit.openbmc-project.xyz/c/openbmc/docs/+\n/27804] merged to enable the hardware isolation\n",
        "Recently a design document (https://gerrit.openbmc-project.xyz/c/openbmc/docs/+\n/27804) merged to enable the hardware isolation\n",
        "> Recently a design document: https://gerrit.openbmc-project.xyz/c/openbmc/docs/+\n> /27804 merged to enable the hardware isolation\n",
    ] {
        assert_eq!(
            wrapped_uris(text)[0],
            (whole.to_string(), true),
            "{text:?}"
        );
    }
    // A table row after a URI that ends otherwise stays a row; a bracket
    // the word does not close, or prose after the `+`, is not joined.
    let long = "https://gerrit.openbmc-project.xyz/c/openbmc/docs/+/27804/8/a";
    for text in [
        format!("{long}\n/guide/list.html     https://v2.vuejs.org/v2/guide/list.html\n"),
        format!("[{long}\n/guide/list.html     https://v2.vuejs.org/\n"),
        "Recently a design document: https://gerrit.openbmc-project.xyz/c/openbmc/docs/+\nthe rest of it\n".to_string(),
        // A number after the `+` may be prose (`2021 was ...`): not taken.
        "Recently a design document: https://gerrit.openbmc-project.xyz/c/openbmc/docs/+\n27804 was merged\n".to_string(),
    ] {
        assert!(!wrapped_uris(&text)[0].1, "{text:?}");
    }
}

/// A line of a `key=value` file above another is not hard-wrapped text:
/// spring-projects/spring-batch's
/// `spring-batch-samples/.../remotestep/remote-step-sample.properties`
/// lines 2-3 (issue 46, round 11). Prose whose wrapped URL goes on with a
/// query's `name=value` is still joined.
#[test]
fn a_key_value_line_is_not_wrapped_into_the_next() {
    let spring = "broker.url=tcp://localhost:61617\nspring.datasource.url=jdbc:postgresql://localhost:5432/postgres\nspring.datasource.username=postgres\nspring.datasource.password=postgres\n";
    assert_eq!(
        wrapped_uris(spring),
        [
            ("tcp://localhost:61617".to_string(), false),
            (
                "jdbc:postgresql://localhost:5432/postgres".to_string(),
                false
            )
        ]
    );
    let prose = "The search page is at https://search.example.org/results/all?topic=uris&\nlang=en for the curious reader.\n";
    assert_eq!(
        wrapped_uris(prose),
        [(
            "https://search.example.org/results/all?topic=uris&lang=en".to_string(),
            true
        )]
    );
}
