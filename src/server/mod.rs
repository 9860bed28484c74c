//! `urilint server`: the Language Server Protocol (LSP 3.17) over
//! standard input and output, so that editors show urilint's findings as
//! a document is typed and offer its fixes as code actions.
//!
//! Built on rust-analyzer's `lsp-server` (synchronous JSON-RPC with
//! `Content-Length` framing) and `lsp-types`. Documents are checked by
//! the same engine as `urilint check` ([`crate::run::DocumentChecker`]):
//! the same formats, rules, `urilint.toml` (nearest to the file) and
//! suppression markers; local links within the workspace folder. The
//! network is never used.
//!
//! What the server does:
//! * `textDocument/publishDiagnostics` after `didOpen`, and after
//!   `didChange` (incremental sync) once no change has come for the
//!   debounce time ([`workspace::ServerOptions::debounce_ms`]); positions
//!   in the encoding negotiated at `initialize` (UTF-8 when the client
//!   offers it, else UTF-16).
//! * `textDocument/codeAction`: fixes (safe ones preferred, unsafe ones
//!   as [`actions::UNSAFE_FIX`]), an `urilint: ignore[CODE]` marker, and
//!   [`actions::FIX_ALL`].
//! * `textDocument/hover`, `textDocument/definition` and
//!   `textDocument/documentLink` on the URIs of the document.
//! * `workspace/willRenameFiles`: the edits `urilint mv` makes of the
//!   links to pages and folders the editor is about to move ([`rename`]).
//! * Watched-file changes and saves refresh the link checks of every open
//!   document.

pub mod actions;
pub mod convert;
pub mod definition;
pub mod document_links;
pub mod documents;
pub mod found;
pub mod frames;
pub mod hover;
pub mod rename;
pub mod workspace;

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;

use documents::{Document, Encoding};
use workspace::{Folder, ServerOptions};

/// Why the server stopped other than by `exit`.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The client broke the protocol (framing, the initialize handshake).
    #[error("LSP protocol error: {0}")]
    Protocol(String),
    /// Standard input or output failed.
    #[error("LSP I/O error: {0}")]
    Io(#[from] std::io::Error),
    /// The client's frames could not be read any further ([`frames`]:
    /// a `Content-Length` over the limit, missing or invalid, L2 of the
    /// 2026-11-29 review).
    #[error("LSP protocol error: {0}")]
    Frame(#[from] frames::FrameError),
}

/// Serves one client over standard input and output until `exit`.
/// Returns the process's exit status: 0 after `shutdown` then `exit`, 1
/// after `exit` without `shutdown` or when the client went away (LSP 3.17
/// "exit Notification").
///
/// Frames are read by [`frames`]: content that is not a JSON-RPC message
/// is answered with an error and the server goes on; a frame that cannot
/// be delimited ends it with [`ServerError::Frame`].
///
/// # Errors
/// [`ServerError`] when the handshake or the I/O threads fail, or the
/// framing is lost.
pub fn stdio() -> Result<i32, ServerError> {
    let (connection, io) = frames::stdio()?;
    let served = serve(&connection);
    drop(connection);
    // The framing lost explains a handshake cut short.
    match (io.join(), served) {
        (Err(frames::FrameError::Write(e)), _) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            // A client that went away without reading the last answers.
            Ok(1)
        }
        (Err(e), _) => Err(e.into()),
        (Ok(()), served) => served,
    }
}

/// Serves one client on `connection` (from [`frames::stdio`], or
/// [`Connection::memory`] in tests) from its `initialize` request to
/// `exit`; returns the exit status as [`stdio`] does.
///
/// # Errors
/// [`ServerError::Protocol`] when the handshake fails.
pub fn serve(connection: &Connection) -> Result<i32, ServerError> {
    let (id, params) = connection
        .initialize_start()
        .map_err(|e| ServerError::Protocol(e.to_string()))?;
    let params: lsp_types::InitializeParams =
        serde_json::from_value(params).map_err(|e| ServerError::Protocol(e.to_string()))?;
    let encoding = Encoding::negotiate(
        params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref()),
    );
    let result = lsp_types::InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(lsp_types::ServerInfo {
            name: "urilint".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    let result = serde_json::to_value(result).map_err(|e| ServerError::Protocol(e.to_string()))?;
    connection
        .initialize_finish(id, result)
        .map_err(|e| ServerError::Protocol(e.to_string()))?;
    let mut server = Server::new(connection, &params, encoding);
    server.register_watchers(&params);
    Ok(server.run())
}

/// What the server offers.
fn capabilities(encoding: Encoding) -> lsp_types::ServerCapabilities {
    use lsp_types::*;
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        document_link_provider: Some(DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(actions::kinds()),
            resolve_provider: Some(false),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: Some(WorkspaceFileOperationsServerCapabilities {
                will_rename: Some(rename::will_rename_filters()),
                ..WorkspaceFileOperationsServerCapabilities::default()
            }),
        }),
        ..ServerCapabilities::default()
    }
}

/// What is kept of one document's check.
struct Stored {
    /// The document's version checked.
    version: i32,
    /// Its first findings (at most [`ServerOptions::max_diagnostics`]),
    /// those published.
    kept: Vec<crate::lint::Diagnostic>,
    /// How many findings came after them, neither published nor kept.
    left_out: u64,
}

/// The server's state.
struct Server<'c> {
    connection: &'c Connection,
    encoding: Encoding,
    options: ServerOptions,
    edit_style: actions::EditStyle,
    /// The workspace folders, the deepest first.
    folders: Vec<Folder>,
    /// For documents outside every folder.
    outside: Folder,
    documents: HashMap<String, Document>,
    /// The findings of each document at the version it was checked at:
    /// the first [`ServerOptions::max_diagnostics`], and how many more.
    findings: HashMap<String, Stored>,
    /// The edits of "fix all" of each document, at the version they were
    /// made for (editors ask for code actions at every cursor move); kept
    /// only when there are at most [`ServerOptions::max_diagnostics`].
    fix_all: HashMap<String, (i32, Vec<crate::fix::Edit>)>,
    /// Documents changed since they were last checked, and when the last
    /// change came.
    pending: HashSet<String>,
    last_change: Instant,
    shutdown: bool,
    next_id: i32,
    /// The configuration problems shown to the user so far.
    shown: HashSet<String>,
}

impl<'c> Server<'c> {
    fn new(
        connection: &'c Connection,
        params: &lsp_types::InitializeParams,
        encoding: Encoding,
    ) -> Server<'c> {
        let options: ServerOptions = params
            .initialization_options
            .clone()
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default();
        let document_changes = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.workspace_edit.as_ref())
            .and_then(|e| e.document_changes)
            .unwrap_or(false);
        let mut roots: Vec<std::path::PathBuf> = params
            .workspace_folders
            .iter()
            .flatten()
            .filter_map(|f| convert::file_path(f.uri.as_str()))
            .collect();
        #[allow(deprecated)]
        if roots.is_empty() {
            roots.extend(
                params
                    .root_uri
                    .as_ref()
                    .and_then(|u| convert::file_path(u.as_str())),
            );
        }
        let mut server = Server {
            connection,
            encoding,
            edit_style: actions::EditStyle { document_changes },
            folders: Vec::new(),
            outside: Folder::new(None, &options),
            options,
            documents: HashMap::new(),
            findings: HashMap::new(),
            fix_all: HashMap::new(),
            pending: HashSet::new(),
            last_change: Instant::now(),
            shutdown: false,
            next_id: 0,
            shown: HashSet::new(),
        };
        server.set_folders(roots);
        server
    }

    /// Makes the checkers of the folders `roots` (re-reading their
    /// configurations and forgetting what their link checks read).
    fn set_folders(&mut self, mut roots: Vec<std::path::PathBuf>) {
        roots.sort_by_key(|r| std::cmp::Reverse(r.components().count()));
        roots.dedup();
        self.folders = roots
            .into_iter()
            .map(|r| Folder::new(Some(r), &self.options))
            .collect();
        self.outside = Folder::new(None, &self.options);
        // Fixes depend on the configuration.
        self.fix_all.clear();
        let problems: Vec<String> = self
            .folders
            .iter()
            .filter_map(|f| f.problem.clone())
            .collect();
        for p in problems {
            // Once each, not at every save.
            if self.shown.insert(p.clone()) {
                self.show_message(lsp_types::MessageType::WARNING, &format!("urilint: {p}"));
            }
        }
    }

    /// Asks the client to tell of changes to any file of the workspace
    /// (targets of links appearing, disappearing or changing), when it
    /// can register the notification dynamically.
    fn register_watchers(&mut self, params: &lsp_types::InitializeParams) {
        let dynamic = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false);
        if !dynamic {
            return;
        }
        let options = lsp_types::DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![lsp_types::FileSystemWatcher {
                glob_pattern: lsp_types::GlobPattern::String("**/*".to_string()),
                kind: None,
            }],
        };
        let registration = lsp_types::Registration {
            id: "urilint-watched-files".to_string(),
            method: lsp_types::notification::DidChangeWatchedFiles::METHOD.to_string(),
            register_options: serde_json::to_value(options).ok(),
        };
        self.request(
            lsp_types::request::RegisterCapability::METHOD,
            lsp_types::RegistrationParams {
                registrations: vec![registration],
            },
        );
    }

    /// The main loop: messages until `exit`; changed documents are
    /// checked once no change has come for the debounce time.
    fn run(&mut self) -> i32 {
        let debounce = Duration::from_millis(self.options.debounce_ms);
        loop {
            let message = if self.pending.is_empty() {
                match self.connection.receiver.recv() {
                    Ok(m) => m,
                    Err(_) => return 1,
                }
            } else {
                let wait = debounce.saturating_sub(self.last_change.elapsed());
                match self.connection.receiver.recv_timeout(wait) {
                    Ok(m) => m,
                    Err(crossbeam_channel::RecvTimeoutError::Timeout) => {
                        self.check_pending();
                        continue;
                    }
                    Err(crossbeam_channel::RecvTimeoutError::Disconnected) => return 1,
                }
            };
            match message {
                Message::Request(req) => self.on_request(req),
                Message::Notification(n) => {
                    if n.method == lsp_types::notification::Exit::METHOD {
                        return if self.shutdown { 0 } else { 1 };
                    }
                    self.on_notification(n);
                }
                Message::Response(_) => {}
            }
        }
    }

    fn send(&self, message: Message) {
        // The client is gone when this fails; the loop ends at the next
        // receive.
        let _ = self.connection.sender.send(message);
    }

    fn request<P: serde::Serialize>(&mut self, method: &str, params: P) {
        self.next_id += 1;
        let id = RequestId::from(format!("urilint-{}", self.next_id));
        self.send(Message::Request(Request::new(
            id,
            method.to_string(),
            params,
        )));
    }

    fn notify<P: serde::Serialize>(&self, method: &str, params: P) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    fn show_message(&self, typ: lsp_types::MessageType, message: &str) {
        self.notify(
            lsp_types::notification::ShowMessage::METHOD,
            lsp_types::ShowMessageParams {
                typ,
                message: message.to_string(),
            },
        );
    }

    fn log(&self, message: &str) {
        self.notify(
            lsp_types::notification::LogMessage::METHOD,
            lsp_types::LogMessageParams {
                typ: lsp_types::MessageType::LOG,
                message: message.to_string(),
            },
        );
    }

    fn on_request(&mut self, req: Request) {
        use lsp_types::request::*;
        if self.shutdown {
            return self.send(Message::Response(Response::new_err(
                req.id,
                ErrorCode::InvalidRequest as i32,
                "the server is shutting down".to_string(),
            )));
        }
        let id = req.id.clone();
        let result: Result<serde_json::Value, (ErrorCode, String)> = match req.method.as_str() {
            Shutdown::METHOD => {
                self.shutdown = true;
                Ok(serde_json::Value::Null)
            }
            CodeActionRequest::METHOD => parse::<lsp_types::CodeActionParams>(only_as_list(req))
                .map(|p| self.code_actions(p))
                .and_then(to_value),
            HoverRequest::METHOD => parse::<lsp_types::HoverParams>(req)
                .map(|p| self.hover(p))
                .and_then(to_value),
            GotoDefinition::METHOD => parse::<lsp_types::GotoDefinitionParams>(req)
                .map(|p| self.definition(p))
                .and_then(to_value),
            DocumentLinkRequest::METHOD => parse::<lsp_types::DocumentLinkParams>(req)
                .map(|p| self.document_links(p))
                .and_then(to_value),
            WillRenameFiles::METHOD => parse::<lsp_types::RenameFilesParams>(req)
                .map(|p| self.will_rename(&p))
                .and_then(to_value),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("urilint does not handle {}", req.method),
            )),
        };
        let response = match result {
            Ok(v) => Response::new_ok(id, v),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(Message::Response(response));
    }

    fn on_notification(&mut self, n: Notification) {
        use lsp_types::notification::*;
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) =
                    n.extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_string();
                let path = document_path(&p.text_document.uri, &p.text_document.language_id);
                let doc = Document::new(
                    p.text_document.uri,
                    path,
                    p.text_document.version,
                    p.text_document.language_id,
                    p.text_document.text,
                );
                self.documents.insert(key.clone(), doc);
                self.pending.remove(&key);
                self.check(&key);
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_string();
                let enc = self.encoding;
                let Some(doc) = self.documents.get_mut(&key) else {
                    return;
                };
                if let Err(e) = doc.apply(p.content_changes, p.text_document.version, enc) {
                    self.log(&format!("urilint: {key}: {e}"));
                }
                self.pending.insert(key);
                self.last_change = Instant::now();
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = n
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_string();
                self.documents.remove(&key);
                self.findings.remove(&key);
                self.fix_all.remove(&key);
                self.pending.remove(&key);
                self.notify(
                    PublishDiagnostics::METHOD,
                    lsp_types::PublishDiagnosticsParams {
                        uri: p.text_document.uri,
                        diagnostics: Vec::new(),
                        version: None,
                    },
                );
            }
            DidSaveTextDocument::METHOD | DidChangeWatchedFiles::METHOD => self.refresh(),
            DidChangeWorkspaceFolders::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidChangeWorkspaceFoldersParams>(
                    DidChangeWorkspaceFolders::METHOD,
                ) else {
                    return;
                };
                let mut roots: Vec<std::path::PathBuf> =
                    self.folders.iter().filter_map(|f| f.root.clone()).collect();
                let removed: Vec<std::path::PathBuf> = p
                    .event
                    .removed
                    .iter()
                    .filter_map(|f| convert::file_path(f.uri.as_str()))
                    .collect();
                roots.retain(|r| !removed.contains(r));
                roots.extend(
                    p.event
                        .added
                        .iter()
                        .filter_map(|f| convert::file_path(f.uri.as_str())),
                );
                self.set_folders(roots);
                self.recheck_all();
            }
            _ => {}
        }
    }

    /// Files changed on disk (a save, a watched file): the link checks
    /// read them again, and every open document is checked again.
    fn refresh(&mut self) {
        let roots = self.folders.iter().filter_map(|f| f.root.clone()).collect();
        self.set_folders(roots);
        self.recheck_all();
    }

    fn recheck_all(&mut self) {
        self.pending.extend(self.documents.keys().cloned());
        self.last_change = Instant::now();
    }

    fn check_pending(&mut self) {
        let pending: Vec<String> = self.pending.drain().collect();
        for key in pending {
            self.check(&key);
        }
    }

    /// The folder whose checker checks `path`.
    fn folder(&self, path: &std::path::Path) -> &Folder {
        self.folders
            .iter()
            .find(|f| f.holds(path))
            .unwrap_or(&self.outside)
    }

    /// Checks document `key` now and publishes its diagnostics: the
    /// first [`ServerOptions::max_diagnostics`] findings, and when there
    /// are more, one diagnostic at the document's start saying how many
    /// were left out (M9 of the 2026-11-29 review).
    fn check(&mut self, key: &str) {
        self.pending.remove(key);
        let Some(doc) = self.documents.get(key) else {
            return;
        };
        let max = self.options.max_diagnostics;
        let folder = self.folder(&doc.path);
        // A file `check` leaves out (urilint.toml's `exclude`, or its
        // default: tests/, vendored files) has no findings.
        let checked = if folder.excludes(&doc.path) {
            crate::run::Checked::default()
        } else {
            folder.checker.first_findings(&doc.path, doc.bytes(), max)
        };
        let left_out = checked.value.left_out;
        let mut diagnostics: Vec<lsp_types::Diagnostic> = checked
            .value
            .kept
            .iter()
            .map(|d| convert::diagnostic(doc, self.encoding, d))
            .collect();
        if left_out > 0 {
            diagnostics.push(convert::left_out(checked.value.kept.len(), left_out));
        }
        self.notify(
            lsp_types::notification::PublishDiagnostics::METHOD,
            lsp_types::PublishDiagnosticsParams {
                uri: doc.uri.clone(),
                diagnostics,
                version: Some(doc.version),
            },
        );
        for n in &checked.notices {
            self.log(&crate::output::escape::text(&n.to_string()));
        }
        if left_out > 0 {
            self.log(&format!(
                "urilint: {}: {left_out} findings past the first {max} not shown (maxDiagnostics)",
                doc.uri.as_str()
            ));
        }
        let stored = Stored {
            version: doc.version,
            kept: checked.value.kept,
            left_out,
        };
        self.findings.insert(key.to_string(), stored);
    }

    /// The findings of document `key` at its current version (checked
    /// now if it changed since): those kept, and how many were left out.
    fn current(&mut self, key: &str) -> Option<(&Document, &[crate::lint::Diagnostic], u64)> {
        let stale = match (self.documents.get(key), self.findings.get(key)) {
            (Some(doc), Some(stored)) => {
                stored.version != doc.version || self.pending.contains(key)
            }
            (Some(_), None) => true,
            (None, _) => return None,
        };
        if stale {
            self.check(key);
        }
        let doc = self.documents.get(key)?;
        let stored = self.findings.get(key)?;
        Some((doc, &stored.kept, stored.left_out))
    }

    fn code_actions(
        &mut self,
        p: lsp_types::CodeActionParams,
    ) -> Vec<lsp_types::CodeActionOrCommand> {
        let key = p.text_document.uri.as_str().to_string();
        let enc = self.encoding;
        let style = self.edit_style;
        let only = p.context.only.clone();
        let only = only.as_deref();
        let Some((doc, found, left_out)) = self.current(&key) else {
            return Vec::new();
        };
        let doc = doc.clone();
        let found = found.to_vec();
        let folder = self.folder(&doc.path);
        let start = doc.offset(p.range.start, enc);
        let end = doc.offset(p.range.end, enc);
        let mut out = Vec::new();
        for d in &found {
            // Findings whose URI the range touches (an empty range: the
            // cursor), not only their underlined part.
            let span = convert::span_of(d);
            let first = span.start.min(d.uri_span.start as usize);
            if first > end || span.end < start {
                continue;
            }
            let ignore = folder
                .checker
                .ignore_marker(&doc.path, doc.text().as_bytes(), d.byte_offset, d.code)
                .ok();
            out.extend(actions::for_finding(&doc, enc, style, d, ignore, only));
        }
        // With findings left out, "fix all" is made only when asked for by
        // kind (on save), never at each cursor move: its edits are then
        // as many as the findings (M9 of the 2026-11-29 review).
        let offered = if left_out > 0 {
            only.is_some() && actions::wanted(only, actions::FIX_ALL)
        } else {
            actions::wanted(only, actions::FIX_ALL) && found.iter().any(|d| d.fix.is_some())
        };
        if offered {
            let cached = self
                .fix_all
                .get(&key)
                .filter(|(version, _)| *version == doc.version)
                .map(|(_, edits)| edits.clone());
            let edits = match cached {
                Some(edits) => edits,
                None => {
                    let edits = self
                        .folder(&doc.path)
                        .checker
                        .fix_all(&doc.path, doc.bytes())
                        .value;
                    if edits.len() <= self.options.max_diagnostics {
                        self.fix_all
                            .insert(key.clone(), (doc.version, edits.clone()));
                    }
                    edits
                }
            };
            out.extend(actions::fix_all(&doc, enc, style, &edits));
        }
        out
    }
}

impl Server<'_> {
    /// The URIs of document `key` as `check` reads them, the document and
    /// its folder.
    fn found(&mut self, key: &str) -> Option<(Document, Vec<found::FoundUri>, &Folder)> {
        let doc = self.documents.get(key)?.clone();
        let folder = self.folder(&doc.path);
        let missing_colon = folder
            .checker
            .check
            .linter
            .rules_for(&doc.path)
            .enabled(crate::lint::rules::missing_scheme_colon::RULE.code);
        let opts = found::FoundOptions::of_run(&folder.checker.opts, missing_colon);
        let uris = found::uris_of(&doc.path, doc.text().as_bytes(), &opts);
        Some((doc, uris, folder))
    }

    /// `textDocument/hover`: the URI under the cursor, its components,
    /// validity, normal form, target, and the findings on it.
    fn hover(&mut self, p: lsp_types::HoverParams) -> Option<lsp_types::Hover> {
        let key = p
            .text_document_position_params
            .text_document
            .uri
            .as_str()
            .to_string();
        let findings = self.current(&key).map(|(_, f, _)| f.to_vec())?;
        let enc = self.encoding;
        let (doc, uris, folder) = self.found(&key)?;
        let at = doc.offset(p.text_document_position_params.position, enc);
        let f = found::at_offset(&uris, at as u64)?;
        let ctx = hover::HoverContext {
            grammar: folder.checker.opts.grammar,
            links: folder.checker.check.links.as_ref(),
            tree: folder.root.as_deref(),
        };
        let text = hover::hover(f, &doc.path, &findings, &ctx);
        Some(lsp_types::Hover {
            contents: lsp_types::HoverContents::Markup(lsp_types::MarkupContent {
                kind: lsp_types::MarkupKind::Markdown,
                value: text,
            }),
            range: Some(doc.range(f.span.start as usize..f.span.end as usize, enc)),
        })
    }

    /// `textDocument/definition`: the file (and heading) a local link
    /// under the cursor leads to.
    fn definition(
        &mut self,
        p: lsp_types::GotoDefinitionParams,
    ) -> Option<lsp_types::GotoDefinitionResponse> {
        let key = p
            .text_document_position_params
            .text_document
            .uri
            .as_str()
            .to_string();
        let enc = self.encoding;
        let (doc, uris, folder) = self.found(&key)?;
        let at = doc.offset(p.text_document_position_params.position, enc);
        let f = found::at_offset(&uris, at as u64)?;
        let links = folder.checker.check.links.as_ref()?;
        let ctx = definition::DefinitionContext {
            links,
            tree: folder.root.as_deref(),
            current_text: Some(doc.text().as_bytes()),
        };
        let target = definition::definition(f, &doc.path, &ctx)?;
        let uri: lsp_types::Uri = convert::file_uri(&target.path).parse().ok()?;
        // The target's text: the editor's when it is open, else the file.
        let position = match target.offset {
            None => lsp_types::Position::default(),
            Some(offset) => {
                let open = self.documents.values().find(|d| d.path == target.path);
                let text = match open {
                    Some(d) => d.clone(),
                    None => {
                        let bytes = std::fs::read(&target.path).ok()?;
                        Document::new(
                            uri.clone(),
                            target.path.clone(),
                            0,
                            String::new(),
                            String::from_utf8_lossy(&bytes).into_owned(),
                        )
                    }
                };
                text.position(offset as usize, enc)
            }
        };
        Some(lsp_types::GotoDefinitionResponse::Scalar(
            lsp_types::Location {
                uri,
                range: lsp_types::Range {
                    start: position,
                    end: position,
                },
            },
        ))
    }

    /// `textDocument/documentLink`: the URIs of a document whose editor
    /// does not link them itself (plain text, mail, news, roff, reST,
    /// AsciiDoc; not Markdown or HTML), delimited as RFC 3986 Appendix C
    /// says and rejoined across line breaks.
    fn document_links(&mut self, p: lsp_types::DocumentLinkParams) -> Vec<lsp_types::DocumentLink> {
        use crate::format::detect::InputFormat;
        let key = p.text_document.uri.as_str().to_string();
        let enc = self.encoding;
        let Some((doc, uris, folder)) = self.found(&key) else {
            return Vec::new();
        };
        let format = match folder.checker.opts.input_format {
            InputFormat::Auto => crate::format::detect::detect(doc.text().as_bytes(), &doc.path),
            f => f,
        };
        if matches!(format, InputFormat::Markdown | InputFormat::Html) {
            return Vec::new();
        }
        let ctx = document_links::DocumentLinkContext {
            grammar: folder.checker.opts.grammar,
            links: folder.checker.check.links.as_ref(),
            tree: folder.root.as_deref(),
            current_text: Some(doc.text().as_bytes()),
        };
        document_links::document_links(&uris, &doc.path, &ctx)
            .into_iter()
            .filter_map(|(span, target)| {
                Some(lsp_types::DocumentLink {
                    range: doc.range(span.start as usize..span.end as usize, enc),
                    target: Some(target.parse().ok()?),
                    tooltip: None,
                    data: None,
                })
            })
            .collect()
    }
}

impl Server<'_> {
    /// `workspace/willRenameFiles`: the edits `urilint mv` would make of
    /// the links to the files and folders about to be renamed
    /// ([`rename::will_rename`]), each rename planned from the workspace
    /// folder holding it; what `mv` leaves alone is logged.
    fn will_rename(
        &mut self,
        p: &lsp_types::RenameFilesParams,
    ) -> Option<lsp_types::WorkspaceEdit> {
        let open: Vec<&Document> = self.documents.values().collect();
        let renamed = rename::will_rename(p, &open, self.encoding, self.edit_style, |path| {
            self.folder(path)
                .root
                .clone()
                .or_else(|| path.parent().map(std::path::Path::to_path_buf))
                .unwrap_or_default()
        });
        for line in &renamed.log {
            self.log(&crate::output::escape::text(line));
        }
        renamed.edit
    }
}

/// `req` with a `context.only` given as one string (`"quickfix"`, as
/// Neovim 0.7's `vim.lsp.buf.code_action{only = ...}` documents and
/// sends it) made the list LSP 3.17 says it is.
fn only_as_list(mut req: Request) -> Request {
    if let Some(only) = req.params.pointer_mut("/context/only") {
        if only.is_string() {
            *only = serde_json::Value::Array(vec![only.take()]);
        }
    }
    req
}

/// The request's parameters, or an `InvalidParams` error.
fn parse<P: serde::de::DeserializeOwned>(req: Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(req.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value<T: serde::Serialize>(v: T) -> Result<serde_json::Value, (ErrorCode, String)> {
    serde_json::to_value(v).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

/// The path a document stands for: its `file:` URI's path; for another
/// scheme (`untitled:`), a relative name made of its language, so that
/// its format is detected (`untitled.md` for Markdown), never opened.
fn document_path(uri: &lsp_types::Uri, language_id: &str) -> std::path::PathBuf {
    if let Some(p) = convert::file_path(uri.as_str()) {
        return p;
    }
    let ext = match language_id {
        "markdown" => "md",
        "restructuredtext" | "rst" => "rst",
        "asciidoc" => "adoc",
        "html" => "html",
        "groff" | "nroff" | "man" => "1",
        "mail" => "eml",
        _ => "txt",
    };
    std::path::PathBuf::from(format!("untitled.{ext}"))
}
#[cfg(test)]
mod tests;
