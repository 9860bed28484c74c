//! One request of a remote check and what it says to do next: a verdict,
//! a redirect to follow, or a retry after a wait. The address policy is
//! applied before the request, the body is read only for a bot-challenge
//! check or for anchors, and never beyond `max_body` bytes.

use std::io::Read;
use std::time::{Duration, SystemTime};

use ureq::http::Uri;

use super::classify::{self, Class};
use super::client::Client;
use super::{anchors, safety, Hop, RemoteOptions, Verdict};

/// What to do after one request.
#[derive(Debug)]
pub(crate) enum Next {
    /// The check of the URI is over.
    Done {
        /// The verdict.
        verdict: Verdict,
        /// The status answered, if any.
        status: Option<u16>,
        /// The page's ids, when read.
        ids: Option<Vec<String>>,
    },
    /// Follow a redirect.
    Redirect(Hop),
    /// Try again after `wait`.
    Retry {
        /// The wait before the next attempt.
        wait: Duration,
    },
}

/// The result of one request.
#[derive(Debug)]
pub(crate) struct Step {
    /// What next.
    pub(crate) next: Next,
    /// True when a request was sent (false when the policy skipped it).
    pub(crate) requested: bool,
    /// A pause of the whole host asked by rate-limit headers, as asked
    /// (the scheduler weighs it against `max_retry_after`).
    pub(crate) host_pause: Option<Duration>,
}

/// The wait before retry number `retries + 1`: `retry_wait` doubled per
/// retry already made.
pub(crate) fn backoff(opts: &RemoteOptions, retries: u32) -> Duration {
    opts.retry_wait
        .saturating_mul(1u32.checked_shl(retries.min(20)).unwrap_or(u32::MAX))
}

/// A step that ends the check with `verdict`.
fn done(verdict: Verdict, status: Option<u16>, requested: bool) -> Step {
    Step {
        next: Next::Done {
            verdict,
            status,
            ids: None,
        },
        requested,
        host_pause: None,
    }
}

/// Requests `uri` (absolute http or https, no fragment) once; `retries`
/// made so far for this URI; `redirected` when `uri` is a redirect's
/// target (for the reasons given).
pub(crate) fn request(
    client: &Client,
    opts: &RemoteOptions,
    uri: &str,
    retries: u32,
    redirected: bool,
) -> Step {
    let via = if redirected { "redirects to " } else { "" };
    let wire = super::client::wire_form(uri);
    let uri = wire.as_str();
    // A URI the `http` crate refuses (over 64 KiB, `https:/host/x`) is
    // never sent: blocked, not skipped (L3 of the 2026-11-29 review). A
    // redirect's target is named by the hop recorded before it.
    let parsed: Uri = match uri.parse() {
        Ok(u) => u,
        Err(e) => return done(Verdict::not_requested(&e.to_string()), None, false),
    };
    let host = parsed.host().unwrap_or("").to_ascii_lowercase();
    if !opts.allow_private {
        if let Some(why) = safety::host_reason(&host) {
            let reason = format!("{via}{why}");
            return done(Verdict::Skipped { reason }, None, false);
        }
    }
    let mut resp = match client.get(uri) {
        Ok(r) => r,
        Err(e) => return error_step(opts, &e, retries, via),
    };
    let status = resp.status().as_u16();
    let now = SystemTime::now();
    let headers = resp.headers().clone();
    let host_pause = classify::rate_limit_pause(&headers, now);
    let step = |next| Step {
        next,
        requested: true,
        host_pause,
    };
    let final_ = |verdict, ids| {
        step(Next::Done {
            verdict,
            status: Some(status),
            ids,
        })
    };
    let needs_body = classify::challenge_needs_body(status, &headers);
    let body = if needs_body {
        read_body(&mut resp, opts.max_body).ok()
    } else {
        None
    };
    if let Some(reason) = classify::challenge(status, &headers, body.as_ref().map(|b| &b.0[..])) {
        return final_(Verdict::Blocked { reason }, None);
    }
    let text = classify::status_text(status);
    match classify::of_status(status) {
        Class::Alive => {
            let content_type = headers.get("content-type").and_then(|v| v.to_str().ok());
            if !anchors::wanted(opts, &host, content_type) {
                return final_(Verdict::Alive, None);
            }
            match read_body(&mut resp, opts.max_body) {
                Ok((body, complete)) => {
                    final_(Verdict::Alive, complete.then(|| anchors::ids(&body)))
                }
                Err(e) => match classify::of_error(&e) {
                    Verdict::Transient { .. } if retries < opts.max_retries => step(Next::Retry {
                        wait: backoff(opts, retries),
                    }),
                    v => final_(v, None),
                },
            }
        }
        Class::Redirect => match location(uri, &text, &headers) {
            Ok(to) => step(Next::Redirect(Hop { status, to })),
            Err(reason) => final_(Verdict::Blocked { reason }, None),
        },
        Class::Final(v) => final_(v, None),
        Class::TooMany => {
            let asked = classify::retry_after(&headers, now)
                .or_else(|| classify::rate_limit_pause(&headers, now));
            match asked {
                Some(wait) if wait > opts.max_retry_after => {
                    let reason = format!("{text}: the server asks to wait {} s", wait.as_secs());
                    final_(Verdict::Blocked { reason }, None)
                }
                _ if retries < opts.max_retries => step(Next::Retry {
                    wait: asked.unwrap_or_else(|| backoff(opts, retries)),
                }),
                _ => {
                    let reason = format!("{text} after {retries} retries");
                    final_(Verdict::Blocked { reason }, None)
                }
            }
        }
        Class::ServerError if retries < opts.max_retries => {
            let asked = classify::retry_after(&headers, now).filter(|w| *w <= opts.max_retry_after);
            step(Next::Retry {
                wait: asked.unwrap_or_else(|| backoff(opts, retries)),
            })
        }
        Class::ServerError => final_(Verdict::Transient { reason: text }, None),
    }
}

/// Step of [`request`]: what a request that failed with `e` (no
/// response) says to do, a retry of a transient failure while retries
/// are left.
fn error_step(opts: &RemoteOptions, e: &ureq::Error, retries: u32, via: &str) -> Step {
    match classify::of_error(e) {
        Verdict::Transient { .. } if retries < opts.max_retries => Step {
            next: Next::Retry {
                wait: backoff(opts, retries),
            },
            requested: true,
            host_pause: None,
        },
        Verdict::Skipped { reason } => done(
            Verdict::Skipped {
                reason: format!("{via}{reason}"),
            },
            None,
            true,
        ),
        v @ Verdict::Blocked { .. } if v.not_requested_reason().is_some() => done(v, None, false),
        v => done(v, None, true),
    }
}

/// Step of [`request`]: the target of a redirect (status text `text`)
/// from `uri`, its `Location` resolved (RFC 9110 section 10.2.2, RFC 3986
/// section 5.2); the reason it is blocked when missing, not ASCII,
/// invalid or not http(s).
fn location(uri: &str, text: &str, headers: &ureq::http::HeaderMap) -> Result<String, String> {
    let Some(value) = headers.get("location") else {
        let reason = format!("{text} without a Location");
        return Err(reason);
    };
    // A Location of other bytes than visible ASCII (UTF-8 sent
    // raw) is said as such, not as no Location (L4 of the
    // 2026-11-29 review); it is not followed.
    let Ok(location) = value.to_str() else {
        let shown = String::from_utf8_lossy(value.as_bytes());
        let shown = crate::lint::quote(&shown);
        let reason = format!("{text}: the Location header is not ASCII: {shown:?}");
        return Err(reason);
    };
    let to = match crate::resolve::resolve_str(uri, location.trim(), Default::default()) {
        Ok(to) => to,
        Err(e) => {
            let reason = format!("{text} to an invalid Location {location:?}: {e}");
            return Err(reason);
        }
    };
    let scheme = to.split(':').next().unwrap_or("").to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        let reason = format!("{text} redirects to {scheme}:");
        return Err(reason);
    }
    Ok(to)
}

/// At most `max` bytes of the body, and whether that is the whole body.
fn read_body(
    resp: &mut ureq::http::Response<ureq::Body>,
    max: usize,
) -> Result<(Vec<u8>, bool), ureq::Error> {
    let mut buf = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    resp.body_mut()
        .as_reader()
        .take(limit)
        .read_to_end(&mut buf)
        .map_err(ureq::Error::from)?;
    let complete = buf.len() <= max;
    buf.truncate(max);
    Ok((buf, complete))
}
