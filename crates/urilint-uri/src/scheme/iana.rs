//! The IANA URI scheme registry, as data.
//!
//! This module owns the list of registered URI scheme names and the
//! registration status of each (RFC 7595 section 3: permanent,
//! provisional or historical), and a lookup over it. The scanner uses it
//! to tell a URI such as `<cid:foo@bar>` from an XML qualified name such
//! as `<xs:element>` or `<stream:error>`: `cid` is registered, `xs` and
//! `stream` are not.
//!
//! Source: IANA URI Schemes registry,
//! <https://www.iana.org/assignments/uri-schemes>, as last updated
//! 2022-11-18. Only the scheme names and their statuses are kept.
//!
//! Scheme names are case-insensitive (RFC 3986 section 3.1), so
//! [`lookup`] compares ASCII case-insensitively; [`SCHEMES`] holds the
//! canonical lowercase form.

use Status::{Historical, Permanent, Provisional};

/// Registration status of a URI scheme (RFC 7595 section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Permanent registration: the scheme has met the RFC 7595 section 3
    /// requirements for permanent registration (expert review of a
    /// complete, stable specification) and is fit for general use.
    Permanent,
    /// Provisional registration: registered first come, first served
    /// under the lighter RFC 7595 requirements, mainly to reserve the name
    /// and avoid collisions; not necessarily fully specified or widely
    /// reviewed.
    Provisional,
    /// Historical registration: the scheme is no longer in common use, or
    /// its use is not recommended; the name stays registered so that it is
    /// not reused.
    Historical,
}

impl Status {
    /// The status as IANA writes it, in lowercase: `"permanent"`,
    /// `"provisional"` or `"historical"`.
    pub fn name(self) -> &'static str {
        match self {
            Permanent => "permanent",
            Provisional => "provisional",
            Historical => "historical",
        }
    }
}

/// Every scheme in the registry with its status, lowercase, sorted by byte
/// order with no duplicates, so that it can be binary searched.
///
/// Notes on the source table (registry as of 2022-11-18):
/// * Its row order is not byte order in four places (`ms-project` before
///   `ms-powerpoint`, `pwid` before `psyc`, `vnc` before `view-source`,
///   `web3` before `wcr`); the entries here are re-sorted.
/// * The `shttp` row is written `shttp (OBSOLETE)` (status Permanent);
///   only the name `shttp` is kept.
/// * `wpid` is listed as Historical although its template lives under
///   the provisional (`prov/`) templates; the listed status is kept.
/// * No name is listed twice.
pub static SCHEMES: &[(&str, Status)] = TABLE;

/// The table behind [`SCHEMES`]; a `const` so that [`MAX_LEN`] can be
/// computed from it at compile time.
const TABLE: &[(&str, Status)] = &[
    ("aaa", Permanent),
    ("aaas", Permanent),
    ("about", Permanent),
    ("acap", Permanent),
    ("acct", Permanent),
    ("acd", Provisional),
    ("acr", Provisional),
    ("adiumxtra", Provisional),
    ("adt", Provisional),
    ("afp", Provisional),
    ("afs", Provisional),
    ("aim", Provisional),
    ("amss", Provisional),
    ("android", Provisional),
    ("appdata", Provisional),
    ("apt", Provisional),
    ("ar", Provisional),
    ("ark", Provisional),
    ("attachment", Provisional),
    ("aw", Provisional),
    ("barion", Provisional),
    ("bb", Historical),
    ("beshare", Provisional),
    ("bitcoin", Provisional),
    ("bitcoincash", Provisional),
    ("blob", Provisional),
    ("bolo", Provisional),
    ("browserext", Provisional),
    ("cabal", Provisional),
    ("calculator", Provisional),
    ("callto", Provisional),
    ("cap", Permanent),
    ("cast", Provisional),
    ("casts", Provisional),
    ("chrome", Provisional),
    ("chrome-extension", Provisional),
    ("cid", Permanent),
    ("coap", Permanent),
    ("coap+tcp", Permanent),
    ("coap+ws", Permanent),
    ("coaps", Permanent),
    ("coaps+tcp", Permanent),
    ("coaps+ws", Permanent),
    ("com-eventbrite-attendee", Provisional),
    ("content", Provisional),
    ("content-type", Provisional),
    ("crid", Permanent),
    ("cstr", Provisional),
    ("cvs", Provisional),
    ("dab", Provisional),
    ("dat", Provisional),
    ("data", Permanent),
    ("dav", Permanent),
    ("diaspora", Provisional),
    ("dict", Permanent),
    ("did", Provisional),
    ("dis", Provisional),
    ("dlna-playcontainer", Provisional),
    ("dlna-playsingle", Provisional),
    ("dns", Permanent),
    ("dntp", Provisional),
    ("doi", Provisional),
    ("dpp", Provisional),
    ("drm", Provisional),
    ("drop", Historical),
    ("dtmi", Provisional),
    ("dtn", Permanent),
    ("dvb", Provisional),
    ("dvx", Provisional),
    ("dweb", Provisional),
    ("ed2k", Provisional),
    ("eid", Provisional),
    ("elsi", Provisional),
    ("embedded", Provisional),
    ("ens", Provisional),
    ("ethereum", Provisional),
    ("example", Permanent),
    ("facetime", Provisional),
    ("fax", Historical),
    ("feed", Provisional),
    ("feedready", Provisional),
    ("fido", Provisional),
    ("file", Permanent),
    ("filesystem", Historical),
    ("finger", Provisional),
    ("first-run-pen-experience", Provisional),
    ("fish", Provisional),
    ("fm", Provisional),
    ("ftp", Permanent),
    ("fuchsia-pkg", Provisional),
    ("geo", Permanent),
    ("gg", Provisional),
    ("git", Provisional),
    ("gitoid", Provisional),
    ("gizmoproject", Provisional),
    ("go", Permanent),
    ("gopher", Permanent),
    ("graph", Provisional),
    ("grd", Historical),
    ("gtalk", Provisional),
    ("h323", Permanent),
    ("ham", Provisional),
    ("hcap", Provisional),
    ("hcp", Provisional),
    ("http", Permanent),
    ("https", Permanent),
    ("hxxp", Provisional),
    ("hxxps", Provisional),
    ("hydrazone", Provisional),
    ("hyper", Provisional),
    ("iax", Permanent),
    ("icap", Permanent),
    ("icon", Provisional),
    ("im", Permanent),
    ("imap", Permanent),
    ("info", Permanent),
    ("iotdisco", Provisional),
    ("ipfs", Provisional),
    ("ipn", Permanent),
    ("ipns", Provisional),
    ("ipp", Permanent),
    ("ipps", Permanent),
    ("irc", Provisional),
    ("irc6", Provisional),
    ("ircs", Provisional),
    ("iris", Permanent),
    ("iris.beep", Permanent),
    ("iris.lwz", Permanent),
    ("iris.xpc", Permanent),
    ("iris.xpcs", Permanent),
    ("isostore", Provisional),
    ("itms", Provisional),
    ("jabber", Permanent),
    ("jar", Provisional),
    ("jms", Provisional),
    ("keyparc", Provisional),
    ("lastfm", Provisional),
    ("lbry", Provisional),
    ("ldap", Permanent),
    ("ldaps", Provisional),
    ("leaptofrogans", Permanent),
    ("lorawan", Provisional),
    ("lpa", Provisional),
    ("lvlt", Provisional),
    ("magnet", Provisional),
    ("mailserver", Historical),
    ("mailto", Permanent),
    ("maps", Provisional),
    ("market", Provisional),
    ("matrix", Provisional),
    ("message", Provisional),
    ("microsoft.windows.camera", Provisional),
    ("microsoft.windows.camera.multipicker", Provisional),
    ("microsoft.windows.camera.picker", Provisional),
    ("mid", Permanent),
    ("mms", Provisional),
    ("modem", Historical),
    ("mongodb", Provisional),
    ("moz", Provisional),
    ("ms-access", Provisional),
    ("ms-appinstaller", Provisional),
    ("ms-browser-extension", Provisional),
    ("ms-calculator", Provisional),
    ("ms-drive-to", Provisional),
    ("ms-enrollment", Provisional),
    ("ms-excel", Provisional),
    ("ms-eyecontrolspeech", Provisional),
    ("ms-gamebarservices", Provisional),
    ("ms-gamingoverlay", Provisional),
    ("ms-getoffice", Provisional),
    ("ms-help", Provisional),
    ("ms-infopath", Provisional),
    ("ms-inputapp", Provisional),
    ("ms-lockscreencomponent-config", Provisional),
    ("ms-media-stream-id", Provisional),
    ("ms-meetnow", Provisional),
    ("ms-mixedrealitycapture", Provisional),
    ("ms-mobileplans", Provisional),
    ("ms-newsandinterests", Provisional),
    ("ms-officeapp", Provisional),
    ("ms-people", Provisional),
    ("ms-powerpoint", Provisional),
    ("ms-project", Provisional),
    ("ms-publisher", Provisional),
    ("ms-restoretabcompanion", Provisional),
    ("ms-screenclip", Provisional),
    ("ms-screensketch", Provisional),
    ("ms-search", Provisional),
    ("ms-search-repair", Provisional),
    ("ms-secondary-screen-controller", Provisional),
    ("ms-secondary-screen-setup", Provisional),
    ("ms-settings", Provisional),
    ("ms-settings-airplanemode", Provisional),
    ("ms-settings-bluetooth", Provisional),
    ("ms-settings-camera", Provisional),
    ("ms-settings-cellular", Provisional),
    ("ms-settings-cloudstorage", Provisional),
    ("ms-settings-connectabledevices", Provisional),
    ("ms-settings-displays-topology", Provisional),
    ("ms-settings-emailandaccounts", Provisional),
    ("ms-settings-language", Provisional),
    ("ms-settings-location", Provisional),
    ("ms-settings-lock", Provisional),
    ("ms-settings-nfctransactions", Provisional),
    ("ms-settings-notifications", Provisional),
    ("ms-settings-power", Provisional),
    ("ms-settings-privacy", Provisional),
    ("ms-settings-proximity", Provisional),
    ("ms-settings-screenrotation", Provisional),
    ("ms-settings-wifi", Provisional),
    ("ms-settings-workplace", Provisional),
    ("ms-spd", Provisional),
    ("ms-stickers", Provisional),
    ("ms-sttoverlay", Provisional),
    ("ms-transit-to", Provisional),
    ("ms-useractivityset", Provisional),
    ("ms-virtualtouchpad", Provisional),
    ("ms-visio", Provisional),
    ("ms-walk-to", Provisional),
    ("ms-whiteboard", Provisional),
    ("ms-whiteboard-cmd", Provisional),
    ("ms-word", Provisional),
    ("msnim", Provisional),
    ("msrp", Permanent),
    ("msrps", Permanent),
    ("mss", Provisional),
    ("mt", Provisional),
    ("mtqp", Permanent),
    ("mumble", Provisional),
    ("mupdate", Permanent),
    ("mvn", Provisional),
    ("news", Permanent),
    ("nfs", Permanent),
    ("ni", Permanent),
    ("nih", Permanent),
    ("nntp", Permanent),
    ("notes", Provisional),
    ("num", Provisional),
    ("ocf", Provisional),
    ("oid", Provisional),
    ("onenote", Provisional),
    ("onenote-cmd", Provisional),
    ("opaquelocktoken", Permanent),
    ("openpgp4fpr", Provisional),
    ("otpauth", Provisional),
    ("p1", Historical),
    ("pack", Historical),
    ("palm", Provisional),
    ("paparazzi", Provisional),
    ("payment", Provisional),
    ("payto", Provisional),
    ("pkcs11", Permanent),
    ("platform", Provisional),
    ("pop", Permanent),
    ("pres", Permanent),
    ("prospero", Historical),
    ("proxy", Provisional),
    ("psyc", Provisional),
    ("pttp", Provisional),
    ("pwid", Provisional),
    ("qb", Provisional),
    ("query", Provisional),
    ("quic-transport", Provisional),
    ("redis", Provisional),
    ("rediss", Provisional),
    ("reload", Permanent),
    ("res", Provisional),
    ("resource", Provisional),
    ("rmi", Provisional),
    ("rsync", Provisional),
    ("rtmfp", Provisional),
    ("rtmp", Provisional),
    ("rtsp", Permanent),
    ("rtsps", Permanent),
    ("rtspu", Permanent),
    ("sarif", Provisional),
    ("secondlife", Provisional),
    ("secret-token", Provisional),
    ("service", Permanent),
    ("session", Permanent),
    ("sftp", Provisional),
    ("sgn", Provisional),
    ("shc", Provisional),
    ("shttp", Permanent),
    ("sieve", Permanent),
    ("simpleledger", Provisional),
    ("simplex", Provisional),
    ("sip", Permanent),
    ("sips", Permanent),
    ("skype", Provisional),
    ("smb", Provisional),
    ("smp", Provisional),
    ("sms", Permanent),
    ("smtp", Provisional),
    ("snews", Historical),
    ("snmp", Permanent),
    ("soap.beep", Permanent),
    ("soap.beeps", Permanent),
    ("soldat", Provisional),
    ("spiffe", Provisional),
    ("spotify", Provisional),
    ("ssb", Provisional),
    ("ssh", Provisional),
    ("steam", Provisional),
    ("stun", Permanent),
    ("stuns", Permanent),
    ("submit", Provisional),
    ("svn", Provisional),
    ("swh", Provisional),
    ("swid", Provisional),
    ("swidpath", Provisional),
    ("tag", Permanent),
    ("taler", Provisional),
    ("teamspeak", Provisional),
    ("tel", Permanent),
    ("teliaeid", Provisional),
    ("telnet", Permanent),
    ("tftp", Permanent),
    ("things", Provisional),
    ("thismessage", Permanent),
    ("tip", Permanent),
    ("tn3270", Permanent),
    ("tool", Provisional),
    ("turn", Permanent),
    ("turns", Permanent),
    ("tv", Permanent),
    ("udp", Provisional),
    ("unreal", Provisional),
    ("upt", Historical),
    ("urn", Permanent),
    ("ut2004", Provisional),
    ("uuid-in-package", Provisional),
    ("v-event", Provisional),
    ("vemmi", Permanent),
    ("ventrilo", Provisional),
    ("ves", Provisional),
    ("videotex", Historical),
    ("view-source", Provisional),
    ("vnc", Permanent),
    ("vscode", Provisional),
    ("vscode-insiders", Provisional),
    ("vsls", Provisional),
    ("w3", Provisional),
    ("wais", Historical),
    ("wcr", Provisional),
    ("web3", Provisional),
    ("webcal", Provisional),
    ("wifi", Provisional),
    ("wpid", Historical),
    ("ws", Permanent),
    ("wss", Permanent),
    ("wtai", Provisional),
    ("wyciwyg", Provisional),
    ("xcon", Permanent),
    ("xcon-userid", Permanent),
    ("xfire", Provisional),
    ("xmlrpc.beep", Permanent),
    ("xmlrpc.beeps", Permanent),
    ("xmpp", Permanent),
    ("xri", Provisional),
    ("ymsgr", Provisional),
    ("z39.50", Historical),
    ("z39.50r", Permanent),
    ("z39.50s", Permanent),
];

/// Length in bytes of the longest registered scheme name.
const MAX_LEN: usize = {
    let mut max = 0;
    let mut i = 0;
    while i < TABLE.len() {
        if TABLE[i].0.len() > max {
            max = TABLE[i].0.len();
        }
        i += 1;
    }
    max
};

/// The registration status of `scheme` (the bytes before the `:`), or
/// `None` if it is not registered.
///
/// The comparison is ASCII case-insensitive (RFC 3986 section 3.1) and
/// does not allocate. Names longer than every registered name are
/// rejected without searching.
pub fn lookup(scheme: &[u8]) -> Option<Status> {
    if scheme.len() > MAX_LEN {
        return None;
    }
    SCHEMES
        .binary_search_by(|&(name, _)| {
            name.bytes()
                .cmp(scheme.iter().map(|b| b.to_ascii_lowercase()))
        })
        .ok()
        .map(|i| SCHEMES[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_unique() {
        for pair in SCHEMES.windows(2) {
            assert!(
                pair[0].0.as_bytes() < pair[1].0.as_bytes(),
                "{:?} is not before {:?}",
                pair[0].0,
                pair[1].0
            );
        }
    }

    #[test]
    fn counts() {
        assert_eq!(SCHEMES.len(), 364);
        let count = |status| SCHEMES.iter().filter(|&&(_, s)| s == status).count();
        assert_eq!(count(Permanent), 97);
        assert_eq!(count(Provisional), 251);
        assert_eq!(count(Historical), 16);
    }

    #[test]
    fn names_are_scheme_syntax() {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), RFC 3986
        // section 3.1; stored in lowercase.
        for &(name, _) in SCHEMES {
            let bytes = name.as_bytes();
            assert!(bytes[0].is_ascii_lowercase(), "{name:?}");
            assert!(
                bytes[1..].iter().all(|&b| b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || matches!(b, b'+' | b'-' | b'.')),
                "{name:?}"
            );
        }
    }

    #[test]
    fn max_len() {
        let longest = SCHEMES.iter().map(|&(name, _)| name.len()).max();
        assert_eq!(Some(MAX_LEN), longest);
        assert_eq!(MAX_LEN, "microsoft.windows.camera.multipicker".len());
    }

    #[test]
    fn every_entry_is_found_in_any_case() {
        for &(name, status) in SCHEMES {
            assert_eq!(lookup(name.as_bytes()), Some(status), "{name:?}");
            let upper = name.to_ascii_uppercase();
            assert_eq!(lookup(upper.as_bytes()), Some(status), "{upper:?}");
        }
    }

    #[test]
    fn spot_checks() {
        let expected = [
            ("http", Permanent),
            ("https", Permanent),
            ("mailto", Permanent),
            ("ftp", Permanent),
            ("file", Permanent),
            ("urn", Permanent),
            ("cid", Permanent),
            ("mid", Permanent),
            ("news", Permanent),
            ("nntp", Permanent),
            ("tel", Permanent),
            ("data", Permanent),
            ("telnet", Permanent),
            ("gopher", Permanent),
            ("wais", Historical),
            ("prospero", Historical),
            ("ldap", Permanent),
            ("sip", Permanent),
            ("xmpp", Permanent),
            ("coap+tcp", Permanent),
            ("z39.50s", Permanent),
            ("z39.50", Historical),
            ("magnet", Provisional),
            ("shttp", Permanent),
        ];
        for (name, status) in expected {
            assert_eq!(lookup(name.as_bytes()), Some(status), "{name:?}");
        }
    }

    #[test]
    fn case_insensitive() {
        assert_eq!(lookup(b"HTTP"), Some(Permanent));
        assert_eq!(lookup(b"Mailto"), Some(Permanent));
        assert_eq!(lookup(b"CoAP+TCP"), Some(Permanent));
        assert_eq!(lookup(b"Z39.50S"), Some(Permanent));
    }

    #[test]
    fn not_registered() {
        for name in [
            "xs",
            "stream",
            "packaging",
            "font-size",
            "std",
            "note",
            "ipv4",
            "dep",
            "",
            "shttp (obsolete)",
            "http:",
            "microsoft.windows.camera.multipickers",
        ] {
            assert_eq!(lookup(name.as_bytes()), None, "{name:?}");
        }
        assert_eq!(lookup(&[b'a'; 1000]), None);
        assert_eq!(lookup(b"htt\xc3\xbf"), None);
    }

    #[test]
    fn status_names() {
        assert_eq!(Permanent.name(), "permanent");
        assert_eq!(Provisional.name(), "provisional");
        assert_eq!(Historical.name(), "historical");
    }
}
