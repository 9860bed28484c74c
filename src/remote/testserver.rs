//! A scripted HTTP/1.1 server for the tests of remote checks, over
//! `std::net` on `127.0.0.1:0` (plain or TLS with rustls): per path, a
//! sequence of replies (the last one repeats), each with a status,
//! headers, a body, a delay before answering, a delay in the middle of the
//! body, or a reset (the connection closed before the status line). It
//! counts requests per path, keeps the headers it saw, and the most
//! requests it had in flight at once. One request per connection
//! (`Connection: close`). Dropping it stops it and joins every thread.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One scripted reply.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reply {
    /// The status.
    status: u16,
    /// Headers (Content-Length and Connection are added).
    headers: Vec<(String, String)>,
    /// The body.
    body: Vec<u8>,
    /// Wait before the status line.
    delay: Duration,
    /// Wait after the first half of the body.
    body_delay: Duration,
    /// Close the connection instead of answering.
    reset: bool,
}

impl Reply {
    /// A reply with `status`, no header, no body.
    pub(crate) fn status(status: u16) -> Reply {
        Reply {
            status,
            ..Reply::default()
        }
    }

    /// A connection closed before the status line.
    pub(crate) fn reset() -> Reply {
        Reply {
            reset: true,
            ..Reply::default()
        }
    }

    /// With the header `name: value`.
    pub(crate) fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// With the body `body`.
    pub(crate) fn body(mut self, body: &[u8]) -> Reply {
        self.body = body.to_vec();
        self
    }

    /// Answering after `d`.
    pub(crate) fn delay(mut self, d: Duration) -> Reply {
        self.delay = d;
        self
    }

    /// Pausing `d` in the middle of the body.
    pub(crate) fn body_delay(mut self, d: Duration) -> Reply {
        self.body_delay = d;
        self
    }
}

/// A request as the server saw it.
#[derive(Clone, Debug)]
pub(crate) struct Seen {
    /// The request target (path and query).
    pub(crate) path: String,
    /// Header names (lowercase) and values.
    pub(crate) headers: Vec<(String, String)>,
}

impl Seen {
    /// The value of header `name` (lowercase), if sent.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What the connection threads share.
#[derive(Default)]
struct Shared {
    /// Replies per path.
    script: HashMap<String, Vec<Reply>>,
    /// Requests per path.
    counts: Mutex<HashMap<String, usize>>,
    /// Every request, in arrival order.
    seen: Mutex<Vec<Seen>>,
    /// Requests held now: read, their answer not yet started.
    active: AtomicUsize,
    /// The most at once.
    max_active: AtomicUsize,
    /// Set to stop.
    stop: AtomicBool,
}

/// A running server.
pub(crate) struct Server {
    /// Where it listens.
    addr: SocketAddr,
    /// Shared with its threads.
    shared: Arc<Shared>,
    /// The accept loop.
    thread: Option<JoinHandle<()>>,
}

/// A TLS server configuration (rustls).
pub(crate) type Tls = Arc<rustls::ServerConfig>;

impl Server {
    /// A plain HTTP server answering `script` (path, replies).
    pub(crate) fn start(script: Vec<(&str, Vec<Reply>)>) -> Server {
        Server::start_with(script, None)
    }

    /// A server answering `script`, over TLS when `tls` is given.
    pub(crate) fn start_with(script: Vec<(&str, Vec<Reply>)>, tls: Option<Tls>) -> Server {
        let listener =
            TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind 127.0.0.1:0: {e}"));
        let addr = listener
            .local_addr()
            .unwrap_or_else(|e| panic!("local_addr: {e}"));
        listener
            .set_nonblocking(true)
            .unwrap_or_else(|e| panic!("set_nonblocking: {e}"));
        let shared = Arc::new(Shared {
            script: script.into_iter().map(|(p, r)| (p.to_owned(), r)).collect(),
            ..Shared::default()
        });
        let s = Arc::clone(&shared);
        let thread = std::thread::spawn(move || accept_loop(&listener, &s, tls.as_ref()));
        Server {
            addr,
            shared,
            thread: Some(thread),
        }
    }

    /// The port.
    pub(crate) fn port(&self) -> u16 {
        self.addr.port()
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port())
    }

    /// Requests received for `path`.
    pub(crate) fn count(&self, path: &str) -> usize {
        let counts = self
            .shared
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        counts.get(path).copied().unwrap_or(0)
    }

    /// Every request received.
    pub(crate) fn seen(&self) -> Vec<Seen> {
        self.shared
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The most requests answered at once.
    pub(crate) fn max_active(&self) -> usize {
        self.shared.max_active.load(Ordering::SeqCst)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Sleeps `d` in short naps, returning early when stopping.
fn nap(shared: &Shared, d: Duration) {
    let end = Instant::now() + d;
    while !shared.stop.load(Ordering::SeqCst) {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(Duration::from_millis(5)));
    }
}

/// Accepts connections until stopped, then joins their threads.
fn accept_loop(listener: &TcpListener, shared: &Arc<Shared>, tls: Option<&Tls>) {
    let mut handles = Vec::new();
    while !shared.stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, _)) => {
                let s = Arc::clone(shared);
                let tls = tls.cloned();
                handles.push(std::thread::spawn(move || connection(stream, &s, tls)));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(2)),
        }
    }
    for h in handles {
        let _ = h.join();
    }
}

/// Serves one connection.
fn connection(stream: TcpStream, shared: &Shared, tls: Option<Tls>) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    match tls {
        None => serve(stream, shared),
        Some(cfg) => {
            let Ok(conn) = rustls::ServerConnection::new(cfg) else {
                return;
            };
            serve(rustls::StreamOwned::new(conn, stream), shared);
        }
    }
}

/// Reads one request from `stream` and answers it by the script.
fn serve<S: Read + Write>(stream: S, shared: &Shared) {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let path = line.split(' ').nth(1).unwrap_or("").to_owned();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).unwrap_or(0) == 0 {
            return;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((n, v)) = h.split_once(':') {
            headers.push((n.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    let n = {
        let mut counts = shared.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let c = counts.entry(path.clone()).or_insert(0);
        *c += 1;
        *c - 1
    };
    shared
        .seen
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(Seen {
            path: path.clone(),
            headers,
        });
    let reply = shared
        .script
        .get(&path)
        .and_then(|r| r.get(n).or_else(|| r.last()))
        .cloned()
        .unwrap_or_else(|| Reply::status(404));
    let now = shared.active.fetch_add(1, Ordering::SeqCst) + 1;
    shared.max_active.fetch_max(now, Ordering::SeqCst);
    nap(shared, reply.delay);
    // No longer active once the answer starts: a client that has read it
    // may send its next request at once, and this thread, slowed on a
    // loaded machine, would otherwise still count this one (a maximum of
    // 3 seen under a limit of 2 while fuzzers ran beside the tests).
    shared.active.fetch_sub(1, Ordering::SeqCst);
    if !reply.reset {
        let mut stream = reader.into_inner();
        let _ = answer(&mut stream, &reply, shared);
        let _ = stream.flush();
    }
}

/// Writes `reply`.
fn answer<S: Write>(stream: &mut S, reply: &Reply, shared: &Shared) -> std::io::Result<()> {
    let mut head = format!("HTTP/1.1 {} Scripted\r\n", reply.status);
    for (n, v) in &reply.headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        reply.body.len()
    ));
    stream.write_all(head.as_bytes())?;
    let (first, rest) = reply.body.split_at(reply.body.len() / 2);
    stream.write_all(first)?;
    stream.flush()?;
    nap(shared, reply.body_delay);
    stream.write_all(rest)
}
