//! Microsoft Defender for Office 365 Safe Links (and Outlook.com's
//! "advanced security"): `https://<region>.safelinks.protection.outlook.com/?url=<target>&data=...&sdata=...&reserved=0`,
//! the target percent-encoded once in the `url` parameter; the `data`
//! parameter holds the recipient's address and tenant. Government clouds
//! use `*.safelinks.protection.office365.us`.
//!
//! The format as Microsoft's own decoder reads it: the O365Troubleshooters
//! PowerShell module (PowerShell Gallery, `Start-DecodeSafeLinksURL.ps1`:
//! URL-decode, then the text between `url=` and `&data=`); the feature is
//! described in Microsoft Learn, "Safe Links in Microsoft Defender for
//! Office 365".

use super::{host_is_or_under, url_before, Decoded, Wrapper};
use crate::grammar::UriRef;

/// The wrapper.
pub const WRAPPER: Wrapper = Wrapper {
    name: "safelinks",
    title: "Microsoft Defender for Office 365 Safe Links",
    source: "Microsoft Learn, \"Safe Links in Microsoft Defender for Office 365\"; Microsoft's \
             O365Troubleshooters module, Start-DecodeSafeLinksURL.ps1",
    decode,
};

/// The domains Safe Links links are served from, each under a region
/// label (`nam01.`, `eur03.`, `usg02.`).
const DOMAINS: [&str; 2] = [
    "safelinks.protection.outlook.com",
    "safelinks.protection.office365.us",
];

/// The `url` parameter of a Safe Links link, percent-decoded.
pub fn decode(uri: &UriRef<'_>) -> Decoded {
    let host = uri.host()?;
    if !DOMAINS.iter().any(|d| host_is_or_under(host, d)) {
        return None;
    }
    // Safe Links always writes `data` after `url` (Microsoft's decoder
    // takes the text between `url=` and `&data=`), as in
    // `...?url=https%3A%2F%2Fsashi` / `ko.dev%2F&data=...` cut by a wrap.
    Some(url_before(
        uri.query().unwrap_or(""),
        "data",
        "no data parameter after the url one (cut short?)",
    ))
}

#[cfg(test)]
mod tests {
    use super::super::unwrap;

    fn unwrapped(s: &str) -> String {
        super::super::unwrapped_by("safelinks", s)
    }

    /// Published samples: the example of `ConvertFrom-SafeLinksURL`
    /// (gist jhochwald/d7a1b50685993457231c3603c97a35ca), and refinery's
    /// test (binref/refinery, test/units/pattern/test_urlguards.py at
    /// 520b57746329a52d3ef4a71df875b784796de588, `test_outlook`).
    #[test]
    fn published_samples() {
        assert_eq!(
            unwrapped("https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fhochwald.net%2F&data=04%7C01%7Cjoerg%40hochwald.net%7C6944b67827e54648125508d884babf16%7Cb768b3c4dc4b445c94c0388882f966fb%7C0%7C0%7C637405284900251734%7CUnknown%7CTWFpbGZsb3d8eyJWIjoiMC4wLjAwMDAiLCJQIjoiV2luMzIiLCJBTiI6Ik1haWwiLCJXVCI6Mn0%3D%7C1000&sdata=qPb0a6MdRNuAzMIyLPlQ9iHPAufxNRywP2kKi%2FIHs%2FA%3D&reserved=0"),
            "https://hochwald.net/"
        );
        assert_eq!(
            unwrapped("https://apac01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.dropbox.com%2Fl%2FMsV4FlOqB46esYrRR4h37fZuRXl4lHkkB93%2Freport_abuse&data=02%7C01%7Ctim.kelsey%40digitalhealth.gov.au%7C31d152ee19d64a3b53a908d6b7dc42a2%7C49c6971ed0164e1ab04195533ede53a1%7C0%7C1%7C636898553972831008&sdata=MYXFcUyJ5Sxfo31AJJu3%2FdebHsiYaE46n%2B6wF%2BwKvQw%3D&reserved=0"),
            "https://www.dropbox.com/l/MsV4FlOqB46esYrRR4h37fZuRXl4lHkkB93/report_abuse"
        );
    }

    /// Real links of the shared corpus (usrp-users, 2023): a government
    /// cloud host, and the `&amp;` of an HTML part's attribute read as
    /// text.
    #[test]
    fn corpus_samples() {
        assert_eq!(
            unwrapped("https://usg02.safelinks.protection.office365.us/?url=https%3A%2F%2Fgithub.com%2FEttusResearch%2Fuhd&data=05%7C01&reserved=0"),
            "https://github.com/EttusResearch/uhd"
        );
        assert_eq!(
            unwrapped("https://nam01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fgithub.com%2FEttusResearch%2Fuhd%2Ftree%2Fmaster%2Fhost%2Fexamples&amp;data=02%7C01%7Cfzj28%40psu.edu&amp;reserved=0"),
            "https://github.com/EttusResearch/uhd/tree/master/host/examples"
        );
    }

    /// A target percent-encoded inside its own query keeps that encoding.
    #[test]
    fn inner_encoding_is_kept() {
        assert_eq!(
            unwrapped("https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2Fs%3Fq%3Da%2520b%26x%3D1&data=0"),
            "https://a.example/s?q=a%20b&x=1"
        );
    }

    #[test]
    fn cut_short_is_undecodable() {
        let u = unwrap("https://nam01.safelinks.protection.outlook.com/?data=02")
            .unwrap_or_else(|| panic!("not recognised"));
        assert!(!u.decoded());
        assert_eq!(u.chain[0].reason, Some("no url parameter"));
        // Real: linux-hyperv, a reply whose client wrapped the quoted link
        // after `sashi`, read up to the line break.
        let u = unwrap("https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Fsashiko")
            .unwrap_or_else(|| panic!("not recognised"));
        assert!(!u.decoded());
        assert_eq!(
            u.uri,
            "https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Fsashiko"
        );
    }
}
