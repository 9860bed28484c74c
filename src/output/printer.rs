//! The printers of `urilint check` as sinks of the checker's events
//! ([`crate::sink::Sink`]): a [`Printer`] holds a run's report settings
//! (format, colour, column unit, `--show-fixes`, `--label`), and
//! [`Printer::sink`] makes the sink that renders one input's events into
//! its output and error buffers (the command line's ordered
//! `pipeline::Sink` buffers): findings in the run's format ([`human`],
//! [`plain`], [`jsonl`], [`sarif`], [`github`]) on the output, notices as
//! one escaped line each on the error buffer.
//!
//! It owns how a finding is printed (the column unit it is counted in,
//! the excerpt around it); it does not own which findings are reported
//! nor the SARIF log's envelope and the human summary around them.

use std::io::Write as _;

use super::{escape, github, human, jsonl, plain, sarif, Format};
use crate::fix::Applicability;
use crate::lines::Excerpt;
use crate::lint::rules::catalogue;
use crate::lint::Diagnostic;
use crate::position::ColumnUnit;
use crate::sink::{Notice, ReadBack, Sink};

/// The report settings of a `check` run: how its findings are printed.
#[derive(Clone, Debug, Default)]
pub struct Printer {
    /// `--format`.
    pub format: Format,
    /// Colour in the human format.
    pub color: bool,
    /// `--column-unit`: what the columns of the `human`, `plain` and
    /// `github` formats (and of the findings `--fix -` leaves) count; JSON
    /// Lines and SARIF keep theirs (characters).
    pub column_unit: ColumnUnit,
    /// `--show-fixes`: in the plain format, each finding's fix (marked
    /// safe or unsafe) after its message.
    pub show_fixes: bool,
    /// `--label` in JSON Lines: the `,"label":...` field added last to
    /// every finding ([`jsonl::label_field`]); `None`: none.
    pub label: Option<Vec<u8>>,
}

impl Printer {
    /// The sink that prints one input's events: findings appended to
    /// `out`, notices to `err` (one line each, control characters
    /// escaped). `non_utf8_name` is the exact name of the input when it
    /// is not UTF-8 (for the JSON Lines and SARIF paths).
    pub fn sink<'p>(
        &'p self,
        out: &'p mut Vec<u8>,
        err: &'p mut Vec<u8>,
        non_utf8_name: Option<&'p [u8]>,
    ) -> PrintSink<'p> {
        PrintSink {
            printer: self,
            out,
            err,
            non_utf8_name,
        }
    }
}

/// A [`Printer`]'s sink for one input ([`Printer::sink`]).
pub struct PrintSink<'p> {
    printer: &'p Printer,
    out: &'p mut Vec<u8>,
    err: &'p mut Vec<u8>,
    non_utf8_name: Option<&'p [u8]>,
}

impl Sink for PrintSink<'_> {
    fn diagnostic(&mut self, d: &Diagnostic, mut lines: Option<&mut dyn ReadBack>) {
        let p = self.printer;
        let converted = lines
            .as_deref_mut()
            .and_then(|l| in_unit(d, p.format, p.column_unit, l));
        let d = converted.as_ref().unwrap_or(d);
        let excerpt = match (p.format, lines) {
            (Format::Plain | Format::Jsonl, _) | (_, None) => None,
            (_, Some(lines)) => lines.around(d.uri_span.start, d.uri_span.end),
        };
        let out = &mut *self.out;
        render(
            out,
            d,
            p.format,
            excerpt.as_ref(),
            p.color,
            self.non_utf8_name,
        );
        if let (Format::Jsonl, Some(field)) = (p.format, &p.label) {
            jsonl::append_field(out, field);
        }
        if let (true, Format::Plain, Some(fix)) = (p.show_fixes, p.format, &d.fix) {
            if out.last() == Some(&b'\n') {
                out.pop();
                let class = match fix.applicability {
                    Applicability::Safe => "fix",
                    Applicability::Unsafe => "unsafe fix",
                };
                let _ = writeln!(out, " [{class}: {}]", escape::text(&fix.message));
            }
        }
    }

    /// On the error buffer, one line `PATH:LINE:COLUMN: CODE MESSAGE`, the
    /// columns in the run's unit.
    fn finding_left(&mut self, d: &Diagnostic, lines: Option<&mut dyn ReadBack>) {
        let converted = lines.and_then(|l| in_unit(d, Format::Plain, self.printer.column_unit, l));
        let d = converted.as_ref().unwrap_or(d);
        let line = format!(
            "{}:{}:{}: {} {}",
            d.path, d.line, d.column, d.code, d.message
        );
        self.line(&line);
    }

    fn notice(&mut self, notice: Notice) {
        self.line(&notice.to_string());
    }
}

impl PrintSink<'_> {
    /// Adds `text` to the error buffer as one line, control characters
    /// escaped.
    fn line(&mut self, text: &str) {
        self.err.extend_from_slice(escape::text(text).as_bytes());
        self.err.push(b'\n');
    }
}

/// `d` with its columns (start and end) counted in `unit`, from its
/// line(s) read back from `lines`, when `format` prints columns in the
/// unit (`human`, `plain`, `github`) and `unit` is not
/// [`ColumnUnit::Char`], the unit of [`Diagnostic::column`]; `None` when
/// nothing changes. When a line cannot be read back (standard input more
/// than its window back), both columns stay in characters.
fn in_unit(
    d: &Diagnostic,
    format: Format,
    unit: ColumnUnit,
    lines: &mut dyn ReadBack,
) -> Option<Diagnostic> {
    if unit == ColumnUnit::Char || !matches!(format, Format::Human | Format::Plain | Format::Github)
    {
        return None;
    }
    let column = lines.column(unit, d.byte_offset)?;
    let end_column = lines.column(unit, d.uri_span.end)?;
    let mut d = d.clone();
    d.column = column;
    d.end_column = end_column;
    Some(d)
}

/// Renders one diagnostic in `format`; `non_utf8_name` is the exact name
/// of its file when that is not UTF-8.
fn render(
    out: &mut Vec<u8>,
    d: &Diagnostic,
    format: Format,
    excerpt: Option<&Excerpt>,
    color: bool,
    non_utf8_name: Option<&[u8]>,
) {
    match format {
        Format::Jsonl => jsonl::diagnostic_line(out, d, non_utf8_name),
        Format::Plain => plain::diagnostic(out, d),
        Format::Human => human::diagnostic(out, d, excerpt, color),
        Format::Sarif => sarif::result_at(
            out,
            d,
            catalogue().iter().position(|r| r.code == d.code),
            non_utf8_name,
        ),
        Format::Github => github::diagnostic(out, d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::Lines;

    fn finding() -> Diagnostic {
        Diagnostic {
            path: "a.txt".to_string(),
            line: 1,
            column: 4,
            byte_offset: 5,
            end_line: 1,
            end_column: 9,
            uri_span: 5..10,
            code: "U001",
            rule: "x",
            severity: crate::lint::Severity::Error,
            message: "m".to_string(),
            uri: "a:b\tc".to_string(),
            fix: None,
            origin: None,
            remote: None,
        }
    }

    /// The plain printer counts columns in the run's unit from the lines
    /// read back; JSON Lines keeps characters and adds the label; notices
    /// and findings left by `--fix -` go to the error buffer, escaped.
    #[test]
    fn prints_findings_and_notices() {
        let text = "\u{e9}\u{e9} a:b\tc\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let plain = Printer {
            column_unit: ColumnUnit::Byte,
            ..Printer::default()
        };
        let mut lines = Lines::new(text.as_bytes());
        let mut sink = plain.sink(&mut out, &mut err, None);
        sink.diagnostic(&finding(), Some(&mut lines));
        sink.finding_left(&finding(), Some(&mut lines));
        sink.notice(Notice::Binary {
            name: "b\x1b".to_string(),
        });
        let mut expected = Vec::new();
        plain::diagnostic(
            &mut expected,
            &Diagnostic {
                column: 6,
                end_column: 11,
                ..finding()
            },
        );
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&expected)
        );
        let err = String::from_utf8_lossy(&err);
        assert!(err.starts_with("a.txt:1:6: U001 m\nurilint: b"), "{err}");
        assert!(!err.contains('\x1b'), "{err}");

        let json = Printer {
            format: Format::Jsonl,
            column_unit: ColumnUnit::Byte,
            label: Some(jsonl::label_field("L")),
            ..Printer::default()
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        json.sink(&mut out, &mut err, None)
            .diagnostic(&finding(), Some(&mut lines));
        let out = String::from_utf8_lossy(&out);
        assert!(out.contains("\"column\":4"), "{out}");
        assert!(out.ends_with(",\"label\":\"L\"}\n"), "{out}");
        assert!(err.is_empty());
    }
}
