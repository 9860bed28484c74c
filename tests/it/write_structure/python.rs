//! Every write keeps the file's structure, continued
//! (tests/it/write_structure/mod.rs has the rule and the structures of
//! each format): the Python helper that parses the data formats, the
//! tests of the diff and of the normalisation, and the property test over
//! fixtures and real files.

use super::*;

// ------------------------------------------------------------------
// The Python helper.

fn python() -> String {
    std::env::var("URILINT_TEST_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn helper() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/structure/compare.py")
}

/// The formats the helper can parse here, or `None` without Python.
fn probe() -> Option<HashMap<String, bool>> {
    let out = Command::new(python())
        .arg(helper())
        .arg("--probe")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "write_structure: {} {} --probe failed: {}",
            python(),
            helper().display(),
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    serde_json::from_slice(&out.stdout).ok()
}

/// One comparison for the helper.
struct PyItem {
    format: Format,
    before: PathBuf,
    after: PathBuf,
    regions: Vec<(Range<usize>, Vec<u8>)>,
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .fold(String::with_capacity(b.len() * 2), |mut s, x| {
            let _ = write!(s, "{x:02x}");
            s
        })
}

/// Runs the helper on `items`; its answers by index.
fn py_compare(items: &[PyItem]) -> Vec<Value> {
    if items.is_empty() {
        return Vec::new();
    }
    let request = json!({
        "placeholder": PLACEHOLDER,
        "uri": URI,
        "prose": PROSE,
        "items": items.iter().enumerate().map(|(i, it)| json!({
            "id": i,
            "format": it.format.name(),
            "before": it.before,
            "after": it.after,
            "regions": it.regions.iter().map(|(r, repl)| json!([r.start, r.end, hex(repl)])).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    let mut child = Command::new(python())
        .arg(helper())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the Python helper starts");
    let body = serde_json::to_vec(&request).expect("JSON");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&body);
    });
    let out = child.wait_with_output().expect("the Python helper runs");
    writer.join().expect("writer");
    assert!(out.status.success(), "the Python helper failed");
    let mut answers = vec![Value::Null; items.len()];
    for line in out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let v: Value = serde_json::from_slice(line).expect("helper JSON");
        let id = num(&v["id"]);
        if id < answers.len() {
            answers[id] = v;
        }
    }
    answers
}

// ------------------------------------------------------------------
// The property.

struct Sample {
    /// The real file (for the report).
    source: PathBuf,
    format: Format,
}

/// What went wrong for one file and write.
struct Failure {
    write: Write,
    format: Format,
    source: PathBuf,
    /// Short kinds for the summary: "changed", "outside", "structure", ...
    kinds: Vec<String>,
    detail: String,
}

fn check_samples(label: &str, samples: &[Sample]) {
    let started = Instant::now();
    let norm = Norm::new();
    let map = Regex::new(REWRITE_MAP.0).expect("map regex");
    let py = probe();
    match &py {
        None => crate::support::skip(format!(
            "write_structure: the YAML, TOML, JSON, Python, shell and reST structure \
             checks ({} with tests/structure/compare.py does not run; set URILINT_TEST_PYTHON)",
            python()
        )),
        Some(p) => {
            let mut missing: Vec<&String> =
                p.iter().filter(|(_, ok)| !**ok).map(|(f, _)| f).collect();
            missing.sort();
            for f in missing {
                let what = match f.as_str() {
                    "yaml" => "PyYAML",
                    "rst" => "docutils",
                    "toml" => "tomllib or tomli",
                    "shell" => "bash",
                    _ => "its parser",
                };
                crate::support::skip(format!(
                    "write_structure: the {f} structure check ({what} is not there for {})",
                    python()
                ));
            }
        }
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = |kind: &str| -> Vec<PathBuf> {
        samples
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let d = dir.path().join(kind).join(i.to_string());
                fs::create_dir_all(&d).expect("mkdir");
                let p = d.join(s.source.file_name().expect("file name"));
                fs::copy(&s.source, &p).expect("copy");
                p
            })
            .collect()
    };
    let orig = copy("orig");
    let befores: Vec<Vec<u8>> = orig.iter().map(|p| fs::read(p).expect("read")).collect();

    let checked = run(
        &[
            "check",
            "--isolated",
            "-q",
            "--select",
            "ALL",
            "--format",
            "jsonl",
        ],
        &orig,
    );
    assert!(
        matches!(checked.status, Some(0 | 1)),
        "check: exit {:?}: {}",
        checked.status,
        checked.stderr
    );
    let check_records = records_by_path(&checked.stdout);
    let extract = run(&EXTRACT_ALL, &orig);
    assert!(
        matches!(extract.status, Some(0)),
        "extract: exit {:?}: {}",
        extract.status,
        extract.stderr
    );
    let extract_records = records_by_path(&extract.stdout);
    let key = |p: &Path| p.to_string_lossy().into_owned();
    let found: Vec<Vec<Finding>> = orig
        .iter()
        .map(|p| findings(check_records.get(&key(p)).map_or(&[][..], |v| v)))
        .collect();
    let uris: Vec<Vec<Extracted>> = orig
        .iter()
        .map(|p| extracted(extract_records.get(&key(p)).map_or(&[][..], |v| v)))
        .collect();

    let map_arg = format!("{}={}", REWRITE_MAP.0, REWRITE_MAP.1);
    let mut failures: Vec<Failure> = Vec::new();
    let mut py_items: Vec<PyItem> = Vec::new();
    // (index into failures-to-be: write, sample) for each py item
    let mut py_for: Vec<(Write, usize)> = Vec::new();
    let mut pending: BTreeMap<(Write, usize), Failure> = BTreeMap::new();
    let mut changed_count: BTreeMap<Write, usize> = BTreeMap::new();
    let mut runs = Vec::new();

    for write in Write::ALL {
        let paths = copy(write.name());
        let args: Vec<&str> = match write {
            Write::Fix => vec![
                "check",
                "--isolated",
                "-q",
                "--select",
                "ALL",
                "--fix",
                "--unsafe-fixes",
                "--format",
                "plain",
            ],
            Write::AddIgnore => vec![
                "check",
                "--isolated",
                "-q",
                "--select",
                "ALL",
                "--add-ignore",
                "--format",
                "plain",
            ],
            Write::Rewrite => vec!["rewrite", "--isolated", "-q", "--map-regex", &map_arg],
        };
        let t = Instant::now();
        let r = run(&args, &paths);
        runs.push(format!(
            "{} {:.1} s",
            write.name(),
            t.elapsed().as_secs_f64()
        ));
        let crashed = !matches!(r.status, Some(0..=2));
        let after_extract = if write == Write::Rewrite {
            let e = run(&EXTRACT_ALL, &paths);
            Some(records_by_path(&e.stdout))
        } else {
            None
        };
        for (i, s) in samples.iter().enumerate() {
            let before = &befores[i];
            let after = fs::read(&paths[i]).expect("read the written copy");
            let pol = policy(s.format, write);
            let mut f = Failure {
                write,
                format: s.format,
                source: s.source.clone(),
                kinds: Vec::new(),
                detail: String::new(),
            };
            if crashed {
                f.kinds.push("crash".into());
                let _ = writeln!(f.detail, "   the run crashed (exit {:?}):", r.status);
            }
            // Messages about this file.
            let name = key(&paths[i]);
            let said: Vec<&str> = r
                .stderr
                .lines()
                .filter(|l| l.contains(&name) && !l.contains("warning:"))
                .collect();
            if r.status == Some(2) && !said.is_empty() {
                f.kinds.push("error".into());
                for l in said.iter().take(3) {
                    let _ = writeln!(f.detail, "   urilint said: {l}");
                }
            }
            if *before == after {
                if !f.kinds.is_empty() {
                    failures.push(f);
                }
                continue;
            }
            *changed_count.entry(write).or_default() += 1;
            let regs = regions(before, &after);
            let starts = line_starts(before);
            let loc = |p: usize| {
                let l = line_of(&starts, p);
                format!("{}:{}", l + 1, p - starts[l] + 1)
            };
            if pol == Policy::Unchanged {
                f.kinds.push("changed".into());
                let _ = writeln!(
                    f.detail,
                    "   changed, but the policy is: {}",
                    policy_text(pol)
                );
                for r in regs.iter().take(6) {
                    let codes = codes_on_line(&found[i], &starts, line_of(&starts, r.before.start));
                    let _ = writeln!(
                        f.detail,
                        "   - {} {} -> {}{}",
                        loc(r.before.start),
                        excerpt(before, r.before.clone(), 60),
                        excerpt(&after, r.after.clone(), 60),
                        codes
                    );
                }
                if regs.len() > 6 {
                    let _ = writeln!(f.detail, "   ... {} regions in all", regs.len());
                }
            } else {
                // (i) where
                let mut fixless: Vec<&Region> = Vec::new();
                let outside: Vec<&Region> = match pol {
                    Policy::Edit { strict } => {
                        let ok = allowed(write, strict, true, before, &found[i], &uris[i], &map);
                        let reported =
                            allowed(write, strict, false, before, &found[i], &uris[i], &map);
                        let within = |r: &Region, iv: &[(usize, usize)]| {
                            placements(r, before, &after)
                                .iter()
                                .any(|at| inside(at, iv))
                        };
                        let (bad, rest): (Vec<&Region>, Vec<&Region>) = regs
                            .iter()
                            .filter(|r| !within(r, &ok))
                            .partition(|r| !within(r, &reported));
                        fixless = rest;
                        bad
                    }
                    Policy::Markers => regs
                        .iter()
                        .filter(|r| !marker_ok(r, before, &after, &found[i], &starts))
                        .collect(),
                    Policy::Unchanged => unreachable!(),
                };
                if !fixless.is_empty() {
                    f.kinds.push("fix-not-reported".into());
                    let _ = writeln!(
                        f.detail,
                        "   {} of {} edits inside the span of a finding that check reports without a fix:",
                        fixless.len(),
                        regs.len()
                    );
                    for r in fixless.iter().take(4) {
                        let line = line_of(&starts, r.before.start);
                        let _ = writeln!(
                            f.detail,
                            "   - {} {} -> {}{}",
                            loc(r.before.start),
                            excerpt(before, r.before.clone(), 60),
                            excerpt(&after, r.after.clone(), 60),
                            codes_on_line(&found[i], &starts, line),
                        );
                    }
                    if fixless.len() > 4 {
                        let _ = writeln!(f.detail, "   ... {} in all", fixless.len());
                    }
                }
                if !outside.is_empty() {
                    f.kinds.push("outside".into());
                    let _ = writeln!(
                        f.detail,
                        "   {} of {} edits outside every reported span ({}):",
                        outside.len(),
                        regs.len(),
                        policy_text(pol)
                    );
                    for r in outside.iter().take(6) {
                        let line = line_of(&starts, r.before.start);
                        let ctx =
                            starts[line]..starts.get(line + 1).copied().unwrap_or(before.len());
                        let _ = writeln!(
                            f.detail,
                            "   - {} {} -> {}{}\n       line: {}",
                            loc(r.before.start),
                            excerpt(before, r.before.clone(), 60),
                            excerpt(&after, r.after.clone(), 60),
                            codes_on_line(&found[i], &starts, line),
                            excerpt(before, ctx, 120)
                        );
                    }
                    if outside.len() > 6 {
                        let _ = writeln!(f.detail, "   ... {} outside in all", outside.len());
                    }
                }
                // (iii) rewrite reads back as mapped
                if let Some(after_records) = &after_extract {
                    let now: Vec<String> = after_records
                        .get(&name)
                        .map(|v| extracted(v).into_iter().map(|e| e.uri).collect())
                        .unwrap_or_default();
                    let want: Vec<String> = uris[i].iter().map(|e| mapped(&map, &e.uri)).collect();
                    // A URI left as it was is one urilint said it would not
                    // rewrite (a comment of a data file, a table cell, code
                    // written with escapes): refusing is safe; a URI read
                    // back as anything else is not.
                    // A reference link whose text is its URI
                    // (`[https://ci.nodejs.org/][]`, nodejs's
                    // `contributing/pull-requests.md`) keeps its text,
                    // the label the definition must still match: once the
                    // destination is rewritten, the text is read as a URI
                    // of its own, one the file had before.
                    let olds: std::collections::HashSet<&str> =
                        uris[i].iter().map(|e| e.uri.as_str()).collect();
                    let mut rest = now.iter();
                    let kept_or_mapped = want.iter().zip(&uris[i]).all(|(w, old)| {
                        rest.by_ref()
                            .find(|n| *n == w || **n == old.uri || !olds.contains(n.as_str()))
                            .is_some_and(|n| n == w || *n == old.uri)
                    }) && rest.all(|n| olds.contains(n.as_str()));
                    if !kept_or_mapped {
                        f.kinds.push("reads-back".into());
                        let _ = writeln!(
                            f.detail,
                            "   extract after the rewrite does not give the mapped URIs ({} expected, {} found):",
                            want.len(),
                            now.len()
                        );
                        let mut shown = 0;
                        for (ra, rb) in diff(&want, &now) {
                            for k in ra.clone() {
                                let _ = writeln!(
                                    f.detail,
                                    "   - expected {:?} (from {:?})",
                                    want[k], uris[i][k].uri
                                );
                            }
                            for k in rb {
                                let _ = writeln!(f.detail, "   + found    {:?}", now[k]);
                            }
                            shown += 1;
                            if shown >= 4 {
                                break;
                            }
                        }
                    }
                }
            }
            // (ii) what
            match s.format {
                Format::Markdown | Format::Html | Format::Text => {
                    let (a, b) = match s.format {
                        Format::Markdown => (
                            markdown_structure(before, &norm),
                            markdown_structure(&after, &norm),
                        ),
                        Format::Html => {
                            (html_structure(before, &norm), html_structure(&after, &norm))
                        }
                        _ => (text_structure(before, &norm), text_structure(&after, &norm)),
                    };
                    if a != b {
                        f.kinds.push("structure".into());
                        let _ = writeln!(
                            f.detail,
                            "   the document differs ({}):",
                            match s.format {
                                Format::Markdown => "pulldown-cmark events",
                                Format::Html => "html5gum tokens",
                                _ => "the text, URIs and their delimiters normalised",
                            }
                        );
                        for l in short_diff(&a, &b).lines() {
                            let _ = writeln!(f.detail, "     {l}");
                        }
                    }
                }
                _ => {
                    let supported = py
                        .as_ref()
                        .is_some_and(|p| p.get(s.format.name()).copied().unwrap_or(false));
                    if supported {
                        let attribute = matches!(
                            s.format,
                            Format::Yaml | Format::Toml | Format::Json | Format::Python
                        );
                        py_items.push(PyItem {
                            format: s.format,
                            before: orig[i].clone(),
                            after: paths[i].clone(),
                            regions: if attribute {
                                regs.iter()
                                    .map(|r| (r.before.clone(), after[r.after.clone()].to_vec()))
                                    .collect()
                            } else {
                                Vec::new()
                            },
                        });
                        py_for.push((write, i));
                    }
                }
            }
            pending.insert((write, i), f);
        }
    }

    // (ii) for the Python formats, in one helper run.
    runs.push(format!(
        "writes and Rust checks {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    let t = Instant::now();
    let answers = py_compare(&py_items);
    runs.push(format!(
        "python {:.1} s ({} comparisons)",
        t.elapsed().as_secs_f64(),
        py_items.len()
    ));
    for (k, (write, i)) in py_for.iter().enumerate() {
        let a = &answers[k];
        let Some(f) = pending.get_mut(&(*write, *i)) else {
            continue;
        };
        let result = a["result"].as_str().unwrap_or("none");
        let detail = a["detail"].as_str().unwrap_or_default();
        let notes: Vec<&str> = a["regions"]
            .as_array()
            .map(|v| v.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let pol = policy(f.format, *write);
        match result {
            "same" | "before-fails" | "unsupported" => {
                if pol == Policy::Unchanged {
                    let _ = writeln!(
                        f.detail,
                        "   ({}: {result}{}{})",
                        f.format.name(),
                        if detail.is_empty() { "" } else { ": " },
                        detail
                    );
                }
            }
            "differs" => {
                f.kinds.push("structure".into());
                let _ = writeln!(f.detail, "   the {} structure differs:", f.format.name());
                for l in detail.lines() {
                    let _ = writeln!(f.detail, "     {l}");
                }
            }
            "after-fails" => {
                f.kinds.push("unparsable".into());
                let _ = writeln!(
                    f.detail,
                    "   the file no longer parses as {}: {detail}",
                    f.format.name()
                );
            }
            other => {
                f.kinds.push("helper".into());
                let _ = writeln!(f.detail, "   the Python helper said {other}: {detail}");
            }
        }
        // A marker must change no value (it is a comment); an edit of a
        // fix or rewrite must (it is inside a string).
        let notes: Vec<&str> = match pol {
            Policy::Markers => notes
                .into_iter()
                .filter(|n| !n.contains("alone changes no value"))
                .collect(),
            _ => notes,
        };
        if !notes.is_empty() {
            if pol != Policy::Unchanged {
                f.kinds.push("not-in-a-value".into());
            }
            for n in notes.iter().take(6) {
                let _ = writeln!(f.detail, "   - {n}");
            }
        }
    }
    failures.extend(pending.into_values().filter(|f| !f.kinds.is_empty()));
    failures.sort_by(|a, b| (a.write, a.format, &a.source).cmp(&(b.write, b.format, &b.source)));

    // The report.
    let mut report = String::new();
    let mut per_format: BTreeMap<Format, usize> = BTreeMap::new();
    for s in samples {
        *per_format.entry(s.format).or_default() += 1;
    }
    let _ = writeln!(
        report,
        "write_structure ({label}): {} files ({}); changed by fix {}, add-ignore {}, rewrite {}; {} failures; {:.1} s ({})",
        samples.len(),
        per_format
            .iter()
            .map(|(f, n)| format!("{} {n}", f.name()))
            .collect::<Vec<_>>()
            .join(", "),
        changed_count.get(&Write::Fix).unwrap_or(&0),
        changed_count.get(&Write::AddIgnore).unwrap_or(&0),
        changed_count.get(&Write::Rewrite).unwrap_or(&0),
        failures.len(),
        started.elapsed().as_secs_f64(),
        runs.join(", ")
    );
    let mut families: BTreeMap<(Write, Format, String), usize> = BTreeMap::new();
    for f in &failures {
        *families
            .entry((f.write, f.format, f.kinds.join("+")))
            .or_default() += 1;
    }
    for ((w, fmt, k), n) in &families {
        let _ = writeln!(report, "  {n:4} × {} {} {k}", w.name(), fmt.name());
    }
    for f in &failures {
        let _ = writeln!(
            report,
            "\n== {} | {} | {} | {}",
            f.write.name(),
            f.format.name(),
            f.kinds.join(", "),
            f.source.display()
        );
        report.push_str(&f.detail);
    }
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("write_structure-{label}.txt"));
    let _ = fs::write(&file, &report);
    eprintln!("{report}");
    eprintln!("(this report is also in {})", file.display());
    assert!(
        failures.is_empty(),
        "{} file/write pairs break the structure or write outside the reported spans (listed above)",
        failures.len()
    );
}

/// The codes of the findings on line `line` (0-based), for the report.
fn codes_on_line(fs: &[Finding], starts: &[usize], line: usize) -> String {
    let mut codes: Vec<&str> = fs
        .iter()
        .filter(|f| {
            let first = line_of(starts, f.span.start);
            let last = line_of(starts, f.span.end.saturating_sub(1).max(f.span.start));
            first <= line && line <= last
        })
        .map(|f| f.code.as_str())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    if codes.is_empty() {
        String::new()
    } else {
        format!(" [findings on the line: {}]", codes.join(", "))
    }
}

/// A marker insertion at a reported finding: a pure insertion holding
/// `urilint: ignore`, on a line from the one before the finding's first
/// line to its last line.
fn marker_ok(r: &Region, before: &[u8], after: &[u8], fs: &[Finding], starts: &[usize]) -> bool {
    let inserted = String::from_utf8_lossy(&after[r.after.clone()]);
    if !r.before.is_empty() || !inserted.contains("urilint: ignore") {
        return false;
    }
    placements(r, before, after).iter().any(|at| {
        let l = line_of(starts, at.start);
        fs.iter().any(|f| {
            let first = line_of(starts, f.span.start)
                .min(f.line.saturating_sub(1))
                .min(line_of(starts, f.byte_offset));
            let last = line_of(starts, f.span.end.saturating_sub(1).max(f.span.start))
                .max(line_of(starts, f.byte_offset));
            first.saturating_sub(1) <= l && l <= last
        })
    })
}

// ------------------------------------------------------------------
// Inputs.

fn fixture_samples() -> Vec<Sample> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/structure");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("fixtures/structure")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().is_some_and(|n| n != "SOURCES.md"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let head = fs::read(&p).expect("read fixture");
            let format = Format::of(&p, &head)
                .unwrap_or_else(|| panic!("{}: no format for this name", p.display()));
            Sample { source: p, format }
        })
        .collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let Ok(meta) = fs::symlink_metadata(&p) else {
            continue;
        };
        if meta.is_dir() {
            walk(&p, out);
        } else if meta.is_file() && meta.len() <= MAX_SAMPLE_BYTES {
            out.push(p);
        }
    }
}

fn sample_roots() -> Vec<PathBuf> {
    if let Ok(roots) = std::env::var("URILINT_STRUCTURE_ROOTS") {
        return roots
            .split(':')
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .collect();
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let mut roots = Vec::new();
    if let Some(h) = cargo_home {
        roots.push(h.join("registry/src"));
    }
    roots.push(PathBuf::from("/usr/share/doc"));
    roots
}

fn real_samples() -> Vec<Sample> {
    let per_format: usize = std::env::var("URILINT_STRUCTURE_PER_FORMAT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(PER_FORMAT);
    let mut by_format: BTreeMap<Format, Vec<PathBuf>> = BTreeMap::new();
    for root in sample_roots() {
        let mut files = Vec::new();
        walk(&root, &mut files);
        for p in files {
            let Ok(bytes) = fs::read(&p) else { continue };
            if bytes.contains(&0) || memchr_find(&bytes, b"://").is_none() {
                continue;
            }
            if let Some(f) = Format::of(&p, &bytes[..bytes.len().min(256)]) {
                by_format.entry(f).or_default().push(p);
            }
        }
    }
    let mut out = Vec::new();
    for f in Format::ALL {
        let all = by_format.remove(&f).unwrap_or_default();
        let n = all.len().min(per_format);
        // Spread evenly over the sorted list.
        for k in 0..n {
            out.push(Sample {
                source: all[k * all.len() / n].clone(),
                format: f,
            });
        }
    }
    out
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn the_diff_finds_minimal_regions() {
    let r = regions(
        b"a http://X.example/ b\nkeep\n",
        b"a <http://x.example/> b\nkeep\n",
    );
    let got: Vec<(Range<usize>, Range<usize>)> = r
        .iter()
        .map(|r| (r.before.clone(), r.after.clone()))
        .collect();
    assert_eq!(got, vec![(2..2, 2..3), (9..10, 10..11), (19..19, 20..21)]);
    let r = regions(b"x\ny\n", b"x\n# urilint: ignore\ny\n");
    assert_eq!(r.len(), 1);
    assert!(r[0].before.is_empty());
    for (a, b) in [
        (&b"abcabba"[..], &b"cbabac"[..]),
        (b"", b"abc"),
        (b"abc", b""),
        (b"aaaa", b"aa"),
        (b"kitten sitting", b"sitting kitten"),
    ] {
        // Applying the regions to `a` gives `b`.
        let rs = regions(a, b);
        let mut out = Vec::new();
        let mut at = 0;
        for r in &rs {
            out.extend_from_slice(&a[at..r.before.start]);
            out.extend_from_slice(&b[r.after.clone()]);
            at = r.before.end;
        }
        out.extend_from_slice(&a[at..]);
        assert_eq!(out, b, "{rs:?}");
    }
}

#[test]
fn the_normalisation_folds_delimiters_in_prose_only() {
    let n = Norm::new();
    assert_eq!(
        n.text("see http://a.example/x."),
        format!("see {PLACEHOLDER}.")
    );
    assert_eq!(
        n.text("see <http://a.example/x>."),
        format!("see {PLACEHOLDER}.")
    );
    assert_eq!(
        n.text("see URL: http://a.example/x and"),
        format!("see {PLACEHOLDER} and")
    );
    assert_eq!(
        n.text("see http://a.example/x\n  y z"),
        format!("see {PLACEHOLDER} z")
    );
    // `site_url:` is a key, not a `URL:` prefix.
    assert_ne!(
        n.text("site_url: https://a.example/"),
        n.text("site_<https://a.example/>")
    );
    assert_eq!(n.data("<https://a.example/>"), format!("<{PLACEHOLDER}>"));
    assert_eq!(n.data("Note: key: x"), "Note: key: x");
}

#[test]
fn the_structures_tell_harmless_edits_from_harmful_ones() {
    let n = Norm::new();
    let md = |s: &str| markdown_structure(s.as_bytes(), &n);
    let html = |s: &str| html_structure(s.as_bytes(), &n);
    // Markdown: D006 makes an autolink; a destination in `<...>`; a marker.
    assert_eq!(
        md("See http://a.example/x.\n"),
        md("See <http://a.example/x>.\n")
    );
    assert_eq!(
        md("[a](http://a.example/)\n"),
        md("[a](<http://a.example/>)\n")
    );
    assert_eq!(
        md("See http://a.example/%zz.\n"),
        md("See http://a.example/%zz. <!-- urilint: ignore[U002] -->\n")
    );
    // ... but not a marker that ends a table's header row, nor an edit in
    // code, nor a destination that loses its space.
    let table = "| http://a.example/%zz | b |\n|---|---|\n| c | d |\n";
    let marked =
        "| http://a.example/%zz | b | <!-- urilint: ignore[U002] -->\n|---|---|\n| c | d |\n";
    assert_ne!(md(table), md(marked));
    assert_ne!(md("`http://A.example/`\n"), md("`http://a.example/`\n"));
    assert_ne!(
        md("[a](<http://a.example/a b>)\n"),
        md("[a](<http://a.example/ab>)\n")
    );
    // HTML: entities are decoded; raw `<` in text makes a tag; script is code.
    assert_eq!(
        html("<a href=\"http://a.example/?a=1&amp;b=2\">x</a>"),
        html("<a href=\"http://a.example/?a=1&b=2\">x</a>")
    );
    assert_ne!(
        html("<p>see http://a.example/</p>"),
        html("<p>see <http://a.example/></p>")
    );
    assert_ne!(
        html("<script>go('http://A.example/')</script>"),
        html("<script>go('http://a.example/')</script>")
    );
    assert_eq!(
        html("<p>see http://a.example/%zz</p>\n"),
        html("<p>see http://a.example/%zz</p> <!-- urilint: ignore[U002] -->\n")
    );
}

#[test]
fn fixtures_keep_their_structure() {
    let samples = fixture_samples();
    assert!(samples.len() >= 8, "fixtures/structure holds too few files");
    check_samples("fixtures", &samples);
}

#[test]
fn real_files_keep_their_structure() {
    let roots = sample_roots();
    if !roots.iter().any(|r| r.is_dir()) {
        crate::support::skip(format!(
            "write_structure: none of {} is there (set URILINT_STRUCTURE_ROOTS)",
            roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        return;
    }
    let t = Instant::now();
    let samples = real_samples();
    eprintln!(
        "write_structure: sampled {} files in {:.1} s",
        samples.len(),
        t.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        crate::support::skip("write_structure: no file holding \"://\" under the roots");
        return;
    }
    check_samples("real", &samples);
}
