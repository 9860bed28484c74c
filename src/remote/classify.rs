//! From an answer (or the failure to get one) to a [`Verdict`]: statuses,
//! bot-challenge pages, transport and DNS errors, and the headers that ask
//! a client to wait (`Retry-After`, `x-ratelimit-*`, `RateLimit-*`).
//!
//! It does not own retrying or following redirects (`schedule` and
//! `fetch` act on what this module says).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ureq::http::HeaderMap;

use super::client::{DnsFailure, Refused};
use super::Verdict;

/// What a status says, before any bot-challenge check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// 2xx.
    Alive,
    /// 301, 302, 303, 307, 308: follow `Location`.
    Redirect,
    /// Final: gone or blocked.
    Final(Verdict),
    /// 429: retry if allowed, else blocked.
    TooMany,
    /// 5xx: retry if allowed, else transient.
    ServerError,
}

/// `status` with its reason phrase, e.g. `"404 Not Found"`; the bare
/// number for a status without one.
pub(crate) fn status_text(status: u16) -> String {
    match ureq::http::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
    {
        Some(r) => format!("{status} {r}"),
        None if status == 999 => "999 (LinkedIn's answer to automated requests)".to_owned(),
        None => status.to_string(),
    }
}

/// The class of `status`: 2xx alive; 404 and 410 gone; 301, 302, 303,
/// 307, 308 a redirect; 429 too many requests; 5xx a server error; every
/// other status blocked (401, 403, 407, 451, LinkedIn's 999, other 4xx,
/// 1xx, 300, 304, 305 and unknown ones: the server did not say the
/// resource is gone).
pub(crate) fn of_status(status: u16) -> Class {
    match status {
        200..=299 => Class::Alive,
        404 | 410 => Class::Final(Verdict::Gone {
            reason: status_text(status),
        }),
        301 | 302 | 303 | 307 | 308 => Class::Redirect,
        429 => Class::TooMany,
        500..=599 => Class::ServerError,
        _ => Class::Final(Verdict::Blocked {
            reason: status_text(status),
        }),
    }
}

/// The value of header `name` as text (`None` when absent or not ASCII).
fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}

/// True when telling a bot wall from a plain 403/503 needs the body:
/// a 403 or 503 from Cloudflare or a 403 from Akamai.
pub(crate) fn challenge_needs_body(status: u16, headers: &HeaderMap) -> bool {
    let server = header(headers, "server").unwrap_or("").to_ascii_lowercase();
    (matches!(status, 403 | 503) && server == "cloudflare")
        || (status == 403 && server.starts_with("akamaighost"))
}

/// The bot wall that answered, if the answer is one: Cloudflare
/// (`cf-mitigated: challenge`, or a 403/503 from `server: cloudflare`
/// whose body has "Just a moment" or "challenge-platform"), Akamai (a 403
/// from `server: AkamaiGHost` whose body has "Access Denied"), DataDome
/// (an `x-datadome` or `x-dd-b` header on a 403). `body` is the start of
/// the body when [`challenge_needs_body`] asked for it.
pub(crate) fn challenge(status: u16, headers: &HeaderMap, body: Option<&[u8]>) -> Option<String> {
    let has = |needle: &str| {
        body.is_some_and(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes()))
    };
    let server = header(headers, "server").unwrap_or("").to_ascii_lowercase();
    let text = status_text(status);
    if header(headers, "cf-mitigated").is_some_and(|v| v.eq_ignore_ascii_case("challenge")) {
        return Some(format!("{text}: a Cloudflare bot challenge"));
    }
    if matches!(status, 403 | 503)
        && server == "cloudflare"
        && (has("Just a moment") || has("challenge-platform"))
    {
        return Some(format!("{text}: a Cloudflare bot challenge"));
    }
    if status == 403 && server.starts_with("akamaighost") && has("Access Denied") {
        return Some(format!("{text}: Akamai's bot protection (Access Denied)"));
    }
    if status == 403 && (headers.contains_key("x-datadome") || headers.contains_key("x-dd-b")) {
        return Some(format!("{text}: a DataDome bot wall"));
    }
    None
}

/// True when `message` (getaddrinfo's, through std) says the name does
/// not exist (EAI_NONAME, EAI_NODATA), as opposed to a lookup that failed
/// (EAI_AGAIN, EAI_FAIL, no network): glibc "Name or service not known" and
/// "No address associated with hostname", BSD/macOS "nodename nor
/// servname provided, or not known".
pub(crate) fn name_does_not_exist(message: &str) -> bool {
    [
        "Name or service not known",
        "No address associated with hostname",
        "nodename nor servname provided",
        "No such host is known",
    ]
    .iter()
    .any(|m| message.contains(m))
}

/// The verdict of a request that got no answer: a refusal of the address
/// policy is skipped; a URI the client refuses is blocked (not requested,
/// [`Verdict::not_requested`]); a name that does not exist is gone,
/// another DNS failure transient; a TLS failure blocked; a timeout, a
/// refused, reset or closed connection transient.
pub(crate) fn of_error(err: &ureq::Error) -> Verdict {
    match err {
        ureq::Error::Io(e) => of_io(e),
        ureq::Error::Timeout(t) => Verdict::Transient {
            reason: format!("timed out (--timeout; {t})"),
        },
        ureq::Error::HostNotFound => Verdict::Gone {
            reason: "no address for the host".to_owned(),
        },
        ureq::Error::Rustls(e) => Verdict::Blocked {
            reason: format!("TLS: {e}"),
        },
        ureq::Error::Tls(e) => Verdict::Blocked {
            reason: format!("TLS: {e}"),
        },
        ureq::Error::BadUri(e) => Verdict::not_requested(e),
        ureq::Error::Protocol(e) => Verdict::Transient {
            reason: format!("HTTP protocol error: {e}"),
        },
        other => Verdict::Transient {
            reason: other.to_string(),
        },
    }
}

/// [`of_error`] for an I/O error.
fn of_io(e: &std::io::Error) -> Verdict {
    use std::io::ErrorKind;
    if let Some(inner) = e.get_ref() {
        if let Some(r) = inner.downcast_ref::<Refused>() {
            return Verdict::Skipped {
                reason: r.reason.clone(),
            };
        }
        if let Some(d) = inner.downcast_ref::<DnsFailure>() {
            let reason = format!("DNS: {d}");
            return if name_does_not_exist(&d.message) {
                Verdict::Gone { reason }
            } else {
                Verdict::Transient { reason }
            };
        }
        if let Some(u) = inner.downcast_ref::<ureq::Error>() {
            return of_error(u);
        }
        let text = inner.to_string();
        if e.kind() == ErrorKind::InvalidData
            && (text.contains("certificate") || text.contains("handshake") || text.contains("TLS"))
        {
            return Verdict::Blocked {
                reason: format!("TLS: {text}"),
            };
        }
    }
    let reason = match e.kind() {
        ErrorKind::ConnectionRefused => "connection refused".to_owned(),
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted | ErrorKind::BrokenPipe => {
            "connection reset".to_owned()
        }
        ErrorKind::UnexpectedEof => "connection closed before the answer".to_owned(),
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "timeout".to_owned(),
        _ => e.to_string(),
    };
    Verdict::Transient { reason }
}

/// What `Retry-After` asks (RFC 9110 section 10.2.3): delta-seconds, or an
/// HTTP-date taken relative to `now` (a date in the past is no wait).
pub(crate) fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let v = header(headers, "retry-after")?;
    if let Ok(secs) = v.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = http_date(v)?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// How long the whole host asks to be left alone, when the answer says
/// no request is left: `x-ratelimit-remaining: 0` with
/// `x-ratelimit-reset` in epoch seconds (GitHub's REST API), or
/// `RateLimit-Remaining: 0` with `RateLimit-Reset` in delta seconds (the
/// IETF httpapi draft "RateLimit header fields for HTTP"). A reset that
/// is no time the system clock can hold (beyond `i64` seconds, L1 of the
/// 2026-11-29 review) is as none: `None`.
pub(crate) fn rate_limit_pause(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let zero = |name| header(headers, name).and_then(|v| v.parse::<u64>().ok()) == Some(0);
    if zero("x-ratelimit-remaining") {
        let reset = header(headers, "x-ratelimit-reset")?.parse::<u64>().ok()?;
        let at = UNIX_EPOCH.checked_add(Duration::from_secs(reset))?;
        return Some(at.duration_since(now).unwrap_or(Duration::ZERO));
    }
    if zero("ratelimit-remaining") {
        let reset = header(headers, "ratelimit-reset")?.parse::<u64>().ok()?;
        return Some(Duration::from_secs(reset));
    }
    None
}

/// An HTTP-date (RFC 9110 section 5.6.7): IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37
/// 1994`). The weekday is not checked; a year beyond four digits is no
/// date.
pub(crate) fn http_date(s: &str) -> Option<SystemTime> {
    let month = |m: &str| {
        [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ]
        .iter()
        .position(|x| *x == m)
        .map(|i| i as u32 + 1)
    };
    let words: Vec<&str> = s.split_whitespace().collect();
    let (day, mon, year, time) = match words.as_slice() {
        [_, d, m, y, t, "GMT"] => (d.parse().ok()?, month(m)?, y.parse::<i64>().ok()?, *t),
        [_, dmy, t, "GMT"] => {
            let mut p = dmy.split('-');
            let d = p.next()?.parse().ok()?;
            let m = month(p.next()?)?;
            let y: i64 = p.next()?.parse().ok()?;
            // RFC 9110: a two-digit year more than 50 years ahead is in the past.
            let year = match y {
                0..=69 => 2000 + y,
                70..=99 => 1900 + y,
                _ => y,
            };
            (d, m, year, *t)
        }
        [_, m, d, t, y] => (d.parse().ok()?, month(m)?, y.parse::<i64>().ok()?, *t),
        _ => return None,
    };
    let mut hms = time.split(':').map(|x| x.parse::<u64>().ok());
    let (h, mi, se) = (hms.next()??, hms.next()??, hms.next()??);
    if !(1..=31).contains(&day) || h > 23 || mi > 59 || se > 60 {
        return None;
    }
    // RFC 9110's year is four digits: no arithmetic on larger ones.
    if !(0..=9999).contains(&year) {
        return None;
    }
    let days = days_from_civil(year, mon, day);
    let secs = days
        .checked_mul(86_400)?
        .checked_add(i64::try_from(h * 3600 + mi * 60 + se).ok()?)?;
    UNIX_EPOCH.checked_add(Duration::from_secs(u64::try_from(secs).ok()?))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use ureq::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn statuses() {
        let gone = |r: &str| Class::Final(Verdict::Gone { reason: r.into() });
        let blocked = |r: &str| Class::Final(Verdict::Blocked { reason: r.into() });
        for (status, want) in [
            (200, Class::Alive),
            (204, Class::Alive),
            (404, gone("404 Not Found")),
            (410, gone("410 Gone")),
            (301, Class::Redirect),
            (302, Class::Redirect),
            (303, Class::Redirect),
            (307, Class::Redirect),
            (308, Class::Redirect),
            (304, blocked("304 Not Modified")),
            (401, blocked("401 Unauthorized")),
            (403, blocked("403 Forbidden")),
            (407, blocked("407 Proxy Authentication Required")),
            (451, blocked("451 Unavailable For Legal Reasons")),
            (400, blocked("400 Bad Request")),
            (
                999,
                blocked("999 (LinkedIn's answer to automated requests)"),
            ),
            (429, Class::TooMany),
            (500, Class::ServerError),
            (503, Class::ServerError),
            (599, Class::ServerError),
        ] {
            assert_eq!(of_status(status), want, "{status}");
        }
    }

    /// Every status gets exactly one class, and only 404 and 410 are gone.
    #[test]
    fn only_404_and_410_are_gone() {
        for status in 100..1000u16 {
            let gone = matches!(of_status(status), Class::Final(Verdict::Gone { .. }));
            assert_eq!(gone, status == 404 || status == 410, "{status}");
        }
    }

    #[test]
    fn challenges() {
        let cf = headers(&[("server", "cloudflare")]);
        assert!(challenge_needs_body(403, &cf));
        assert!(challenge_needs_body(503, &cf));
        assert!(!challenge_needs_body(404, &cf));
        let page = b"<title>Just a moment...</title><script src=/cdn-cgi/challenge-platform/x>";
        assert_eq!(
            challenge(403, &cf, Some(page)).as_deref(),
            Some("403 Forbidden: a Cloudflare bot challenge")
        );
        assert_eq!(challenge(403, &cf, Some(b"<h1>Forbidden</h1>")), None);
        let mitigated = headers(&[("cf-mitigated", "challenge")]);
        assert!(challenge(200, &mitigated, None).is_some());
        let akamai = headers(&[("server", "AkamaiGHost")]);
        assert!(challenge_needs_body(403, &akamai));
        assert!(challenge(403, &akamai, Some(b"<H1>Access Denied</H1>")).is_some());
        let dd = headers(&[("x-datadome", "protected")]);
        assert!(challenge(403, &dd, None).is_some());
        assert_eq!(challenge(403, &headers(&[]), None), None);
    }

    #[test]
    fn dns_messages() {
        assert!(name_does_not_exist(
            "failed to lookup address information: Name or service not known"
        ));
        assert!(name_does_not_exist(
            "failed to lookup address information: nodename nor servname provided, or not known"
        ));
        assert!(!name_does_not_exist(
            "failed to lookup address information: Temporary failure in name resolution"
        ));
    }

    #[test]
    fn retry_after_forms() {
        let now = UNIX_EPOCH + Duration::from_secs(784_111_777);
        assert_eq!(
            retry_after(&headers(&[("retry-after", "120")]), now),
            Some(Duration::from_secs(120))
        );
        // RFC 9110's example date is 784111777 seconds after the epoch.
        for date in [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
        ] {
            assert_eq!(
                http_date(date),
                Some(UNIX_EPOCH + Duration::from_secs(784_111_777)),
                "{date}"
            );
        }
        let later = now - Duration::from_secs(30);
        let h = headers(&[("retry-after", "Sun, 06 Nov 1994 08:49:37 GMT")]);
        assert_eq!(retry_after(&h, later), Some(Duration::from_secs(30)));
        assert_eq!(
            retry_after(&h, now + Duration::from_secs(5)),
            Some(Duration::ZERO)
        );
        assert_eq!(retry_after(&headers(&[("retry-after", "soon")]), now), None);
    }

    #[test]
    fn rate_limits() {
        let now = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let gh = headers(&[
            ("x-ratelimit-remaining", "0"),
            ("x-ratelimit-reset", "1700000042"),
        ]);
        assert_eq!(rate_limit_pause(&gh, now), Some(Duration::from_secs(42)));
        let ietf = headers(&[("ratelimit-remaining", "0"), ("ratelimit-reset", "7")]);
        assert_eq!(rate_limit_pause(&ietf, now), Some(Duration::from_secs(7)));
        let left = headers(&[("ratelimit-remaining", "3"), ("ratelimit-reset", "7")]);
        assert_eq!(rate_limit_pause(&left, now), None);
    }

    /// L1 of the 2026-11-29 review: a reset beyond what the clock holds
    /// (`UNIX_EPOCH + u64::MAX` seconds panicked) is no reset; huge delta
    /// seconds and far dates are returned, not added to anything here.
    #[test]
    fn impossible_resets_are_none() {
        let now = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        for reset in ["18446744073709551615", "9223372036854775808"] {
            let h = headers(&[("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", reset)]);
            assert_eq!(rate_limit_pause(&h, now), None, "{reset}");
        }
        let ietf = headers(&[
            ("ratelimit-remaining", "0"),
            ("ratelimit-reset", "18446744073709551615"),
        ]);
        assert_eq!(
            rate_limit_pause(&ietf, now),
            Some(Duration::from_secs(u64::MAX))
        );
        for date in [
            "Sun, 06 Nov 9999999999999 08:49:37 GMT",
            "Sun Nov  6 08:49:37 9223372036854775807",
            "Sun, 06 Nov -9223372036854775808 08:49:37 GMT",
            "Sunday, 06-Nov-9223372036854775807 08:49:37 GMT",
        ] {
            assert_eq!(http_date(date), None, "{date}");
        }
        let h = headers(&[("retry-after", "18446744073709551615")]);
        assert_eq!(retry_after(&h, now), Some(Duration::from_secs(u64::MAX)));
    }
}
