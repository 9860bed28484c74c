//! Trend Micro Email Security's time-of-click protection:
//! `https://ctp.trendmicro.com/wis/clicktime/v1/query?url=<target>&umid=...&auth=...`
//! and `.../wis/clicktime/v2/clickthrough?url=<target>&uuid=...&auth=...`
//! (on `trendmicro.com` and its regional hosts), the target
//! percent-encoded once in the `url` parameter.
//!
//! Source: Trend Micro publishes no decoder; the format as binref/refinery's
//! `urlguards` unit reads it (refinery/units/pattern/urlguards.py), with
//! the samples of its tests (test/units/pattern/test_urlguards.py at
//! 520b57746329a52d3ef4a71df875b784796de588, `test_multiple`), one of
//! them around a Safe Links link.

use super::{host_is_or_under, url_before, Decoded, Wrapper};
use crate::grammar::UriRef;

/// The wrapper.
pub const WRAPPER: Wrapper = Wrapper {
    name: "trendmicro",
    title: "Trend Micro Email Security time-of-click protection",
    source: "binref/refinery's urlguards unit and its test samples (no vendor decoder published)",
    decode,
};

/// The `url` parameter of a time-of-click link, percent-decoded.
pub fn decode(uri: &UriRef<'_>) -> Decoded {
    if !host_is_or_under(uri.host()?, "trendmicro.com") {
        return None;
    }
    let path = uri.path();
    let rest = path.strip_prefix("/wis/clicktime/")?;
    let known = ["v1/query", "v1/clickthrough", "v2/query", "v2/clickthrough"];
    if !known.contains(&rest) {
        return None;
    }
    // `auth` (the signature) always follows `url`.
    Some(url_before(
        uri.query().unwrap_or(""),
        "auth",
        "no auth parameter after the url one (cut short?)",
    ))
}

#[cfg(test)]
mod tests {
    use super::super::unwrap;

    /// binref/refinery's `test_multiple` samples: one around Safe Links,
    /// one around the link itself.
    #[test]
    fn refinery_samples() {
        let u = unwrap("https://ctp.trendmicro.com/wis/clicktime/v2/clickthrough?url=https%3A%2F%2Femea01.safelinks.protection.outlook.com%2F%3Furl%3Dhttps%253A%252F%252Fearlyyears.register-me.uk%252F%26data%3D02%257C01%257C%257Ca33fd5f06d894aa2440608d688424db3%257Ca708279dde884b62956085a6be8c08cc%257C0%257C0%257C636846215676444342%26sdata%3DFT9IDMzDty7e%252BHKSV4cKQCci8aXVAM8b7P9FTae4n6o%253D%26reserved%3D0&uuid=2dd83146-2964-11e9-913a-02f49198539e&auth=31bbc6a83b73e178539aa463ed38c9bab679818c-b4a3fff82d5c0bbc06a9f06593ed41a47737ef34")
            .unwrap_or_else(|| panic!("not recognised"));
        assert_eq!(u.names(), "trendmicro > safelinks");
        assert!(u.decoded());
        assert_eq!(u.uri, "https://earlyyears.register-me.uk/");
        let u = unwrap("https://ctp.trendmicro.com/wis/clicktime/v2/clickthrough?url=http%3A%2F%2Fb2bnetwork-online.com%2Fr%2FwISqFfT4067ms210.html&uuid=7c9f1b02-85a7-11e8-9466-0a5a4136c366&auth=2dc9e1234ac4d7d7fe90b44830cb6a6ab54f5623-38190d35acc1780880f39ebca32c99369e78122e")
            .unwrap_or_else(|| panic!("not recognised"));
        assert_eq!(
            u.uri,
            "http://b2bnetwork-online.com/r/wISqFfT4067ms210.html"
        );
    }

    #[test]
    fn others_are_not_wrapped() {
        assert_eq!(
            unwrap("https://www.trendmicro.com/wis/about?url=https%3A%2F%2Fa.example%2F"),
            None
        );
        assert_eq!(
            unwrap("https://ctp.trendmicro.com.evil.example/wis/clicktime/v1/query?url=x&auth=y"),
            None
        );
        let cut =
            unwrap("https://ctp.trendmicro.com/wis/clicktime/v1/query?url=https%3A%2F%2Fa.ex")
                .unwrap_or_else(|| panic!("not recognised"));
        assert!(!cut.decoded());
    }
}
