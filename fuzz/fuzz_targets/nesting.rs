//! Fuzz target for deep MIME structures (review 2026-11-26, M2 and M6):
//! the fuzzer's bytes are a recipe, not the message. Each byte opens a
//! message/rfc822 part, a multipart (mixed or digest), a text or HTML
//! part, a base64 message/rfc822 part holding a deep chain, starts a new
//! part, closes a multipart (or leaves it unclosed), or repeats the next
//! step up to 1,984 times, so that nesting tens of thousands deep is a
//! few bytes away. The message (up to about 512 KB) is read as one
//! message and as a mailbox: no panic, no stack overflow, every piece maps
//! inside its unit, exact spans to the very bytes; nested parts are read
//! to MAX_NESTED_MESSAGES deep at most.
#![no_main]

use base64::Engine;
use libfuzzer_sys::fuzz_target;
use urilint::format::detect::InputFormat;
use urilint::format::mail::MAX_NESTED_MESSAGES;
use urilint::format::unit;
use urilint::format::ReadOptions;

/// The most bytes of a generated message before open parts are closed.
const LIMIT: usize = 512 * 1024;

enum Frame {
    /// A message/rfc822 part: its body comes next.
    Message,
    /// A multipart with its boundary; `digest` when its parts without a
    /// content type are messages.
    Multipart { boundary: String, digest: bool },
}

struct Gen {
    out: Vec<u8>,
    stack: Vec<Frame>,
    /// True when the next thing written is the body of the entity whose
    /// header was just written (no Content-Type yet).
    expecting: bool,
    n: usize,
}

impl Gen {
    fn header(&mut self) {
        self.n += 1;
        let n = self.n;
        self.out.extend(format!("From: a{n}@b.example\nSubject: s{n}\n").bytes());
    }

    /// Ends a body: leaves the message/rfc822 frames it closes.
    fn ended(&mut self) {
        self.expecting = false;
        while matches!(self.stack.last(), Some(Frame::Message)) {
            self.stack.pop();
        }
    }

    fn text(&mut self, html: bool) {
        self.n += 1;
        let n = self.n;
        if html {
            self.out.extend(
                format!("Content-Type: text/html\n\n<p><a href=\"http://h{n}.example/\">x</a> http://t{n}.example/</p>\n").bytes(),
            );
        } else {
            self.out
                .extend(format!("Content-Type: text/plain\n\nsee http://u{n}.example/\n").bytes());
        }
        self.ended();
    }

    fn step(&mut self, op: u8, arg: u8) {
        if self.expecting {
            match op % 6 {
                0 => {
                    self.out.extend_from_slice(b"Content-Type: message/rfc822\n\n");
                    self.header();
                    self.stack.push(Frame::Message);
                }
                1 | 2 => {
                    self.n += 1;
                    let digest = op % 6 == 2;
                    let boundary = format!("b{}x", self.n);
                    let kind = if digest { "digest" } else { "mixed" };
                    self.out.extend(
                        format!("Content-Type: multipart/{kind}; boundary=\"{boundary}\"\n\n").bytes(),
                    );
                    self.stack.push(Frame::Multipart { boundary, digest });
                    self.expecting = false;
                }
                3 => self.text(false),
                4 => self.text(true),
                _ => {
                    // A base64 message/rfc822 part holding a chain of
                    // `arg * 256` message parts (4,000 inside one part
                    // overflowed the stack in mail-parser).
                    let mut inner = b"From: e@f.example\n".to_vec();
                    for _ in 0..usize::from(arg) * 256 {
                        inner.extend_from_slice(b"Content-Type: message/rfc822\n\n");
                    }
                    inner.extend_from_slice(b"Content-Type: text/plain\n\nx http://enc.example/\n");
                    let b64 = base64::engine::general_purpose::STANDARD.encode(&inner);
                    self.out.extend_from_slice(
                        b"Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n",
                    );
                    for line in b64.as_bytes().chunks(76) {
                        self.out.extend_from_slice(line);
                        self.out.push(b'\n');
                    }
                    self.ended();
                }
            }
            return;
        }
        let Some(Frame::Multipart { boundary, digest }) = self.stack.last() else {
            return;
        };
        let (boundary, digest) = (boundary.clone(), *digest);
        if op % 3 != 2 {
            // A new part; in a digest, a part without a content type is a
            // message: its header follows.
            self.out.extend(format!("--{boundary}\n").bytes());
            if digest && op % 3 == 1 {
                self.out.push(b'\n');
                self.header();
                self.stack.push(Frame::Message);
            }
            self.expecting = true;
        } else {
            // Closed, or (odd `arg`) left without its closing delimiter.
            if arg % 2 == 0 {
                self.out.extend(format!("--{boundary}--\n").bytes());
            }
            self.stack.pop();
            self.ended();
        }
    }

    /// Closes what is open: a body where one is expected, the closing
    /// delimiter of every multipart.
    fn finish(mut self) -> Vec<u8> {
        loop {
            if self.expecting {
                self.text(false);
                continue;
            }
            match self.stack.pop() {
                Some(Frame::Multipart { boundary, .. }) => {
                    self.out.extend(format!("--{boundary}--\n").bytes());
                    self.ended();
                }
                Some(Frame::Message) => {}
                None => return self.out,
            }
        }
    }
}

/// The message the recipe `data` describes.
fn generate(data: &[u8]) -> Vec<u8> {
    let mut g = Gen {
        out: b"MIME-Version: 1.0\n".to_vec(),
        stack: Vec::new(),
        expecting: true,
        n: 0,
    };
    g.header();
    let mut i = 0;
    while i + 1 < data.len() && g.out.len() < LIMIT {
        let (op, arg) = (data[i], data[i + 1]);
        i += 2;
        if op % 8 == 7 && i + 1 < data.len() {
            // Repeat the next step `arg % 32 * 64` times.
            let (op2, arg2) = (data[i], data[i + 1]);
            i += 2;
            for _ in 0..usize::from(arg % 32) * 64 {
                if g.out.len() >= LIMIT || (g.stack.is_empty() && !g.expecting) {
                    break;
                }
                g.step(op2, arg2);
            }
        } else if !g.stack.is_empty() || g.expecting {
            g.step(op, arg);
        }
    }
    g.finish()
}

fn check(data: &[u8], format: InputFormat) {
    let total = data.len() as u64;
    let _ = unit::for_each(data, format, ReadOptions::default(), |u, pieces| {
        let end = u.offset + u.raw.len() as u64;
        assert!(end <= total);
        for p in &pieces {
            let n = p.text.len() as u64;
            let span = p.chain.span(0..n);
            assert!(span.start <= span.end && span.start >= u.offset && span.end <= end, "{span:?}");
            if p.chain.is_exact(0..n) {
                assert_eq!(u.bytes(span), &p.text[..]);
            }
            if let Some(part) = &p.part {
                let depth = part.index.matches('.').count();
                assert!(depth <= MAX_NESTED_MESSAGES, "part {} read", part.index);
            }
        }
        for problem in &u.problems {
            assert!(problem.len() < 4096, "{problem}");
        }
        Ok(())
    });
}

fuzz_target!(|data: &[u8]| {
    let message = generate(data);
    check(&message, InputFormat::Mail);
    let mut mailbox = b"From x@y Mon Jan  1 00:00:00 2024\n".to_vec();
    mailbox.extend_from_slice(&message);
    check(&mailbox, InputFormat::Mbox);
});
