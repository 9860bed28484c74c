//! In-process tests of the server on `Connection::memory()` (the model
//! is ruff's server tests): a client sends requests and notifications,
//! and what the server answers is compared with JSON snapshots in
//! `fixtures/server/snapshots/` (`URILINT_BLESS=1 cargo test --lib
//! server` writes them anew; read the diff before committing).

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

/// A client talking to a server running on another thread.
struct Client {
    conn: Connection,
    server: Option<std::thread::JoinHandle<i32>>,
    next_id: i32,
    /// The workspace folder (a temporary directory).
    root: tempfile::TempDir,
}

const TIMEOUT: Duration = Duration::from_secs(20);

impl Client {
    /// Starts a server and initializes it with `capabilities` and
    /// `options` (`initializationOptions`), the workspace folder a new
    /// temporary directory holding `files`.
    fn start(capabilities: Value, options: Value, files: &[(&str, &str)]) -> (Client, Value) {
        let root = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = root.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        Client::start_in(root, capabilities, options)
    }

    /// [`Client::start`] with the workspace folder `root`, made ready.
    fn start_in(root: tempfile::TempDir, capabilities: Value, options: Value) -> (Client, Value) {
        let (server_side, client_side) = Connection::memory();
        let server = std::thread::spawn(move || super::serve(&server_side).unwrap());
        let mut client = Client {
            conn: client_side,
            server: Some(server),
            next_id: 0,
            root,
        };
        let root_uri = client.uri("");
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": root_uri,
                "workspaceFolders": [{"uri": root_uri, "name": "root"}],
                "capabilities": capabilities,
                "initializationOptions": options,
            }),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    fn uri(&self, name: &str) -> String {
        let root = self.root.path().canonicalize().unwrap();
        let path = if name.is_empty() {
            root
        } else {
            root.join(name)
        };
        super::convert::file_uri(&path)
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let req = Request::new(id.clone(), method.to_string(), params);
        self.conn.sender.send(Message::Request(req)).unwrap();
        loop {
            match self.conn.receiver.recv_timeout(TIMEOUT).unwrap() {
                Message::Response(r) if r.id == id => {
                    if let Some(e) = r.error {
                        return json!({"error": e.message, "code": e.code});
                    }
                    return r.result.unwrap_or(Value::Null);
                }
                // Requests of the server (registrations) and
                // notifications met before the response are dropped.
                _ => {}
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn.sender.send(Message::Notification(n)).unwrap();
    }

    /// The next notification `method` from the server.
    fn next_notification(&self, method: &str) -> Value {
        loop {
            match self.conn.receiver.recv_timeout(TIMEOUT).unwrap() {
                Message::Notification(n) if n.method == method => return n.params,
                _ => {}
            }
        }
    }

    fn open(&self, name: &str, language: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {
                "uri": self.uri(name), "languageId": language, "version": 1, "text": text
            }}),
        );
        self.next_notification("textDocument/publishDiagnostics")
    }

    /// Ends the session; the server's exit status.
    fn shutdown(mut self) -> i32 {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().unwrap()
    }

    /// `value` with the workspace folder's path written `$ROOT`.
    fn portable(&self, value: &Value) -> Value {
        let root = self.root.path().canonicalize().unwrap();
        let text = serde_json::to_string(value).unwrap();
        let uri_root = super::convert::file_uri(&root);
        let text = text
            .replace(&uri_root, "file://$ROOT")
            .replace(root.to_str().unwrap(), "$ROOT");
        serde_json::from_str(&text).unwrap()
    }
}

/// Compares `value` with the snapshot `name`, or writes it when
/// `URILINT_BLESS` is set. A missing snapshot fails the test, so that no
/// test passes without one.
fn snapshot(name: &str, value: &Value) {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/server/snapshots")
        .join(format!("{name}.json"));
    let text = serde_json::to_string_pretty(value).unwrap() + "\n";
    if std::env::var_os("URILINT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (URILINT_BLESS=1 writes it)", path.display()));
    assert_eq!(text, want, "snapshot {name} differs");
}

const DOC: &str = "# Grüße\n\nSee 😀 <http://a.example/b\n  c> and [x](missing.md).\nAlso https://https://b.example/ and %zz <http://c.example/%zz>.\n";

#[test]
fn initialize_negotiates_the_position_encoding() {
    let (client, result) = Client::start(json!({}), json!({}), &[]);
    snapshot("initialize", &result);
    assert_eq!(client.shutdown(), 0);
    let offered = json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}});
    let (client, result) = Client::start(offered, json!({}), &[]);
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-8");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn diagnostics_on_open_in_utf16_and_utf8() {
    let (client, _) = Client::start(json!({}), json!({}), &[]);
    let published = client.open("doc.md", "markdown", DOC);
    snapshot("open-utf16", &client.portable(&published));
    // 😀 is two UTF-16 code units and four bytes: the D005 finding on
    // line 2 starts at UTF-16 column 8, byte column 10.
    let d005 = &published["diagnostics"][0];
    assert_eq!(d005["code"], "D005");
    assert_eq!(d005["range"]["start"], json!({"line": 2, "character": 8}));
    assert_eq!(client.shutdown(), 0);
    let offered = json!({"general": {"positionEncodings": ["utf-8"]}});
    let (client, _) = Client::start(offered, json!({}), &[]);
    let published = client.open("doc.md", "markdown", DOC);
    let d005 = &published["diagnostics"][0];
    assert_eq!(d005["range"]["start"], json!({"line": 2, "character": 10}));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn incremental_changes_are_checked_after_the_debounce() {
    let (client, _) = Client::start(json!({}), json!({"debounceMs": 300}), &[]);
    let published = client.open("a.txt", "plaintext", "see http://a.example/%zz here\n");
    assert_eq!(published["diagnostics"][0]["code"], "U002");
    let uri = client.uri("a.txt");
    // Three changes at once: one check, of the last version.
    for (version, character, text) in [(2, 22, "4"), (3, 23, "1"), (4, 21, "")] {
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {
                    "start": {"line": 0, "character": character},
                    "end": {"line": 0, "character": character + u32::from(text.is_empty()) * 2}
                }, "text": text}]
            }),
        );
    }
    let published = client.next_notification("textDocument/publishDiagnostics");
    assert_eq!(published["version"], 4);
    assert_eq!(published["diagnostics"], json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn code_actions_fix_ignore_and_fix_all() {
    let (mut client, _) = Client::start(json!({}), json!({}), &[]);
    client.open("doc.md", "markdown", DOC);
    let uri = client.uri("doc.md");
    // The cursor on the broken URI: its fix, its marker, and fix-all.
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 2, "character": 10}, "end": {"line": 2, "character": 10}},
            "context": {"diagnostics": []}
        }),
    );
    snapshot("code-actions-broken-uri", &client.portable(&actions));
    // The missing link target: no fix, a marker (Markdown takes an HTML
    // comment at the end of the paragraph's line).
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 3, "character": 14}, "end": {"line": 3, "character": 14}},
            "context": {"diagnostics": [], "only": ["quickfix"]}
        }),
    );
    snapshot("code-actions-ignore", &client.portable(&actions));
    assert_eq!(
        actions[0]["edit"]["changes"][uri.as_str()][0]["newText"],
        " <!-- urilint: ignore[L001] -->"
    );
    // The doubled scheme: an unsafe fix, never preferred.
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 4, "character": 6}, "end": {"line": 4, "character": 6}},
            "context": {"diagnostics": [], "only": ["quickfix"]}
        }),
    );
    snapshot("code-actions-unsafe", &client.portable(&actions));
    let unsafe_fix = &actions[0];
    assert_eq!(unsafe_fix["kind"], "quickfix.urilint.unsafe");
    assert_eq!(unsafe_fix["isPreferred"], false);
    // Only fix-all.
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": [], "only": ["source.fixAll"]}
        }),
    );
    assert_eq!(actions.as_array().map(Vec::len), Some(1));
    assert_eq!(actions[0]["kind"], "source.fixAll.urilint");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn versioned_edits_when_the_client_takes_them() {
    let caps = json!({"workspace": {"workspaceEdit": {"documentChanges": true}}});
    let (mut client, _) = Client::start(caps, json!({}), &[]);
    client.open("doc.md", "markdown", DOC);
    let uri = client.uri("doc.md");
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 2, "character": 10}, "end": {"line": 2, "character": 10}},
            "context": {"diagnostics": [], "only": ["quickfix"]}
        }),
    );
    let change = &actions[0]["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 1);
    assert_eq!(change["edits"][0]["newText"], "http://a.example/bc");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn configuration_and_markers_apply() {
    // The nearest urilint.toml turns U002 off under docs/; a marker
    // suppresses D005.
    let files = [("docs/urilint.toml", "ignore = [\"U002\"]\n")];
    let (client, _) = Client::start(json!({}), json!({}), &files);
    let text =
        "<!-- urilint: ignore[D005] -->\n<http://a.example/b\n  c>\nand http://c.example/%zz\n";
    let published = client.open("docs/page.md", "markdown", text);
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    let published = client.open("page.md", "markdown", text);
    let codes: Vec<&Value> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert_eq!(codes, [&json!("U002")]);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn local_links_use_the_workspace_and_can_be_turned_off() {
    let files = [("guide.md", "# Install\n\ntext\n")];
    let text = "[a](guide.md#install) [b](guide.md#missing) [c](gone.md)\n";
    let (client, _) = Client::start(json!({}), json!({}), &files);
    let published = client.open("index.md", "markdown", text);
    snapshot("local-links", &client.portable(&published));
    assert_eq!(client.shutdown(), 0);
    let (client, _) = Client::start(json!({}), json!({"links": false}), &files);
    let published = client.open("index.md", "markdown", text);
    assert_eq!(published["diagnostics"], json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn mail_is_reported_but_never_edited() {
    let mail = "From: a@example.org\nSubject: x\n\nsee <http://a.example/b\n  c>\n";
    let (mut client, _) = Client::start(json!({}), json!({}), &[]);
    let published = client.open("message.eml", "mail", mail);
    assert_eq!(published["diagnostics"][0]["code"], "D005");
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": client.uri("message.eml")},
            "range": {"start": {"line": 3, "character": 6}, "end": {"line": 3, "character": 6}},
            "context": {"diagnostics": []}
        }),
    );
    assert_eq!(actions, json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn exit_without_shutdown_is_status_1_and_requests_after_shutdown_fail() {
    let (client, _) = Client::start(json!({}), json!({}), &[]);
    client.notify("exit", Value::Null);
    let mut client = client;
    assert_eq!(client.server.take().unwrap().join().unwrap(), 1);
    let (mut client, _) = Client::start(json!({}), json!({}), &[]);
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    let after = client.request("textDocument/hover", json!({}));
    assert_eq!(after["code"], -32600, "{after}");
    client.notify("exit", Value::Null);
    assert_eq!(client.server.take().unwrap().join().unwrap(), 0);
}

#[test]
fn unknown_requests_get_method_not_found() {
    let (mut client, _) = Client::start(json!({}), json!({}), &[]);
    let answer = client.request("workspace/symbol", json!({"query": ""}));
    assert_eq!(answer["code"], -32601, "{answer}");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_definition_and_document_links() {
    let files = [("guide.md", "# Guide\n\ntext\n\n## Install it\n\nmore\n")];
    let (mut client, _) = Client::start(json!({}), json!({}), &files);
    let text = "See [g](guide.md#install-it) and <http://a.example/b\n  c>\nand http://u:pw@h.example:80/%7e?q#f\n";
    client.open("doc.md", "markdown", text);
    let uri = client.uri("doc.md");
    let at = |line: u32, character: u32| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
    let hovers = json!([
        client.request("textDocument/hover", at(0, 10)),
        client.request("textDocument/hover", at(0, 40)),
        client.request("textDocument/hover", at(2, 10)),
        client.request("textDocument/hover", at(0, 1)),
    ]);
    snapshot("hover", &client.portable(&hovers));
    assert_eq!(hovers[3], Value::Null, "no URI under the cursor");
    let definition = client.request("textDocument/definition", at(0, 10));
    assert_eq!(
        client.portable(&definition),
        json!({"uri": "file://$ROOT/guide.md",
               "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 0}}})
    );
    // Markdown: the editor links it itself.
    let links = client.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(links, json!([]));
    // Plain text: Appendix C delimiting, rejoined, password kept in the
    // target (it is the document's own text).
    client.open("notes.txt", "plaintext", text);
    let links = client.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": client.uri("notes.txt")}}),
    );
    snapshot("document-links-text", &client.portable(&links));
    assert_eq!(links[0]["target"], "http://a.example/bc");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn files_check_leaves_out_have_no_findings() {
    let bad = "see http://a.example/%zz\n";
    let (client, _) = Client::start(json!({}), json!({}), &[]);
    // check's default exclusions: test data.
    let published = client.open("tests/data.txt", "plaintext", bad);
    assert_eq!(published["diagnostics"], json!([]));
    let published = client.open("docs/data.txt", "plaintext", bad);
    assert_eq!(published["diagnostics"][0]["code"], "U002");
    assert_eq!(client.shutdown(), 0);
    // urilint.toml's own list replaces the default.
    let files = [("urilint.toml", "exclude = [\"docs/\"]\n")];
    let (client, _) = Client::start(json!({}), json!({}), &files);
    let published = client.open("tests/data.txt", "plaintext", bad);
    assert_eq!(published["diagnostics"][0]["code"], "U002");
    let published = client.open("docs/data.txt", "plaintext", bad);
    assert_eq!(published["diagnostics"], json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn an_invalid_configuration_is_shown_and_its_files_not_checked() {
    let files = [("urilint.toml", "bogus = 1\n")];
    let (client, _) = Client::start(json!({}), json!({}), &files);
    let shown = client.next_notification("window/showMessage");
    assert_eq!(shown["type"], 2, "{shown}");
    let message = shown["message"].as_str().unwrap();
    assert!(
        message.contains("urilint.toml") && message.contains("bogus"),
        "{message}"
    );
    // As `check`: the files under it are not checked (its status would
    // be 2), and the reason is logged.
    let published = client.open("a.txt", "plaintext", "see http://a.example/%zz\n");
    assert_eq!(published["diagnostics"], json!([]));
    let logged = client.next_notification("window/logMessage");
    assert!(
        logged["message"].as_str().unwrap().contains("not checked"),
        "{logged}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn watched_file_changes_refresh_the_link_checks() {
    let caps = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    let (client, _) = Client::start(caps, json!({"debounceMs": 0}), &[]);
    let published = client.open("index.md", "markdown", "[a](guide.md#install)\n");
    assert_eq!(published["diagnostics"][0]["code"], "L001");
    // The target appears, without its heading: L002.
    let guide = client.root.path().join("guide.md");
    std::fs::write(&guide, "# Guide\n").unwrap();
    let changed = json!({"changes": [{"uri": client.uri("guide.md"), "type": 1}]});
    client.notify("workspace/didChangeWatchedFiles", changed.clone());
    let published = client.next_notification("textDocument/publishDiagnostics");
    assert_eq!(published["diagnostics"][0]["code"], "L002");
    // The heading is written and saved in another editor.
    std::fs::write(&guide, "# Guide\n\n## Install\n").unwrap();
    client.notify("workspace/didChangeWatchedFiles", changed);
    let published = client.next_notification("textDocument/publishDiagnostics");
    assert_eq!(published["diagnostics"], json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn the_watcher_is_registered_when_the_client_can() {
    let caps = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    let (client, _) = Client::start(caps, json!({}), &[]);
    let registration = loop {
        match client.conn.receiver.recv_timeout(TIMEOUT).unwrap() {
            Message::Request(r) if r.method == "client/registerCapability" => break r.params,
            _ => {}
        }
    };
    assert_eq!(
        registration["registrations"][0]["method"],
        "workspace/didChangeWatchedFiles"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn random_edits_and_requests_are_all_answered() {
    // Positions past line ends and the text's end, inside surrogate
    // pairs, reversed ranges, whole replacements; every request must be
    // answered and the server must still shut down cleanly.
    let (mut client, _) = Client::start(json!({}), json!({"debounceMs": 0}), &[]);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let junk = [
        "",
        "x",
        "😀",
        "é\r\n",
        "\r",
        "<http://a.example/b\n  c>",
        "%zz",
        "[a](b.md#c)",
        "\0",
    ];
    let docs = [
        ("a.md", "markdown", DOC),
        ("b.txt", "plaintext", "see <http://a/b\n c>\r\nmore"),
    ];
    for (name, language, text) in docs {
        client.open(name, language, text);
        let uri = client.uri(name);
        for version in 2..40 {
            let mut pos = || {
                let line = [0, 1, 3, 99][next(4) as usize];
                let character = [0, 1, 5, 999][next(4) as usize];
                json!({"line": line, "character": character})
            };
            let (start, end) = (pos(), pos());
            let change = if next(10) == 0 {
                json!({"text": junk[next(junk.len() as u64) as usize]})
            } else {
                json!({"range": {"start": start, "end": end}, "text": junk[next(junk.len() as u64) as usize]})
            };
            client.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}),
            );
            let at = json!({"textDocument": {"uri": uri}, "position": start});
            let (method, params) = match next(4) {
                0 => ("textDocument/hover", at),
                1 => ("textDocument/definition", at),
                2 => (
                    "textDocument/documentLink",
                    json!({"textDocument": {"uri": uri}}),
                ),
                _ => (
                    "textDocument/codeAction",
                    json!({"textDocument": {"uri": uri}, "range": {"start": start, "end": end},
                           "context": {"diagnostics": []}}),
                ),
            };
            let answer = client.request(method, params);
            assert!(answer.get("error").is_none(), "{method}: {answer}");
        }
    }
    assert_eq!(client.shutdown(), 0);
}

/// L8 of the 2026-11-29 review: a `file:` URI naming a file outside the
/// workspace folder leads nowhere (as `../outside/sec.md` does), while
/// one inside it still leads to its heading.
#[test]
fn file_uris_outside_the_workspace_lead_nowhere() {
    let outside = tempfile::tempdir().unwrap();
    let sec = outside.path().canonicalize().unwrap().join("sec.md");
    std::fs::write(&sec, "# Sec\n\n## Secret token 42\n").unwrap();
    let files = [("inside.md", "# In\n\n## Here\n")];
    let (mut client, _) = Client::start(json!({}), json!({}), &files);
    let outside_uri = format!("{}#secret-token-42", super::convert::file_uri(&sec));
    let inside_uri = format!("{}#here", client.uri("inside.md"));
    let text = format!("out {outside_uri} here\nin {inside_uri} here\n");
    client.open("notes.txt", "plaintext", &text);
    let uri = client.uri("notes.txt");
    let at = |line: u32| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 10}});
    let out = client.request("textDocument/definition", at(0));
    assert_eq!(out, Value::Null, "{out}");
    let inside = client.request("textDocument/definition", at(1));
    assert_eq!(
        client.portable(&inside),
        json!({"uri": "file://$ROOT/inside.md",
               "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}}})
    );
    let links = client.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": uri}}),
    );
    let targets: Vec<&str> = links
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["target"].as_str())
        .collect();
    assert!(targets.iter().all(|t| !t.contains("sec.md")), "{targets:?}");
    assert!(
        targets.iter().any(|t| t.ends_with("/inside.md#L3")),
        "{targets:?}"
    );
    assert_eq!(client.shutdown(), 0);
}

/// M9 of the 2026-11-29 review: a document with a finding on every line
/// published them all (1,070,886 for 48 MB, 5.6 GB held). The first
/// `maxDiagnostics` (1,000 by default) are published, and one more
/// diagnostic says how many were left out.
#[test]
fn many_findings_publish_the_first_ones_and_a_summary() {
    let text = "see http://a.example/%zz here\n".repeat(3000);
    let (client, _) = Client::start(json!({}), json!({}), &[]);
    let published = client.open("many.txt", "plaintext", &text);
    let d = published["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 1001);
    assert!(d[..1000].iter().all(|d| d["code"] == "U002"));
    // In the document's order: the first 1,000 lines.
    assert_eq!(d[999]["range"]["start"]["line"], 999);
    assert_eq!(d[1000]["severity"], 3, "{}", d[1000]);
    assert_eq!(
        d[1000]["message"],
        "2000 more findings not shown: only the first 1000 are (maxDiagnostics)"
    );
    assert_eq!(client.shutdown(), 0);
    let (client, _) = Client::start(json!({}), json!({"maxDiagnostics": 10}), &[]);
    let published = client.open("many.txt", "plaintext", &text);
    assert_eq!(published["diagnostics"].as_array().unwrap().len(), 11);
    let small = client.open(
        "few.txt",
        "plaintext",
        &"see http://a.example/%zz\n".repeat(10),
    );
    assert_eq!(small["diagnostics"].as_array().unwrap().len(), 10);
    assert_eq!(client.shutdown(), 0);
}

/// What the server keeps of a document with many findings: at most
/// `maxDiagnostics` findings, and no "fix all" edits past as many; those
/// are made when asked for by kind, and not offered at each cursor move.
#[test]
fn what_is_kept_per_document_is_bounded() {
    let (server_side, _client_side) = Connection::memory();
    let params: lsp_types::InitializeParams = serde_json::from_value(json!({
        "capabilities": {},
        "initializationOptions": {"maxDiagnostics": 10},
    }))
    .unwrap();
    let mut server = super::Server::new(&server_side, &params, super::Encoding::Utf16);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    let uri: lsp_types::Uri = super::convert::file_uri(&path).parse().unwrap();
    let key = uri.as_str().to_string();
    // D005 (a URI broken across lines) has a safe fix: rejoin it.
    let text = "see <http://a.example/b\n  c> here\n".repeat(500);
    let doc = super::Document::new(uri.clone(), path, 1, "plaintext".into(), text);
    server.documents.insert(key.clone(), doc);
    server.check(&key);
    let stored = &server.findings[&key];
    assert_eq!((stored.kept.len(), stored.left_out), (10, 490));
    let actions = |only: Value| -> lsp_types::CodeActionParams {
        serde_json::from_value(json!({
            "textDocument": {"uri": key},
            "range": {"start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 8}},
            "context": {"diagnostics": [], "only": only},
        }))
        .unwrap()
    };
    let fix_all_edits = |a: &[lsp_types::CodeActionOrCommand]| -> Option<usize> {
        a.iter().find_map(|a| match a {
            lsp_types::CodeActionOrCommand::CodeAction(a)
                if a.kind.as_ref().map(|k| k.as_str()) == Some(super::actions::FIX_ALL) =>
            {
                let edit = serde_json::to_value(a.edit.as_ref()?).ok()?;
                let changes = edit["changes"].as_object()?;
                Some(
                    changes
                        .values()
                        .filter_map(Value::as_array)
                        .map(Vec::len)
                        .sum(),
                )
            }
            _ => None,
        })
    };
    // At a cursor move (no `only`): the finding's own fixes, no fix all.
    let at_cursor = server.code_actions(actions(Value::Null));
    assert!(!at_cursor.is_empty());
    assert_eq!(fix_all_edits(&at_cursor), None);
    // Asked for by kind: made, all 500 edits, and not kept.
    let asked = server.code_actions(actions(json!(["source.fixAll"])));
    assert_eq!(fix_all_edits(&asked), Some(500));
    assert!(!server.fix_all.contains_key(&key));
    assert_eq!(server.findings[&key].kept.len(), 10);
}

/// A copy of `fixtures/<from>` in `to`.
fn copy_fixture(from: &str, to: &Path) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let dest = to.join(e.file_name());
            if e.path().is_dir() {
                copy(&e.path(), &dest);
            } else {
                std::fs::copy(e.path(), &dest).unwrap();
            }
        }
    }
    copy(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(from),
        to,
    );
}

/// `text` with the LSP `edits` (positions in UTF-16 code units; `text`
/// is ASCII, so they are bytes) applied.
fn apply_edits(text: &str, edits: &Value) -> String {
    assert!(text.is_ascii());
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let mut list: Vec<(usize, usize, String)> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    list.sort();
    let mut out = text.to_string();
    for (start, end, new) in list.into_iter().rev() {
        out.replace_range(start..end, &new);
    }
    out
}

/// Runs git in `dir`.
fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.email=t@example.org", "-c", "user.name=t"])
        .args(["-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `workspace/willRenameFiles` (issue 51): the server advertises it for
/// the formats `mv` reads and folders, and answers with `urilint mv`'s
/// edits of the links to the page (source file, built name,
/// root-relative, reference definition, raw HTML) and of the page's own;
/// the client applies them and moves the file, and the site has no
/// broken link. A document held with unsaved text gets no edit.
#[test]
fn will_rename_files_answers_with_the_edits_of_mv() {
    let root = tempfile::tempdir().unwrap();
    copy_fixture("mv/mkdocs", root.path());
    std::fs::create_dir_all(root.path().join("docs/setup")).unwrap();
    let (mut client, result) = Client::start_in(root, json!({}), json!({}));
    let filters = &result["capabilities"]["workspace"]["fileOperations"]["willRename"]["filters"];
    assert_eq!(
        filters[0]["pattern"]["glob"],
        "**/*.{md,markdown,mdx,html,htm,rst,adoc,asciidoc,png,jpg,jpeg,gif,svg,webp}"
    );
    assert_eq!(filters[1]["pattern"]["matches"], "folder");
    let old = client.uri("docs/user-guide/configuration.md");
    let new = client.uri("docs/setup/config.md");
    let rename = json!({"files": [{"oldUri": old, "newUri": new}]});
    let edit = client.request("workspace/willRenameFiles", rename.clone());
    let changes = edit["changes"].as_object().unwrap();
    let moves_uri = client.uri("docs/moves.md");
    let index_uri = client.uri("docs/index.md");
    let pages = [
        "docs/moves.md",
        "docs/index.md",
        "docs/user-guide/choosing-your-theme.md",
    ];
    assert_eq!(changes.len(), pages.len(), "{edit}");
    let root = client.root.path().canonicalize().unwrap();
    // The client applies the edit, then moves the file.
    for page in pages {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        let edited = apply_edits(&text, &changes[&client.uri(page)]);
        std::fs::write(root.join(page), &edited).unwrap();
    }
    let moved = std::fs::read_to_string(root.join("docs/moves.md")).unwrap();
    for want in [
        "[Source file with a fragment](setup/config.md#site_name)",
        "[Built name](../setup/config/#site_name)",
        "[Root-relative](/setup/config/#site_name)",
        "[conf]: setup/config.md \"Configuration\"",
    ] {
        assert!(moved.contains(want), "{want} in {moved}");
    }
    std::fs::rename(
        root.join("docs/user-guide/configuration.md"),
        root.join("docs/setup/config.md"),
    )
    .unwrap();
    client.notify("workspace/didChangeWatchedFiles", json!({"changes": []}));
    for page in [pages[0], pages[1], pages[2], "docs/setup/config.md"] {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        let published = client.open(page, "markdown", &text);
        assert_eq!(published["diagnostics"], json!([]), "{page}: {published}");
    }
    // Moving it back, with docs/moves.md open and changed in the editor:
    // no edit of it (its offsets would be the file's), the others made.
    let back = json!({"files": [{"oldUri": new, "newUri": old}]});
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": moves_uri, "version": 2},
            "contentChanges": [{"range": {
                "start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}
            }, "text": "Unsaved.\n"}]
        }),
    );
    let edit = client.request("workspace/willRenameFiles", back);
    let changes = edit["changes"].as_object().unwrap();
    assert!(!changes.contains_key(&moves_uri), "{edit}");
    assert!(changes.contains_key(&index_uri), "{edit}");
    assert_eq!(client.shutdown(), 0);
}

/// With `since` (issue 51), a link to a page renamed since the revision
/// and one to a heading reworded since get their safe fixes as preferred
/// quick fixes, and every finding is still shown; without it, a broken
/// fragment gets the closest anchor as an unsafe quick fix.
#[test]
fn since_offers_the_fixes_of_renamed_pages_and_reworded_headings() {
    let root = tempfile::tempdir().unwrap();
    let d = root.path();
    copy_fixture("mv/docusaurus", d);
    let page = "docs/introduction/reworded.md";
    std::fs::write(
        d.join(page),
        "---\nid: reworded\n---\n\n- [Reducer](../understanding/thinking-in-redux/Glossary.md#reducer)\n- [Store](../api/Store.md#getstate)\n- [State](../understanding/thinking-in-redux/Glossary.md#stat)\n",
    )
    .unwrap();
    git(d, &["init", "-q"]);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "-m", "base"]);
    git(d, &["tag", "base"]);
    let glossary = d.join("docs/understanding/thinking-in-redux/Glossary.md");
    let text = std::fs::read_to_string(&glossary).unwrap();
    std::fs::write(&glossary, text.replace("## Reducer", "## State")).unwrap();
    git(d, &["mv", "docs/api/Store.md", "docs/api/store-api.md"]);
    let text = std::fs::read_to_string(d.join(page)).unwrap();
    let (mut client, _) = Client::start_in(root, json!({}), json!({"since": "base"}));
    let published = client.open(page, "markdown", &text);
    let messages: Vec<&str> = published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), 3, "{published}");
    let uri = client.uri(page);
    let all = json!({
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 7, "character": 0}},
        "context": {"diagnostics": [], "only": ["quickfix"]}
    });
    let actions = client.request("textDocument/codeAction", all.clone());
    let fix = |title: &str| -> Value {
        actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["title"].as_str().unwrap().contains(title))
            .cloned()
            .unwrap_or_else(|| panic!("{title} in {actions}"))
    };
    let heading = fix("link to #state-1, the heading's new id");
    assert_eq!(heading["isPreferred"], true);
    assert_eq!(heading["kind"], "quickfix");
    let edits = &heading["edit"]["changes"][uri.as_str()];
    assert!(apply_edits(&text, edits).contains("Glossary.md#state-1)"));
    let renamed = fix("the page's new place");
    assert_eq!(renamed["isPreferred"], true);
    let edits = &renamed["edit"]["changes"][uri.as_str()];
    assert!(apply_edits(&text, edits).contains("(../api/store-api.md#getstate)"));
    let closest = fix("link to #state, the closest that exists");
    assert_eq!(closest["kind"], "quickfix.urilint.unsafe");
    assert_eq!(client.shutdown(), 0);
    // Without `since`: the reworded heading has no safe fix, and the
    // closest anchor is offered where there is one.
    let (mut client, _) = Client::start_in(
        {
            let t = tempfile::tempdir().unwrap();
            copy_fixture("mv/docusaurus", t.path());
            std::fs::write(t.path().join(page), &text).unwrap();
            t
        },
        json!({}),
        json!({}),
    );
    client.open(page, "markdown", &text);
    let uri = client.uri(page);
    let mut all = all;
    all["textDocument"]["uri"] = json!(uri);
    let actions = client.request("textDocument/codeAction", all);
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(titles.iter().all(|t| !t.contains("new id")), "{titles:?}");
    assert!(
        titles
            .iter()
            .any(|t| t.contains("link to #state, the closest that exists")),
        "{titles:?}"
    );
    assert_eq!(client.shutdown(), 0);
}
