//! Test-only: RFC 3986 Appendix A's `IPv4address` and `IPv6address`
//! transcribed into regular expressions, used by the grammar modules'
//! property tests as an oracle independent of the hand-written parsers.

/// `dec-octet "." dec-octet "." dec-octet "." dec-octet` (RFC 3986
/// Appendix A), unanchored.
pub(crate) fn ipv4address() -> String {
    let dec = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
    format!(r"{dec}\.{dec}\.{dec}\.{dec}")
}

/// `IPv6address` (RFC 3986 Appendix A, all nine alternatives),
/// unanchored.
pub(crate) fn ipv6address() -> String {
    let h = "[0-9A-Fa-f]{1,4}";
    let ls32 = format!("(?:{h}:{h}|{})", ipv4address());
    [
        format!("(?:{h}:){{6}}{ls32}"),
        format!("::(?:{h}:){{5}}{ls32}"),
        format!("(?:{h})?::(?:{h}:){{4}}{ls32}"),
        format!("(?:(?:{h}:){{0,1}}{h})?::(?:{h}:){{3}}{ls32}"),
        format!("(?:(?:{h}:){{0,2}}{h})?::(?:{h}:){{2}}{ls32}"),
        format!("(?:(?:{h}:){{0,3}}{h})?::{h}:{ls32}"),
        format!("(?:(?:{h}:){{0,4}}{h})?::{ls32}"),
        format!("(?:(?:{h}:){{0,5}}{h})?::{h}"),
        format!("(?:(?:{h}:){{0,6}}{h})?::"),
    ]
    .join("|")
}
