//! What a URI found in a document is there for: a link a reader follows,
//! a resource the document loads, an identifier that names something, a
//! citation, or a mention where no reader follows it.
//!
//! This module owns the mapping from where a URI stands (a
//! [`SegmentKind`]: an HTML element's attribute, a Markdown image, a
//! comment) to its [`Role`]. `extract` leaves identifiers, citations and
//! mentions out of HTML by default (`--include-identifiers` brings them
//! back): an XHTML page or an Outlook mail carries half a dozen namespace
//! names (`xmlns="http://www.w3.org/1999/xhtml"`), and mail clients put
//! `cite="mid:..."` on every quoted block. It does not own finding the
//! URIs, nor what `check` does with them (it lints them all).

use serde::Serialize;

use super::SegmentKind;

/// What a URI is there for. Serialized lowercase (`"link"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A link a reader follows: text (plain, mail, Markdown, HTML text,
    /// header fields), `<a href>`, `<form action>`, a Markdown link.
    #[default]
    Link,
    /// A resource the document loads: `src`, `srcset`, `poster`,
    /// `background`, `<object data>`, `codebase`, `manifest`, `icon`,
    /// `<link href>`, a Markdown or reStructuredText image, the URL of a
    /// CSS `url()` in a mail part's `style` attribute or `<style>`
    /// (field `td@style`, `style@url`).
    Resource,
    /// A name, not a location: an XML namespace name (`xmlns`,
    /// `xmlns:o`; Namespaces in XML 1.0 section 2.2: "not intended to be
    /// directly usable for retrieval"), a DOCTYPE system identifier, a
    /// microdata or RDFa vocabulary term (`itemtype`, `itemprop`,
    /// `itemid`, `typeof`, `property`, `vocab`, `about`, `resource`,
    /// `datatype`), a `profile` or `classid`.
    Identifier,
    /// The source of a quotation: `cite` on `<blockquote>`, `<q>`,
    /// `<del>`, `<ins>` (HTML's "link to the source of the quotation or
    /// more information about the edit", which no browser shows), e.g.
    /// `cite="mid:..."` that mail clients put on quoted replies.
    Citation,
    /// Written where no reader follows it: an HTML comment, fallback
    /// content a browser does not show (`<noframes>`, `<noembed>`,
    /// `<iframe>`), an attribute that holds no URI (`style`, `title`,
    /// `alt`, `data-*`, Outlook's `originalsrc`, a `<meta content>` other
    /// than a refresh's URL), scanned as text.
    Mention,
}

impl Role {
    /// The name used in records: `link`, `resource`, `identifier`,
    /// `citation`, `mention`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Link => "link",
            Role::Resource => "resource",
            Role::Identifier => "identifier",
            Role::Citation => "citation",
            Role::Mention => "mention",
        }
    }

    /// True for a link or a resource: what `extract` prints from HTML by
    /// default.
    pub fn is_followed(self) -> bool {
        matches!(self, Role::Link | Role::Resource)
    }

    /// The role of a URI found in a segment of `kind`; `reference` is
    /// the segment's [`super::Segment::references`]: the format layer
    /// read the value as one URL reference (`<meta http-equiv=refresh>`'s
    /// URL is followed, the `content` of other `<meta>`s is not).
    pub fn of(kind: &SegmentKind, reference: bool) -> Role {
        match kind {
            SegmentKind::MarkdownLink("image") | SegmentKind::RstLink("image" | "figure") => {
                Role::Resource
            }
            SegmentKind::HtmlAttribute { element, attribute } => {
                attribute_role(element, attribute, reference)
            }
            SegmentKind::HtmlComment | SegmentKind::HtmlFallback(_) => Role::Mention,
            // An XML namespace name identifies, it is not fetched.
            SegmentKind::XmlAttribute { attribute, .. }
                if attribute == "xmlns" || attribute.starts_with("xmlns:") =>
            {
                Role::Identifier
            }
            _ => Role::Link,
        }
    }
}

/// The role of a URI in attribute `attribute` of element `element` (both
/// lowercase, as [`SegmentKind::HtmlAttribute`] names them; the doctype
/// is element `!doctype`); `reference` as in [`Role::of`].
fn attribute_role(element: &str, attribute: &str, reference: bool) -> Role {
    const IDENTIFIERS: [&str; 12] = [
        "itemtype",
        "itemprop",
        "itemid",
        "profile",
        "classid",
        "vocab",
        "typeof",
        "property",
        "about",
        "resource",
        "datatype",
        "identifier",
    ];
    const RESOURCES: [&str; 10] = [
        "src",
        "srcset",
        "imagesrcset",
        "poster",
        "background",
        "data",
        "codebase",
        "manifest",
        "icon",
        "lowsrc",
    ];
    // Attributes whose text is followed though not a URI reference: an
    // `onclick` that opens a `mailto:`. (A `<meta content>` is metadata:
    // `http://schema.org/EventScheduled`, an author's home page; only a
    // refresh's URL, given as a reference, is followed.)
    const FOLLOWED_TEXT: [&str; 1] = ["onclick"];
    let a = attribute;
    if element == "!doctype" || a == "xmlns" || a.starts_with("xmlns:") || IDENTIFIERS.contains(&a)
    {
        Role::Identifier
    } else if a == "cite" {
        Role::Citation
    } else if RESOURCES.contains(&a)
        || (element == "link" && a == "href")
        || (reference && (a == "style" || (element == "style" && a == "url")))
    {
        Role::Resource
    } else if URI_VALUED.contains(&a) || FOLLOWED_TEXT.contains(&a) || reference {
        Role::Link
    } else {
        Role::Mention
    }
}

/// Attributes whose whole value is a URI reference a reader follows
/// (HTML's URL-valued attributes that are neither resources nor
/// citations).
const URI_VALUED: [&str; 5] = ["href", "action", "formaction", "longdesc", "usemap"];

#[cfg(test)]
mod tests {
    use super::*;

    /// The role in attribute `attribute` of `element`, its value read as
    /// one reference when `reference` (as the format layer gives `href`).
    fn attr_as(element: &str, attribute: &str, reference: bool) -> Role {
        let kind = SegmentKind::HtmlAttribute {
            element: element.to_string(),
            attribute: attribute.to_string(),
        };
        Role::of(&kind, reference)
    }

    fn attr(element: &str, attribute: &str) -> Role {
        let reference = URI_VALUED.contains(&attribute) || attribute == "src";
        attr_as(element, attribute, reference)
    }

    #[test]
    fn roles_of_html_attributes() {
        assert_eq!(attr("a", "href"), Role::Link);
        assert_eq!(attr("form", "action"), Role::Link);
        // A refresh's URL (given as a reference) is followed; other
        // `<meta content>` (`http://schema.org/EventScheduled`), and the
        // `content` of other elements, are not.
        assert_eq!(attr_as("meta", "content", true), Role::Link);
        assert_eq!(attr_as("meta", "content", false), Role::Mention);
        assert_eq!(
            attr_as("action-text-attachment", "content", false),
            Role::Mention
        );
        assert_eq!(attr_as("a", "onclick", false), Role::Link);
        assert_eq!(attr("img", "src"), Role::Resource);
        assert_eq!(attr("img", "srcset"), Role::Resource);
        assert_eq!(attr("body", "background"), Role::Resource);
        assert_eq!(attr("link", "href"), Role::Resource);
        assert_eq!(attr("html", "xmlns"), Role::Identifier);
        assert_eq!(attr("html", "xmlns:o"), Role::Identifier);
        assert_eq!(attr("!doctype", "identifier"), Role::Identifier);
        assert_eq!(attr("div", "itemtype"), Role::Identifier);
        assert_eq!(attr("blockquote", "cite"), Role::Citation);
        assert_eq!(attr("td", "style"), Role::Mention);
        // A CSS `url()` of a mail part's style, given as a reference.
        assert_eq!(attr_as("td", "style", true), Role::Resource);
        assert_eq!(attr_as("style", "url", true), Role::Resource);
        assert_eq!(attr("a", "originalsrc"), Role::Mention);
        assert_eq!(attr("a", "data-saferedirecturl"), Role::Mention);
        assert_eq!(attr("img", "alt"), Role::Mention);
    }

    #[test]
    fn roles_of_other_segments() {
        assert_eq!(Role::of(&SegmentKind::Text, false), Role::Link);
        assert_eq!(Role::of(&SegmentKind::HtmlText, false), Role::Link);
        assert_eq!(
            Role::of(&SegmentKind::Header("List-Archive".into()), false),
            Role::Link
        );
        assert_eq!(
            Role::of(&SegmentKind::MarkdownLink("image"), false),
            Role::Resource
        );
        assert_eq!(
            Role::of(&SegmentKind::MarkdownLink("link"), false),
            Role::Link
        );
        assert_eq!(Role::of(&SegmentKind::HtmlComment, false), Role::Mention);
        assert_eq!(
            Role::of(&SegmentKind::HtmlFallback("noframes"), false),
            Role::Mention
        );
        assert_eq!(Role::Citation.name(), "citation");
        assert!(Role::Resource.is_followed() && !Role::Mention.is_followed());
    }
}
