//! Tests of reading, finding and layering configuration files.

use std::path::Path;

use super::*;
use crate::grammar::Grammar;

fn parse(text: &str) -> Result<Config, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let path = dir.path().join("urilint.toml");
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    load(&path).map_err(|e| e.to_string())
}

#[test]
fn reads_every_key() {
    let c = parse(
        "grammar = \"rfc2396\"\nmax-uri-len = 100\nselect = [\"U\"]\nextend-select = [\"D006\"]\n\
         ignore = [\"U002\"]\nexclude-uris = ['^http://localhost']\n\
         [[overrides]]\nfiles = [\"*.mbox\"]\nignore = [\"U\"]\n",
    )
    .expect("valid");
    assert_eq!(c.grammar.as_deref(), Some("rfc2396"));
    assert_eq!(c.overrides.len(), 1);
    let s = Settings::from_config(c, Some(PathBuf::from("/r")), None).expect("valid");
    assert_eq!((s.grammar, s.max_uri_len), (Grammar::Rfc2396, 100));
    let linter = s.linter().expect("valid");
    assert!(linter.rules.enabled("U001") && !linter.rules.enabled("U002"));
    assert!(linter.rules.enabled("D006") && !linter.rules.enabled("N001"));
    assert!(linter.excluded("http://localhost:8080/"));
    let mbox = linter
        .per_path
        .rules_for(Path::new("/r/x/y.mbox"))
        .expect("override");
    assert!(!mbox.enabled("U001") && mbox.enabled("D006"));
    assert!(linter.per_path.rules_for(Path::new("/r/x/y.txt")).is_none());
}

#[test]
fn errors_name_the_problem() {
    let e = parse("selct = [\"U\"]\n").expect_err("unknown key");
    assert!(
        e.contains("urilint.toml") && e.contains("line 1, column 1") && e.contains("selct"),
        "{e}"
    );
    let e = parse("ignore = [\"Q9\"]\n").expect_err("unknown rule");
    assert!(e.contains("unknown rule selector 'Q9'"), "{e}");
    let e = parse("grammar = \"rfc1\"\n").expect_err("unknown grammar");
    assert!(e.contains("unknown grammar 'rfc1'"), "{e}");
    let e = parse("exclude-uris = ['(']\n").expect_err("bad regex");
    assert!(e.contains("exclude-uris"), "{e}");
    let e = parse("max-uri-len = \"big\"\n").expect_err("bad type");
    assert!(e.contains("line 1"), "{e}");
}

#[test]
fn bad_values_have_a_line_and_column() {
    let e = parse("max-uri-len = 10\nignore = [\"N\", \"Q9\"]\n").expect_err("rule");
    assert!(
        e.contains("urilint.toml: line 2, column 16: unknown rule selector 'Q9'"),
        "{e}"
    );
    let e = parse("\n  grammar = \"rfc1\"\n").expect_err("grammar");
    assert!(
        e.contains("line 2, column 13: unknown grammar 'rfc1'"),
        "{e}"
    );
    let e = parse("exclude-uris = ['^a', \n  '(']\n").expect_err("regex");
    assert!(
        e.contains("line 2, column 3: exclude-uris: invalid regex: unclosed group"),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");
    let e =
        parse("[[overrides]]\nfiles = [\"*.md\", \"a/[b\"]\nignore = [\"N\"]\n").expect_err("glob");
    assert!(
        e.contains("line 2, column 18: overrides: invalid glob 'a/[b'"),
        "{e}"
    );
    let e =
        parse("[[overrides]]\nfiles = [\"*.md\"]\nselect = [\"é1\"]\n").expect_err("override rule");
    assert!(
        e.contains("line 3, column 11: unknown rule selector 'é1'"),
        "{e}"
    );
    // Columns count characters, not bytes.
    let e = parse("overrides = [{ files = [\"é.md\"], ignore = [\"zz\"] }]\n").expect_err("rule");
    assert!(
        e.contains("line 1, column 44: unknown rule selector 'zz'"),
        "{e}"
    );
}

/// The memo gives what [`discover`] gives, for every directory it
/// looked into on the way up (a tree's directories share ancestors).
#[test]
fn discovery_memo_agrees_with_discovery() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
    std::fs::create_dir_all(repo.join("a/b/c")).expect("mkdir");
    std::fs::create_dir_all(repo.join("d")).expect("mkdir");
    std::fs::write(repo.join("a/urilint.toml"), "").expect("write");
    let shared = std::sync::Mutex::new(std::collections::HashMap::new());
    for d in ["a/b/c", "a/b", "a", "d", "", "a/b/c"] {
        let d = repo.join(d);
        assert_eq!(discover_memo(&d, &shared), discover(&d), "{}", d.display());
    }
    let memo = shared.lock().expect("lock");
    assert_eq!(
        memo.get(&repo.join("a/b")),
        Some(&Some(repo.join("a/urilint.toml")))
    );
    assert_eq!(memo.get(&repo.join("d")), Some(&None));
}

/// The per-directory memo of [`Hierarchy::for_path`]: files of one
/// directory share its answer, a nested file's directory gets its own
/// (the nested settings), and an invalid nested file is still an
/// error for each of its files (named the first time only).
#[test]
fn for_path_per_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
    std::fs::create_dir_all(repo.join("a/b")).expect("mkdir");
    std::fs::create_dir_all(repo.join("bad")).expect("mkdir");
    std::fs::write(repo.join("a/urilint.toml"), "grammar = \"rfc2396\"\n").expect("write");
    std::fs::write(repo.join("bad/urilint.toml"), "grammar = 7\n").expect("write");
    let h = Hierarchy::new(None, CliSettings::default(), false);
    for _ in 0..2 {
        assert!(matches!(h.for_path(&repo.join("x.md")), Ok(None)));
        let nested = h.for_path(&repo.join("a/b/y.md")).expect("valid");
        let again = h.for_path(&repo.join("a/b/z.md")).expect("valid");
        assert!(nested.is_some());
        assert!(std::sync::Arc::ptr_eq(
            &nested.expect("nested"),
            &again.expect("nested")
        ));
    }
    assert!(matches!(h.for_path(&repo.join("bad/1.md")), Err(Some(_))));
    assert!(matches!(h.for_path(&repo.join("bad/2.md")), Err(None)));
}

/// M11: discovery stops at the repository's root, and passes over a
/// file that others may write.
#[test]
fn discovery_stops_at_the_repository_and_trusts_only_own_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("shared/proj");
    std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
    std::fs::create_dir_all(repo.join("docs")).expect("mkdir");
    std::fs::write(dir.path().join("shared/urilint.toml"), "").expect("write");
    assert_eq!(discover(&repo.join("docs")), None);
    std::fs::write(repo.join("urilint.toml"), "").expect("write");
    assert_eq!(
        discover(&repo.join("docs")),
        Some(repo.join("urilint.toml"))
    );
    std::fs::set_permissions(
        repo.join("urilint.toml"),
        std::fs::Permissions::from_mode(0o666),
    )
    .expect("chmod");
    assert!(untrusted(&repo.join("urilint.toml")).is_some());
    assert_eq!(discover(&repo.join("docs")), None);
    std::fs::set_permissions(
        repo.join("urilint.toml"),
        std::fs::Permissions::from_mode(0o644),
    )
    .expect("chmod");
    std::fs::set_permissions(&repo, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    assert!(untrusted(&repo.join("urilint.toml")).is_some());
    std::fs::set_permissions(&repo, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
    assert_eq!(untrusted(&repo.join("urilint.toml")), None);
}

#[test]
fn discovery_walks_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sub = dir.path().join("a/b");
    std::fs::create_dir_all(&sub).expect("mkdir");
    assert_eq!(discover(&sub), None);
    std::fs::write(dir.path().join(".urilint.toml"), "").expect("write");
    assert_eq!(discover(&sub), Some(dir.path().join(".urilint.toml")));
    std::fs::write(dir.path().join("a/urilint.toml"), "").expect("write");
    assert_eq!(discover(&sub), Some(dir.path().join("a/urilint.toml")));
}

#[test]
fn links_table() {
    let c = parse(
        "[links]\ncheck = [\"local\", \"site\"]\nsite = \"hugo\"\nroot = \"site\"\n\
         ignore = [\"/api/**\"]\nrenderer = \"goldmark\"\nsite-dir = \"public\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let links = c.links.clone().unwrap_or_default();
    assert_eq!(links.check, vec![LinkCheck::Local, LinkCheck::Site]);
    assert_eq!(
        links.site,
        Some(SiteSetting::Generator(SiteGenerator::Hugo))
    );
    assert_eq!(links.renderer.as_deref(), Some("goldmark"));
    let s =
        Settings::from_config(c, Some(PathBuf::from("/p")), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.links_local() && s.links_site());
    assert_eq!(s.links_root(), Some(PathBuf::from("/p/site")));
    assert_eq!(s.links_site_dir(), Some(PathBuf::from("/p/public")));
    let ignore = s
        .link_ignore(s.links_root().as_deref())
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("globs"));
    assert!(ignore.ignores(Path::new("/p/site/api/v1/index.html")));
    assert!(!ignore.ignores(Path::new("/p/api/v1/index.html")));
    // `urilint config` prints it back, and it reads the same.
    let back = s.to_config();
    assert_eq!(back.links, Some(s.links.clone()));
    let text = toml::to_string(&back).unwrap_or_else(|e| panic!("{e}"));
    let again: Config = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(again.links, back.links);
    // No table: nothing on, nothing printed.
    let none = Settings::default();
    assert!(!none.links_local() && none.links_root().is_none());
    assert_eq!(none.to_config().links, None);
    for name in [
        "auto",
        "none",
        "mkdocs",
        "vitepress",
        "docusaurus",
        "jekyll",
        "hugo",
        "mdbook",
        "sphinx",
        "antora",
        "jupyter-book",
        "docsify",
        "starlight",
        "nextra",
    ] {
        let s = SiteSetting::parse(name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.name(), name);
    }
    assert!(SiteSetting::parse("MkDocs").is_err());
}

#[test]
fn links_table_errors_name_the_key() {
    let e = parse("[links]\nchek = [\"local\"]\n").expect_err("unknown key");
    assert!(
        e.contains("urilint.toml: line 2, column 1: unknown field `chek`"),
        "{e}"
    );
    let e = parse("[links]\nsite = \"gitbook\"\n").expect_err("unknown site");
    assert!(
        e.contains("line 2, column 8: unknown site 'gitbook'"),
        "{e}"
    );
    let e = parse("[links]\nignore = [\"[x\"]\n").expect_err("bad glob");
    assert!(
        e.contains("line 2, column 11: links: ignore: invalid glob '[x'"),
        "{e}"
    );
    let e = parse("[links]\nroot = 3\n").expect_err("bad type");
    assert!(e.contains("line 2"), "{e}");
}

#[test]
fn cli_layers_on_top() {
    let s = Settings::default().with_cli(&CliSettings {
        grammar: Some(Grammar::Rfc3987),
        max_uri_len: None,
        abbreviated: false,
        selection: Selection {
            select: None,
            extend_select: vec!["X004".into()],
            ignore: vec!["N".into()],
        },
    });
    let l = s.linter().expect("valid");
    assert_eq!(l.grammar, Grammar::Rfc3987);
    assert!(l.rules.enabled("X004") && !l.rules.enabled("N001"));
}

#[test]
fn abbreviated_from_the_file_or_the_command_line() {
    let config: Config = toml::from_str("abbreviated = true").expect("valid");
    let s = Settings::from_config(config, None, None);
    assert!(s.as_ref().is_ok_and(|s| s.abbreviated));
    let off = Settings::default();
    assert!(!off.abbreviated);
    let on = off.with_cli(&CliSettings {
        grammar: None,
        max_uri_len: None,
        abbreviated: true,
        selection: Selection::default(),
    });
    assert!(on.abbreviated);
    assert_eq!(on.to_config().abbreviated, Some(true));
}
