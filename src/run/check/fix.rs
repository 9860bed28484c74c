//! `--fix`, `--diff`, `--add-ignore` and an editor's fixes: fix passes to
//! a fixed point over the file with the edits laid over it, written back
//! atomically or printed as a diff.

use std::io::{self, Read};
use std::sync::atomic::Ordering;

use super::*;
use crate::fix::write::Target;
use crate::fix::{diff, write_edited, Edit, Edited, ReadAtReader};
use crate::format::detect::InputFormat;
use crate::format::writes::{DataFormat, NotWritten, Writes};
use crate::lines::{Lines, ReadAt};
use crate::lint::markdown_links;
use crate::lint::suppress::suppressed;
use crate::lint::Diagnostic;
use crate::pipeline::Sink;
use crate::run::{decoded, never_written, open_target, write_back, NotOpened, Stats};
use crate::sink::Notice;
use crate::source::Input;

impl Checker<'_> {
    /// Fixes `input`, writes it back or prints the diff, and reports what
    /// is left. The fixes are exactly those of the findings `check`
    /// reports for it, placed in the file as [`Checker::report`] places them;
    /// a file is read again for every fix pass, with the edits found so
    /// far laid over it ([`crate::fix::Edited`]), and written back as a
    /// stream: memory is bounded by the findings and edits. A data file
    /// is parsed again first ([`crate::format::structure`]); edits that
    /// would change its structure are left out. Standard input is held in
    /// memory, up to [`MAX_STDIN_FIX`] bytes.
    pub(super) fn fix(&self, input: &Input, mode: FixMode, sink: &mut Sink<'_, '_>) {
        match input {
            Input::Stdin { name } => {
                let original = match read_stdin_capped(MAX_STDIN_FIX) {
                    Ok(b) => b,
                    Err(e) => {
                        Stats::add(&self.stats.errors, 1);
                        sink.notice(Notice::ReadFailed {
                            name: "-".to_string(),
                            error: e,
                        });
                        return;
                    }
                };
                let path = name.as_deref().unwrap_or(std::path::Path::new(""));
                let (format, writes) = self.classify(&original, path);
                if let Writes::ReportOnly(NotWritten::Mail | NotWritten::Gzip) = writes {
                    // Passed through unchanged: mail is never rewritten.
                    Stats::add(&self.stats.not_written, 1);
                    let kind = never_written(&original, path).unwrap_or("mail");
                    sink.notice(Notice::NeverWritten {
                        name: "-".to_string(),
                        kind,
                        reported: false,
                    });
                    if mode == FixMode::Fix {
                        sink.out().extend_from_slice(&original);
                    }
                    return;
                }
                let len = original.len() as u64;
                self.fix_source(
                    input,
                    original.as_slice(),
                    len,
                    (format, writes),
                    mode,
                    sink,
                    None,
                );
            }
            Input::Document { .. } => {
                // Reported as without --fix; never written.
                Stats::add(&self.stats.not_written, 1);
                sink.notice(Notice::NotAFile {
                    name: input.display_name(),
                });
                self.report(input, sink);
            }
            Input::File { .. } => {
                // Opened by the write protocol (regular files only, no
                // link followed that the walk did not decide to follow);
                // `--diff` opens it for reading only.
                let policy = (mode == FixMode::Fix).then_some(self.write);
                let target = match open_target(input, policy, self.stats, sink) {
                    Ok(t) => t,
                    // Mail is read, never written: its findings are
                    // reported as without --fix.
                    Err(NotOpened::NeverWritten) => return self.report(input, sink),
                    Err(NotOpened::Skipped) => return,
                };
                // What the file holds now, to compare right before writing.
                let digest = match mode {
                    FixMode::Fix => match target.digest() {
                        Ok(d) => d,
                        Err(e) => {
                            Stats::add(&self.stats.errors, 1);
                            sink.notice(Notice::ReadFailed {
                                name: self.name.clone(),
                                error: e,
                            });
                            return;
                        }
                    },
                    _ => 0,
                };
                let head = target.head().unwrap_or_default();
                let class = self.classify(&head, input.path());
                self.fix_source(
                    input,
                    target.file(),
                    target.len(),
                    class,
                    mode,
                    sink,
                    Some((&target, digest)),
                );
                // The links of a Markdown, reStructuredText or HTML
                // document were checked by the fix passes, in the text as
                // written.
                drop(target);
            }
        }
    }

    /// An editor's request on `input`, a document held in memory
    /// ([`Editor`]): its findings as [`Checker::report`] gives them, or the
    /// edits of the fixes [`Checker::fix`] would write (none for mail and
    /// other files urilint never writes, and for a Markdown,
    /// reStructuredText, AsciiDoc or roff document over the size read
    /// whole).
    pub(super) fn for_editor(&self, input: &Input, editor: &Editor<'_>, sink: &mut Sink<'_, '_>) {
        match editor.want {
            EditorWant::Findings => self.report(input, sink),
            EditorWant::FixAll => {
                let Input::Document { name, bytes } = input else {
                    return;
                };
                let (format, writes) = self.classify(bytes, name);
                let capped = matches!(
                    format,
                    InputFormat::Markdown
                        | InputFormat::Rst
                        | InputFormat::Asciidoc
                        | InputFormat::Roff
                );
                let too_long = capped && bytes.len() > crate::format::mbox::MAX_MESSAGE;
                let edits = if matches!(writes, Writes::ReportOnly(_)) || too_long {
                    Vec::new()
                } else {
                    self.fixed_edits(
                        input,
                        &bytes[..],
                        bytes.len() as u64,
                        (format, writes),
                        sink,
                    )
                    .map(|f| f.edits)
                    .unwrap_or_default()
                };
                *editor.edits.lock().unwrap_or_else(|p| p.into_inner()) = Some(edits);
            }
        }
    }

    /// The format of a file named `path` whose first bytes are `head`
    /// (`--input-format`, or detected), and what may be written into it.
    pub(super) fn classify(&self, head: &[u8], path: &std::path::Path) -> (InputFormat, Writes) {
        let format = match self.input_format {
            InputFormat::Auto => crate::format::detect::detect(head, path),
            f => f,
        };
        (format, crate::format::writes::writes(format, path, head))
    }

    /// `--add-ignore` on `input`: its findings as reported now get a
    /// marker each where the file has a safe place for one
    /// ([`crate::fix::add_ignore`]), written as `--fix` writes; the
    /// findings left unmarked are reported, placed in the file as written.
    /// Standard input and mail are never written.
    pub(super) fn add_ignore(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        if let Input::Stdin { .. } = input {
            Stats::add(&self.stats.errors, 1);
            sink.notice(Notice::AddIgnoreStdin);
            return;
        }
        let target = match open_target(input, Some(self.write), self.stats, sink) {
            Ok(t) => t,
            Err(NotOpened::NeverWritten) => return self.report(input, sink),
            Err(NotOpened::Skipped) => return,
        };
        let (digest, text) = match target
            .digest()
            .and_then(|d| Ok((d, crate::lint::read_all(target.file(), MAX_STDIN_FIX)?)))
        {
            Ok(r) => r,
            Err(e) => {
                Stats::add(&self.stats.errors, 1);
                sink.notice(Notice::ReadFailed {
                    name: self.name.clone(),
                    error: e,
                });
                return;
            }
        };
        // The findings as `check` reports them (suppressed ones and code
        // left out), collected instead of printed.
        *self.collected.lock().unwrap_or_else(|p| p.into_inner()) = Some(Vec::new());
        self.report(input, sink);
        let found = self.take_collected();
        self.withheld.store(0, Ordering::Relaxed);
        let (format, writes) = self.classify(&text, input.path());
        let layout = crate::fix::add_ignore::Layout::of(format, &text);
        let syntax = crate::fix::add_ignore::comment_syntax(format, input.path())
            .filter(|_| writes.writable() && !found.is_empty());
        let syntax = crate::fix::add_ignore::mdx_in_site(syntax, input.path(), self.sites);
        let at: Vec<(u64, &str)> = found.iter().map(|d| (d.byte_offset, d.code)).collect();
        let mut markers = crate::fix::add_ignore::marker_edits(&text, syntax, &layout, &at);
        // Each marker must leave the file as its parser reads it.
        if let Some(kind) = crate::fix::add_ignore::verified_as(format, writes) {
            crate::fix::add_ignore::keep_verified(&text, kind, &mut markers);
        }
        let mut edits: &[Edit] = &markers.edits;
        if !edits.is_empty() {
            match write_back(&target, digest, edits) {
                Ok(()) => {
                    Stats::add(&self.stats.fixed, markers.lines_marked as u64);
                    Stats::add(&self.stats.files_changed, 1);
                }
                Err(e) => {
                    Stats::add(&self.stats.errors, 1);
                    sink.notice(Notice::Error(e));
                    edits = &[];
                }
            }
        }
        drop(target);
        let unmarked: std::collections::HashSet<u64> =
            markers.unmarked.iter().map(|&(at, _)| at).collect();
        // When the write failed, every finding is still there.
        let write_failed = edits.is_empty() && !markers.edits.is_empty();
        let mut lines = Lines::new(Edited::new(text.as_slice(), text.len() as u64, edits));
        for d in &found {
            if !write_failed && !unmarked.contains(&d.byte_offset) {
                continue;
            }
            // Placed in the file as written: markers before it shift it.
            let mut d = d.clone();
            let before = edits.iter().filter(|e| e.start <= d.byte_offset);
            let (grow, new_lines) = before.fold((0u64, 0u64), |(g, l), e| {
                (
                    g + e.replacement.len() as u64,
                    l + u64::from(e.replacement.ends_with('\n')),
                )
            });
            d.byte_offset += grow;
            d.uri_span = d.uri_span.start + grow..d.uri_span.end + grow;
            d.line += new_lines;
            d.end_line += new_lines;
            self.emit(sink, &d, Some(&mut lines));
        }
        if let Some(&(_, why)) = markers.unmarked.first() {
            let why = match (writes, why) {
                (Writes::ReportOnly(w), _) => w.reason(),
                (_, why) => why.reason().to_string(),
            };
            sink.notice(Notice::NotMarked {
                name: self.name.clone(),
                count: markers.unmarked.len(),
                why,
            });
        }
    }

    /// The findings of one fix pass over `src` (the text with the edits
    /// found so far laid over it), read as `format`, with their fixes
    /// placed as [`Checker::report`] places them; suppressed findings left
    /// out. Read problems are said into `sink`, and fixes the file does
    /// not take are counted, when `say` (the first pass).
    pub(super) fn pass_findings<S: ReadAt + Clone>(
        &self,
        src: S,
        class: (InputFormat, Writes),
        sink: &mut Sink<'_, '_>,
        say: bool,
    ) -> io::Result<Vec<Diagnostic>> {
        let mut all = Vec::new();
        self.each_pass_finding(src, class, sink, say, |d| all.push(d))?;
        Ok(all)
    }

    /// [`Checker::pass_findings`], handing each finding to `each` in file
    /// order instead of collecting them: a plain-text file is scanned as a
    /// stream, so a pass holds its fixes, not its findings.
    pub(super) fn each_pass_finding<S: ReadAt + Clone>(
        &self,
        src: S,
        (format, writes): (InputFormat, Writes),
        sink: &mut Sink<'_, '_>,
        say: bool,
        mut each: impl FnMut(Diagnostic),
    ) -> io::Result<()> {
        if format == InputFormat::Text {
            // The links of a Python file's docstrings that pages render
            // (`--links local`; with `--since`, fixes of cross-references
            // to reworded headings), given out in file order among the
            // text's findings, as without `--fix`.
            let mut docstrings: std::collections::VecDeque<Diagnostic> =
                self.docstring_findings_of(src.clone()).into();
            let mut give = |mut d: Diagnostic| {
                self.text_policy(writes, &mut d, say);
                each(d);
            };
            self.linter
                .lint_each(&self.name, src, self.rules, self.scan, |d| {
                    while docstrings
                        .front()
                        .is_some_and(|x| x.byte_offset < d.byte_offset)
                    {
                        if let Some(x) = docstrings.pop_front() {
                            give(x);
                        }
                    }
                    give(d);
                })?;
            docstrings.into_iter().for_each(give);
            return Ok(());
        }
        let found = std::sync::Mutex::new(Vec::new());
        let reads = Stats::default();
        let mut part = sink.parts().sink();
        decoded::scan_units(
            &self.name,
            decoded::Decodable::Stream(ReadAtReader::new(src), format),
            self.read,
            0,
            self.scan,
            &reads,
            &mut part,
            |unit, piece, f, _, lines| {
                let mut kept: Vec<Diagnostic> = self
                    .decoded_found(unit, piece, &f, true, writes, say)
                    .into_iter()
                    .filter(|d| !suppressed(lines, d))
                    .collect();
                if let Ok(mut all) = found.lock() {
                    all.append(&mut kept);
                }
            },
            |_| {},
            |unit, _, lines| {
                let mut kept = match format {
                    InputFormat::Markdown => markdown_links::findings(&self.name, unit, self.rules),
                    _ => Vec::new(),
                };
                kept.extend(self.xref_findings(unit, format));
                kept.extend(self.autoref_findings(unit, format));
                kept.retain(|d| !suppressed(lines, d));
                if let Ok(mut all) = found.lock() {
                    all.append(&mut kept);
                }
            },
        );
        if Stats::get(&reads.errors) > 0 {
            return Err(io::Error::other("the document could not be read whole"));
        }
        if say {
            sink.absorb(part);
        }
        let mut all = found.into_inner().unwrap_or_else(|p| p.into_inner());
        all.sort_by_key(|d| (d.byte_offset, d.uri_span.end));
        all.into_iter().for_each(each);
        Ok(())
    }

    /// [`Checker::fix`] on the text of `src` (`len` bytes), a file in `format`
    /// that takes `writes`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fix_source<S: ReadAt + Clone>(
        &self,
        input: &Input,
        src: S,
        len: u64,
        (format, writes): (InputFormat, Writes),
        mode: FixMode,
        sink: &mut Sink<'_, '_>,
        target: Option<(&Target, u64)>,
    ) {
        // Markdown, reStructuredText, AsciiDoc and roff are read whole up
        // to a cap; a longer one is read only in part, and never written.
        let capped = matches!(
            format,
            InputFormat::Markdown | InputFormat::Rst | InputFormat::Asciidoc | InputFormat::Roff
        );
        if capped && len > crate::format::mbox::MAX_MESSAGE as u64 {
            // Read only in part (its start): never written.
            sink.notice(Notice::ReadInPart {
                name: input.display_name(),
                mib: crate::format::mbox::MAX_MESSAGE / (1024 * 1024),
            });
            if let Input::Stdin { .. } = input {
                // Already read: passed through as it is.
                if mode == FixMode::Fix {
                    let _ = write_edited(src, len, &[], sink.out());
                }
                return;
            }
            return self.report(input, sink);
        }
        Stats::add(&self.stats.files, 1);
        Stats::add(&self.stats.bytes, len);
        let Some(fixed) = self.fixed_edits(input, src.clone(), len, (format, writes), sink) else {
            return;
        };
        self.say_withheld(input, writes, sink);
        let changed = !fixed.edits.is_empty();
        if mode == FixMode::Diff {
            if changed {
                Stats::add(&self.stats.files_changed, 1);
                Stats::add(&self.stats.fixed, fixed.applied as u64);
                self.stats.record_fixed(&self.name, &fixed.fixed);
                if let Err(e) = diff::unified_edits(
                    sink.out(),
                    input.path().as_os_str().as_encoded_bytes(),
                    src.clone(),
                    len,
                    &fixed.edits,
                ) {
                    Stats::add(&self.stats.errors, 1);
                    sink.notice(Notice::ReadFailed {
                        name: self.name.clone(),
                        error: e,
                    });
                }
            }
            return;
        }
        let mut remaining = fixed.remaining;
        let mut edits: &[Edit] = &fixed.edits;
        if let Input::Stdin { .. } = input {
            // The (fixed) text is the output; findings go to stderr.
            if let Err(e) = write_edited(src.clone(), len, edits, sink.out()) {
                Stats::add(&self.stats.errors, 1);
                sink.notice(Notice::ReadFailed {
                    name: "-".to_string(),
                    error: e,
                });
                return;
            }
            // Their columns in the run's unit, counted on the fixed text.
            let mut lines = Lines::new(Edited::new(src.clone(), len, edits));
            for d in &remaining {
                self.stats.count(d);
                sink.finding_left(d, Some(&mut lines));
            }
            if changed {
                Stats::add(&self.stats.fixed, fixed.applied as u64);
                Stats::add(&self.stats.files_changed, 1);
                self.stats.record_fixed(&self.name, &fixed.fixed);
            }
            return;
        }
        if changed {
            if let Some((target, digest)) = target {
                match write_back(target, digest, edits) {
                    Ok(()) => {
                        Stats::add(&self.stats.fixed, fixed.applied as u64);
                        Stats::add(&self.stats.files_changed, 1);
                        self.stats.record_fixed(&self.name, &fixed.fixed);
                    }
                    Err(e) => {
                        Stats::add(&self.stats.errors, 1);
                        sink.notice(Notice::Error(e));
                        edits = &[];
                        remaining = self
                            .pass_findings(src.clone(), (format, writes), sink, false)
                            .unwrap_or_default();
                    }
                }
            }
        }
        let mut lines = Lines::new(Edited::new(src, len, edits));
        for d in &remaining {
            self.emit(sink, d, Some(&mut lines));
        }
    }

    /// The edits of the fixes `--fix` applies to the text of `src` (`len`
    /// bytes) of `input`, a file in `format` that takes `writes`: the fix
    /// passes to a fixed point, and for a data file only the edits that
    /// leave its structure as it was. `None` when the text could not be
    /// read (said into `sink` and counted).
    pub(super) fn fixed_edits<S: ReadAt + Clone>(
        &self,
        input: &Input,
        src: S,
        len: u64,
        (format, writes): (InputFormat, Writes),
        sink: &mut Sink<'_, '_>,
    ) -> Option<crate::fix::FixedEdits<Diagnostic>> {
        // The URIs of the original text (first pass), for a data file's
        // check.
        let mut uris: Vec<std::ops::Range<u64>> = Vec::new();
        let mut first = true;
        let data = matches!(writes, Writes::Data(_));
        let result = crate::fix::fix_edits_until_stable(len, |edits, keep_findings| {
            let mut text = Edited::new(src.clone(), len, edits);
            let mut pass = crate::fix::Pass {
                fixes: Vec::new(),
                findings: Vec::new(),
            };
            let say = first;
            first = false;
            let reader = text.clone();
            let run = || {
                self.each_pass_finding(reader, (format, writes), sink, say, |mut d| {
                    if !self.new_since(&d) {
                        // `--since`: only what it reports is fixed (issue 51).
                        d.fix = None;
                    }
                    if say && data {
                        uris.push(d.uri_span.clone());
                    }
                    self.linter
                        .add_to_pass(&mut pass, d, &mut text, keep_findings);
                })
            };
            // The links passed over are counted by the first pass, as
            // `check` counts them; the next passes read them again.
            if say {
                run()?;
            } else {
                crate::links::quietly(run)?;
            }
            Ok::<_, io::Error>(pass)
        });
        let mut fixed = match result {
            Ok(f) => f,
            Err(e) => {
                Stats::add(&self.stats.errors, 1);
                sink.notice(Notice::ReadFailed {
                    name: self.name.clone(),
                    error: e,
                });
                return None;
            }
        };
        if let Writes::Data(data) = writes {
            let kept = self.verify_data(data, src.clone(), len, &uris, &fixed.edits);
            if kept.len() < fixed.edits.len() {
                sink.notice(Notice::EditsNotApplied {
                    name: input.display_name(),
                    count: fixed.edits.len() - kept.len(),
                    format: data.name(),
                });
                if kept.is_empty() {
                    fixed.applied = 0;
                    fixed.fixed.clear();
                }
                fixed.edits = kept;
                // What is left is reported as it is in the file.
                fixed.remaining = self
                    .pass_findings(
                        Edited::new(src.clone(), len, &fixed.edits),
                        (format, writes),
                        sink,
                        false,
                    )
                    .unwrap_or_default();
            }
        }
        Some(fixed)
    }

    /// The edits of `edits` (sorted, against the original text of `src`)
    /// that leave the data file parsing to the same structure
    /// ([`crate::fix::verify::keep_same_structure`]); `uris` are the URIs
    /// of the original text.
    pub(super) fn verify_data<S: ReadAt + Clone>(
        &self,
        data: DataFormat,
        src: S,
        len: u64,
        uris: &[std::ops::Range<u64>],
        edits: &[Edit],
    ) -> Vec<Edit> {
        use crate::format::structure;
        if edits.is_empty() {
            return Vec::new();
        }
        match crate::lint::read_all(src, structure::MAX_PARSED as u64) {
            Ok(before) if before.len() as u64 == len => crate::fix::verify::keep_same_structure(
                structure::Kind::Data(data),
                &before,
                uris,
                edits.to_vec(),
            ),
            _ => Vec::new(),
        }
    }
}

/// The most bytes of standard input that `check --fix -` and
/// `check --diff -` read: they hold it in memory, since every fix pass
/// reads it again. Larger input is refused with a message; files have no
/// such limit.
pub const MAX_STDIN_FIX: u64 = 256 * 1024 * 1024;

/// Reads standard input whole, refusing more than `limit` bytes.
pub(crate) fn read_stdin_capped(limit: u64) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    io::stdin().lock().take(limit + 1).read_to_end(&mut buf)?;
    if buf.len() as u64 > limit {
        return Err(io::Error::other(format!(
            "standard input is over {} MiB, the most that is fixed from standard input \
             (it is held in memory); fix the file in place instead",
            limit / (1024 * 1024)
        )));
    }
    Ok(buf)
}
