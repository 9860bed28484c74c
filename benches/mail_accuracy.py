#!/usr/bin/env python3
"""Accuracy of `urilint extract` on mail archives, message by message.

What it measures
----------------
For every message of the given inputs (mbox files, single-message files:
Maildir, .eml, news articles, or directories of them) it compares two
multisets of URIs:

  truth  the reference, built with Python's `email` package
         (policy=email.policy.default), independent of urilint's MIME code:
         - every text/* leaf part, decoded (transfer encoding, charset;
           format=flowed unflowed, RFC 3676; `--no-unflow` to skip); a
           multipart whose boundary is nowhere in its body is read as text,
           as mail programs show it;
         - text/html: what a reader sees (html.parser: text without script,
           style and the hidden raw-text elements, no comments, white space
           collapsed outside <pre>, a line break at block elements) plus
           the URI-valued attributes by role: link (href, action,
           formaction, longdesc), resource (src, srcset, background,
           poster, data, <link href>, ...), identifier (xmlns, xmlns:*,
           the DOCTYPE system id, microdata itemtype), citation (cite).  Attribute values are
           read as a browser reads a URL: leading/trailing white space
           stripped, tabs and newlines dropped, inner spaces as %20; only
           absolute URIs, not javascript:/vbscript: (nor data: but as a
           resource: an inline image, RFC 2397), not a special scheme
           without a host (`href="http://"`).  Other attributes
           (style, title, data-*, originalsrc, content) and comments are
           not in the reference;
         - a base64 text part with clear text after its `=` pad (a
           mailing list's footer; RFC 2045 section 6.8: the pad ends the
           data) is decoded up to the pad and the rest read as text;
         - nested messages: message/rfc822, message/global and the parts of
           a multipart/digest (base64/QP-encoded ones decoded), walked like
           the message, up to 16 deep;
         - with `--headers`: the header fields urilint reads (a mirror of
           `field_is_read` in src/format/mail.rs), RFC 2047 decoded and
           unfolded, of the message, of every nested message and of
           text/rfc822-headers parts (delivery reports).
         The text pieces (parts, visible HTML text, header values) are
         written with a blank line between them into one temporary file per
         message and ONE run of `urilint extract --input-format text`
         scans them (the same scanner on both sides, so this measures the
         mail layer, not the URI grammar); attribute URIs are taken as they
         are.
  found  the URIs of `urilint extract --format jsonl [--no-headers]
         --input-format mbox|mail`, grouped by the record's `message`
         field; `--raw-text` gives the "before" mode (flat text over the
         raw files, grouped by `From ` offsets).

Identifiers and citations are compared apart (the product leaves them out
of HTML extract by default; `--include-identifiers` is passed when
`extract --help` lists it).  A found record's role is its `role` field when
the binary gives one, else derived from `segment` and `field` (`a@href`
link, `img@src` resource, `html@xmlns` identifier, `blockquote@cite`
citation, other attributes `other-attribute`, `html-comment` `comment`).

Per archive (a directory argument, `NAME=PATH`, or the folder of a file)
and in total it prints: messages, truth URIs, found URIs, the share of
messages whose two multisets are equal (target >= 99 %), precision =
|found & truth| / |found| and recall = |found & truth| / |truth| (multiset
intersection per message), for all URIs and for web links only; the same
for identifiers and citations; then the disagreement classes: every URI
only one side has, per message, paired with a URI of the other side when
one is a prefix of the other or they differ by encoding only, classed by
the role (found) or class (reference), with counts of URIs and messages
per archive and `--examples N` examples (file, message index, the URI on
each side and where it was seen); then `--show N` differing messages per
archive.

Inputs
------
A file that starts with a `From ` line (or is named *.mbox) is an mbox,
split at every line starting with `From ` (as Python's mailbox and MimeKit;
urilint also wants a blank line before it) but a header line `From  :<x@y>`;
`>From ` lines lose one `>` (mboxrd).  A found record goes to the message
(as split here) whose bytes hold it, so a separator urilint does not take
costs only the message after it.  Any other file is one message
(`--input-format mail` on the found side).  Directories are read
recursively, sorted, without README*, COPYING*, LICENSE*, *.json, *.md,
scripts and dot files (`--exclude GLOB` for more).

Usage
-----
  python3 benches/mail_accuracy.py --urilint BIN [--headers] ARCHIVE...
  python3 benches/mail_accuracy.py BIN ARCHIVE...     (older form)
  ... --json > out.json     machine-readable result on stdout
  ... --keep-ref DIR        keep the decoded per-message texts (m000123.txt)
  ... --sample N            also run urlscan on N messages (0: none, default)
review/mail/ holds the archives' sources (SOURCES.md, fetch.sh) and the
report.  Stdlib only.  On 2 cores about 2,400 messages take 15-50 s.
Exit status 0 when the measurement ran (whatever the figures), 2 on a
usage error or a failed urilint run.
"""

import argparse
import base64
import bisect
import collections
import concurrent.futures
import email
import email.policy
import fnmatch
import html
import html.parser
import json
import mailbox
import multiprocessing
import os
import quopri
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

WEB_RE = re.compile(r"(?i)^https?:")
MBOXRD_QUOTE_RE = re.compile(rb"(?m)^>(>*From )")
MBOX_SEPARATOR_RE = re.compile(rb"(?m)^From (?![ \t]*:)")


def die(msg):
    print("mail_accuracy: " + msg, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------- mbox split

def split_mbox(path):
    """Return [(offset of the `From ` line, message bytes, offset of the
    header block's end)] in file order.

    mboxrd: unquotes `>From ` lines, drops the separator's blank line.
    A separator is every line that starts with `From ` (as Python's
    mailbox.mbox and MimeKit's parser split: Netscape's `From - ` lines
    and sisimai's glued bounces follow no blank line; urilint wants one,
    RFC 4155), but for a header line `From  :<x@y>` (a colon after
    spaces: SpamAssassin's t/data/spam/008), which is no separator."""
    with open(path, "rb") as f:
        data = f.read()
    offsets = [m.start() for m in MBOX_SEPARATOR_RE.finditer(data)]
    if not offsets or offsets[0] != 0:
        offsets.insert(0, 0)  # text before the first separator: a message of its own
    out = []
    for i, off in enumerate(offsets):
        end = offsets[i + 1] if i + 1 < len(offsets) else len(data)
        nl = data.find(b"\n", off, end) if data.startswith(b"From ", off) else off - 1
        body = data[nl + 1:end] if nl >= 0 or off == 0 else b""
        if body.endswith(b"\n\n"):
            body = body[:-1]
        elif body.endswith(b"\r\n\r\n"):
            body = body[:-2]
        hdr_end = data.find(b"\n\n", nl, end) if nl >= 0 else -1
        hdr_end = end if hdr_end < 0 else hdr_end + 1
        out.append((off, MBOXRD_QUOTE_RE.sub(rb"\1", body), hdr_end))
    return out


def python_mbox_count(path):
    mb = mailbox.mbox(path, create=False)
    try:
        return len(mb)
    finally:
        mb.close()


# ---------------------------------------------------------------- decoding

def unflow(text, delsp):
    """RFC 3676 format=flowed to plain lines (quote depth kept as '> ')."""
    out = []
    buf = None
    bufdepth = 0
    for line in text.split("\n"):
        line = line.rstrip("\r")
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        if body.startswith(" "):
            body = body[1:]
        flowed = body.endswith(" ") and body != "-- "
        prefix = ">" * depth + (" " if depth else "")
        if buf is not None and depth != bufdepth:
            out.append(">" * bufdepth + (" " if bufdepth else "") + buf)
            buf = None
        if flowed:
            buf = (buf or "") + (body[:-1] if delsp else body)
            bufdepth = depth
        else:
            out.append(prefix + (buf or "") + body)
            buf = None
    if buf is not None:
        out.append(">" * bufdepth + (" " if bufdepth else "") + buf)
    return "\n".join(out)


def safe_header(msg, name):
    try:
        v = msg.get(name)
        return None if v is None else " ".join(str(v).split())
    except Exception:  # malformed header under policy.default
        try:
            raw = msg.get_all(name, failobj=[None])[0] if hasattr(msg, "get_all") else None
            return None if raw is None else " ".join(str(raw).split())
        except Exception:
            return None


# The header fields urilint reads: a mirror of `field_is_read` in
# src/format/mail.rs (every field but addresses, identifiers, trace and
# authentication fields, the MIME structure, dates and pictures);
# Message-ID is never read for URIs (`--message-ids` is not measured).
FIELDS_NOT_READ = frozenset("""
from to cc bcc reply-to sender resent-from resent-to resent-cc resent-bcc
resent-sender resent-reply-to return-path delivered-to x-original-to
envelope-to x-envelope-to x-envelope-from errors-to
disposition-notification-to return-receipt-to mail-followup-to
mail-reply-to apparently-to x-sender x-beenthere
message-id in-reply-to references resent-message-id content-id thread-index
content-class
received x-received dkim-signature domainkey-signature authentication-results
x-original-authentication-results received-spf
content-type content-transfer-encoding mime-version date resent-date
x-face face
""".split())
FIELD_PREFIXES_NOT_READ = ("arc-", "x-ms-", "x-microsoft-", "x-forefront-", "x-google-", "x-gm-")


def field_is_read(name):
    n = name.lower()
    return n not in FIELDS_NOT_READ and not n.startswith(FIELD_PREFIXES_NOT_READ)


# HTML attributes whose value is a URI, by role (the record field `role`
# of urilint: link, resource, identifier, citation).  Everything else in a
# tag (data-*, onclick, content, style, ...) is not in the reference: a
# reader neither sees it nor follows it.
LINK_ATTRS = {"href", "action", "formaction", "longdesc"}
RESOURCE_ATTRS = {"src", "background", "poster", "data", "icon", "manifest",
                  "codebase", "usemap", "srcset", "imagesrcset"}
RESOURCE_HREF_TAGS = {"link"}          # <link rel=stylesheet href>: fetched, not followed
CITATION_ATTRS = {"cite"}
BLOCK_TAGS = {"address", "article", "aside", "blockquote", "br", "center", "dd", "div",
              "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
              "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol",
              "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead",
              "tr", "ul", "title", "option", "caption", "body", "html", "head"}
ABSOLUTE_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:\S")
# script (javascript:, vbscript:) is no link target, nor is a data: URI
# (it holds its resource inline, nothing to follow): no link in the reference
NOT_LINK_SCHEMES = ("javascript:", "vbscript:", "data:")
# ... but a data: URI where a resource is loaded (img src, CSS url()) is the
# resource a browser shows, a URI of its own (RFC 2397) that urilint
# reports with the role resource: it is in the reference as one
NOT_RESOURCE_SCHEMES = ("javascript:", "vbscript:")
# urilint skips (and says, D003) a URI longer than --max-uri-len, 64 KiB by
# default, as the text pieces of the reference, scanned by the same binary,
# are; an attribute's URI longer than that (a 177 KB data: image) is not
# in the reference either
MAX_URI_LEN = 64 * 1024
# `href="http://"`: a URL of a special scheme without a host fails the
# WHATWG URL parser (a browser follows nothing): not in the reference
EMPTY_HOST_RE = re.compile(r"(?i)^(https?|ftp|wss?):[/\\]*([?#]|$)")
DOCTYPE_URI_RE = re.compile(r"""["']([A-Za-z][A-Za-z0-9+.\-]*:[^"'\s]+)["']""")
SRCSET_SPLIT_RE = re.compile(r",\s+|,(?=[A-Za-z][A-Za-z0-9+.\-]*:)")


QP_ENCODED_ATTR_RE = re.compile(r'[A-Za-z0-9:-]=3D["\']')
QP_PLAIN_ATTR_RE = re.compile(r'[A-Za-z0-9:-]=["\']')


def undeclared_qp(text):
    """HTML sent without a transfer encoding but visibly quoted-printable,
    by the rule of urilint's `undeclared_qp` (issue 49): two or more
    `name=3D"` attributes, more than plain `name="` ones, and a soft line
    break."""
    encoded = len(QP_ENCODED_ATTR_RE.findall(text))
    plain = len(QP_PLAIN_ATTR_RE.findall(text))
    return encoded >= 2 and encoded > plain and re.search(r"=\r?\n", text) is not None


CSS_URL_RE = re.compile(r"""(?i)(?<![A-Za-z0-9_-])url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s"']*))""")


def css_urls(css):
    """The URLs of CSS `url()` in a style (a browser loads them)."""
    return [next(g for g in m.groups() if g is not None).strip() for m in CSS_URL_RE.finditer(css)]


MSO_RE = re.compile(r"(?is)^\[if ([^\]]*)\]>(.*?)(?:<!\[endif\])?$")


def clean_attribute_uri(value):
    """An attribute value as an HTML user agent reads it as a URL (WHATWG
    URL parser): leading and trailing C0 controls and spaces stripped, tabs
    and newlines inside removed, inner spaces percent-encoded."""
    v = value.strip("\t\n\f\r \x00")
    v = re.sub(r"[\t\n\r]", "", v)
    v = v.replace(" ", "%20")
    # `"` is in the path, query and fragment percent-encode sets, not in
    # an opaque path's (`mailto:a"b`).
    m = re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:(?!/)", v)
    if m:
        end = len(v)
        for c in "?#":
            i = v.find(c, m.end())
            if i >= 0:
                end = min(end, i)
        return v[:end] + v[end:].replace('"', "%22")
    return v.replace('"', "%22")


class HtmlReader(html.parser.HTMLParser):
    """What a reader sees of an HTML part (text, script and style left out,
    comments left out, white space collapsed outside <pre>, a line break
    at block elements) and its URI-valued attribute values by role."""

    # Raw text elements of the HTML standard (their content is text, not
    # markup; Python's parser knows only script and style: a `<style>`
    # inside `<noframes>` then swallowed the rest of phishing_pot
    # sample-6153).  Their content is not shown but for xmp.
    CDATA_CONTENT_ELEMENTS = ("script", "style", "xmp", "iframe", "noembed", "noframes")
    HIDDEN = ("script", "style", "iframe", "noembed", "noframes")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text = []
        self.attrs = []  # (role, "tag@attr", value)
        self.skip = None
        self.pre = 0

    def handle_starttag(self, tag, attrs):
        self._tag(tag, attrs)
        if tag in self.HIDDEN:
            self.skip = tag
        if tag == "pre":
            self.pre += 1

    def handle_startendtag(self, tag, attrs):
        self._tag(tag, attrs)

    def _tag(self, tag, attrs):
        if tag in BLOCK_TAGS:
            self.text.append("\n")
        for name, value in attrs:
            if value is None:
                continue
            name = name.lower()
            if name == "style":
                for u in css_urls(value):
                    self.attrs.append(("resource", tag + "@style", u))
                continue
            if name == "itemtype":
                # HTML microdata: space-separated absolute URLs naming
                # vocabulary types (schema.org), identifiers
                for url in value.split():
                    self.attrs.append(("identifier", tag + "@" + name, url))
                continue
            if name == "xmlns" or name.startswith("xmlns:"):
                role = "identifier"
            elif name in CITATION_ATTRS:
                role = "citation"
            elif name == "href":
                role = "resource" if tag in RESOURCE_HREF_TAGS else "link"
            elif name in LINK_ATTRS:
                role = "link"
            elif name in RESOURCE_ATTRS:
                role = "resource"
            else:
                continue
            if name in ("srcset", "imagesrcset"):
                for cand in SRCSET_SPLIT_RE.split(value.strip()):
                    url = cand.strip().split()
                    if url:
                        self.attrs.append((role, tag + "@" + name, url[0]))
                continue
            self.attrs.append((role, tag + "@" + name, value))

    def handle_endtag(self, tag):
        if tag == self.skip:
            self.skip = None
        if tag == "pre" and self.pre:
            self.pre -= 1
        if tag in BLOCK_TAGS:
            self.text.append("\n")

    def handle_comment(self, data):
        # Outlook's conditional comments: markup Outlook renders (issue 49).
        m = MSO_RE.match(data)
        if m and "mso" in m.group(1).lower() and "!" not in m.group(1) \
                and "not" not in m.group(1).lower():
            inner = HtmlReader()
            inner.in_mso = True
            try:
                inner.feed(m.group(2))
                inner.close()
            except Exception:
                pass
            self.attrs.extend(inner.attrs)
            self.text.extend(inner.text)

    def handle_data(self, data):
        if self.skip == "style":
            for u in css_urls(data):
                self.attrs.append(("resource", "style@url", u))
        if self.skip:
            return
        self.text.append(data if self.pre else re.sub(r"[ \t\r\n\f]+", " ", data))

    def handle_decl(self, decl):
        if decl.lower().startswith("doctype"):
            for m in DOCTYPE_URI_RE.finditer(decl):
                self.attrs.append(("identifier", "!doctype@identifier", m.group(1)))


def read_html(text):
    """(visible text, [(role, field, uri)]) of an HTML document."""
    r = HtmlReader()
    try:
        r.feed(text)
        r.close()
    except Exception:  # html.parser hardly raises; keep what was read
        pass
    uris = []
    for role, field, value in r.attrs:
        v = clean_attribute_uri(value)
        blocked = NOT_RESOURCE_SCHEMES if role == "resource" else NOT_LINK_SCHEMES
        if (ABSOLUTE_RE.match(v) and not v.lower().startswith(blocked)
                and not EMPTY_HOST_RE.match(v) and len(v.encode("utf-8")) <= MAX_URI_LEN):
            uris.append((role, field, v))
    return "".join(r.text), uris


def header_value(msg, name, raw_value):
    """A field's value as a reader sees it: RFC 2047 decoded (policy.default),
    unfolded; the raw value unfolded when the policy cannot parse it."""
    try:
        v = str(raw_value)
    except Exception:
        v = raw_value if isinstance(raw_value, str) else str(raw_value)
    return re.sub(r"\r?\n(?=[ \t])", "", v).replace("\r", "").replace("\n", " ")


def header_pieces(msg, where):
    """The pieces of the read header fields of `msg` (an email.message)."""
    out = []
    try:
        items = msg.items()
    except Exception:
        items = [(k, v) for k, v in getattr(msg, "_headers", [])]
    for name, value in items:
        if not field_is_read(name):
            continue
        out.append({"cls": "header", "where": "%s header %s" % (where, name),
                    "text": header_value(msg, name, value)})
    return out


NESTED_TYPES = ("message/rfc822", "message/global")
UNQUOTED_BOUNDARY_RE = re.compile(
    rb'(?im)^(content-type:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*?\bboundary[ \t]*=[ \t]*)'
    rb'([^"\s;]*=[^"\s;]*)')
MAX_NESTED = 16


def nested_message(part, problems, where):
    """The message a message/rfc822 (message/global, digest) part holds,
    decoded from its transfer encoding if it has one (RFC 2046 allows
    none but 7bit/8bit/binary; mail programs decode base64 anyway)."""
    cte = (part.get("Content-Transfer-Encoding") or "").strip().lower()
    payload = part.get_payload()
    if cte in ("base64", "quoted-printable"):
        # the parser made a message of the encoded text (no header line
        # can be read in base64): its body is the encoded text
        body = payload[0] if isinstance(payload, list) and payload else None
        try:
            if body is None:
                return None
            enc = body.get_payload() if not body.is_multipart() else ""
            if len(body.keys()) or not isinstance(enc, str):
                enc = body.as_string(policy=email.policy.compat32)
            enc = enc.encode("latin-1", "replace")
            data = (base64.b64decode(re.sub(rb"[^A-Za-z0-9+/]", b"", enc)
                                     + b"=" * (-len(re.sub(rb"[^A-Za-z0-9+/]", b"", enc)) % 4))
                    if cte == "base64" else quopri.decodestring(enc))
            problems.append("%s: %s-encoded message part decoded" % (where, cte))
            return email.message_from_bytes(data, policy=email.policy.default)
        except Exception as e:
            problems.append("%s: encoded message part not decoded: %s" % (where, e))
            return None
    if isinstance(payload, list) and payload:
        return payload[0]
    if isinstance(payload, str):
        return email.message_from_string(payload, policy=email.policy.default)
    return None


def decode_message(raw, do_unflow=True, headers=False):
    """Decode one message: (message_id, [piece dicts], [problem strings]).

    A piece: {"cls": text|html-text|header|link|resource|identifier|citation,
    "where": part path, "text": decoded text (cls text/html-text/header) or
    the URI itself (the attribute classes)}."""
    problems = []
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
    except Exception as e:  # pragma: no cover - the parser hardly ever raises
        return None, [], ["parse failed: %s: %s" % (type(e).__name__, e)]
    if UNQUOTED_BOUNDARY_RE.search(raw):
        # An unquoted boundary holding `=` (`boundary=--_=_swift-8QT..._=_`,
        # phishing_pot sample-2401; `boundary=----=_NextPart_000_...`,
        # SpamAssassin spam/utf16.eml) is cut at the `=` by Python's parser,
        # which then finds no part; mail programs and urilint take the
        # whole token.  Quote it (in Content-Type fields only) and parse again.
        raw = UNQUOTED_BOUNDARY_RE.sub(rb'\1"\2"', raw)
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        problems.append("unquoted boundary with `=` quoted to parse the parts")
    for d in msg.defects:
        problems.append("defect: %s" % type(d).__name__)
    pieces = []
    counter = [0]

    def walk_message(m, depth, where):
        if headers:
            pieces.extend(header_pieces(m, where or "message"))
        visit(m, depth, where)

    def visit(part, depth, where):
        idx = counter[0]
        counter[0] += 1
        pwhere = "%spart %d" % (where + " > " if where else "", idx)
        try:
            ctype = part.get_content_type()
        except Exception:
            ctype = "text/plain"
        if ctype in NESTED_TYPES:
            if depth >= MAX_NESTED:
                problems.append("%s: nested deeper than %d" % (pwhere, MAX_NESTED))
                return
            sub = nested_message(part, problems, pwhere)
            if sub is not None:
                walk_message(sub, depth + 1, pwhere + " " + ctype)
            return
        if part.is_multipart():
            if part.get_content_maintype() == "message":
                return  # delivery-status, partial, external-body: no text
            try:
                subs = part.get_payload()
            except Exception as e:
                problems.append("walk failed: %s: %s" % (type(e).__name__, e))
                return
            for sp in subs if isinstance(subs, list) else []:
                visit(sp, depth, where)
            return
        if ctype == "text/rfc822-headers":
            if headers:
                try:
                    body = part.get_content()
                    if not isinstance(body, str):
                        body = (part.get_payload(decode=True) or b"").decode("latin-1")
                    hm = email.message_from_string(body.lstrip("\r\n"),
                                                   policy=email.policy.default)
                    pieces.extend(header_pieces(hm, pwhere + " text/rfc822-headers"))
                except Exception as e:
                    problems.append("%s text/rfc822-headers: %s" % (pwhere, e))
            return
        if part.get_content_maintype() == "multipart":
            # a multipart whose boundary is nowhere in its body (sisimai's
            # rhost-google-02): a mail program shows the body as text
            problems.append("%s %s without its boundary: read as text" % (pwhere, ctype))
            ctype = "text/plain"
        elif part.get_content_maintype() != "text":
            return  # every text part is read (text/calendar, text/x-vcard, ...)
        disp = part.get_content_disposition()
        try:
            text = part.get_content()
            if not isinstance(text, str):
                raise TypeError("get_content() gave %s" % type(text).__name__)
        except Exception as e:
            problems.append("%s %s: %s: %s; decoded as latin-1"
                            % (pwhere, ctype, type(e).__name__, e))
            try:
                payload = part.get_payload(decode=True) or b""
                text = payload.decode("latin-1")
            except Exception as e2:
                problems.append("%s %s: skipped (%s)" % (pwhere, ctype, type(e2).__name__))
                return
        w = "%s %s%s" % (pwhere, ctype, " (attachment)" if disp == "attachment" else "")
        split = base64_footer(part)
        if split is not None:
            text, footer = split
            pieces.append({"cls": "text", "where": w + " footer after base64",
                           "text": footer})
            problems.append("%s %s: text after the base64 read as text" % (pwhere, ctype))
        if ctype == "text/html":
            cte = (part.get("Content-Transfer-Encoding") or "").strip().lower()
            if cte not in ("base64", "quoted-printable") and undeclared_qp(text):
                # What a reader of the source sees (issue 49): markup
                # written in quoted-printable though not declared so.
                text = quopri.decodestring(text.encode("utf-8", "surrogateescape")).decode(
                    "utf-8", "replace")
                problems.append("%s %s: undeclared quoted-printable decoded" % (pwhere, ctype))
            vis, uris = read_html(text)
            pieces.append({"cls": "html-text", "where": w, "text": vis})
            for role, field, uri in uris:
                pieces.append({"cls": role, "where": w + " " + field, "text": uri})
            return
        if do_unflow and (part.get_param("format") or "").lower() == "flowed":
            text = unflow(text, (part.get_param("delsp") or "").lower() == "yes")
        pieces.append({"cls": "text", "where": w, "text": text})

    try:
        walk_message(msg, 0, "")
    except RecursionError:
        problems.append("walk failed: recursion")
    return safe_header(msg, "Message-ID"), pieces, problems


# RFC 2045 section 6.8: a `=` pad ends base64 data; Python's decoder reads
# on past it, so a Mailman footer appended in clear text after a base64
# body (SpamAssassin nice/cjk/big5-base64.1) became bytes of garbage
B64_PADDED_RE = re.compile(r"\A([A-Za-z0-9+/\r\n]*?[A-Za-z0-9+/]={1,2})[ \t]*\r?\n(.*)\Z", re.S)


def base64_footer(part):
    """(decoded text, footer) of a text part sent in base64 whose data ends
    at a `=` pad with text after it, else None."""
    cte = (part.get("Content-Transfer-Encoding") or "").strip().lower()
    if cte != "base64" or part.is_multipart():
        return None
    raw = part.get_payload()
    if not isinstance(raw, str):
        return None
    m = B64_PADDED_RE.match(raw)
    if not m or not m.group(2).strip():
        return None
    try:
        data = base64.b64decode(re.sub(r"[^A-Za-z0-9+/=]", "", m.group(1)))
    except Exception:
        return None
    charset = part.get_content_charset() or "us-ascii"
    try:
        text = data.decode(charset, "replace")
    except LookupError:
        text = data.decode("latin-1")
    return text, m.group(2)


def is_mbox(path):
    """A file is read as an mbox when it starts with a `From ` line (or is
    named *.mbox), else as one message (Maildir, .eml, a news article)."""
    if path.endswith(".mbox"):
        return True
    with open(path, "rb") as f:
        return f.read(5) == b"From "


def split_file(path):
    if is_mbox(path):
        return split_mbox(path)
    with open(path, "rb") as f:
        data = f.read()
    m = re.search(rb"\r?\n\r?\n", data)
    return [(0, data, m.end() if m else len(data))]


def decode_file(job):
    """Worker: split and decode one mbox or message file."""
    path, do_unflow, headers = job
    mbox = is_mbox(path)
    msgs = split_file(path)
    py_count = len(msgs)
    if mbox:
        try:
            py_count = python_mbox_count(path)
        except Exception as e:
            py_count = "error: %s" % e
    out = []
    for i, (off, raw, hdr_end) in enumerate(msgs):
        mid, pieces, problems = decode_message(raw, do_unflow, headers)
        out.append({"index": i, "offset": off, "header_end": hdr_end, "message_id": mid,
                    "pieces": pieces, "problems": problems, "mbox": mbox})
    return path, py_count, out


# ---------------------------------------------------------------- urilint

class Urilint:
    def __init__(self, binary):
        self.binary = binary
        try:
            h = subprocess.run([binary, "extract", "--help"], capture_output=True,
                               text=True, timeout=60)
        except OSError as e:
            die("cannot run %s: %s" % (binary, e))
        self.help = h.stdout + h.stderr
        self.has_input_format = "--input-format" in self.help
        self.has_no_headers = "--no-headers" in self.help

    def run(self, args):
        cmd = [self.binary, "extract", "--format", "jsonl", "--isolated",
               "--no-ignore", "--hidden", "--quiet"] + args
        p = subprocess.run(cmd, capture_output=True)
        if p.returncode != 0:
            sys.stderr.write(p.stderr.decode("utf-8", "replace"))
            die("%s exited %d" % (" ".join(cmd[:12]), p.returncode))
        recs = []
        for line in p.stdout.splitlines():
            if line.strip():
                recs.append(json.loads(line))
        return cmd, recs


def path_key(p):
    return os.path.realpath(p)


# ---------------------------------------------------------------- comparing

def multiset_stats(found, truth):
    inter = sum((found & truth).values())
    return inter, sum(found.values()), sum(truth.values())


def web_only(c):
    return collections.Counter({u: n for u, n in c.items() if WEB_RE.match(u)})


def ratio(a, b):
    return a / b if b else 1.0


class Tally:
    def __init__(self):
        self.messages = self.equal = self.equal_web = 0
        self.inter = self.found = self.truth = 0
        self.winter = self.wfound = self.wtruth = 0

    def add(self, found, truth):
        self.messages += 1
        i, f, t = multiset_stats(found, truth)
        self.inter += i; self.found += f; self.truth += t
        self.equal += found == truth
        wf, wt = web_only(found), web_only(truth)
        i, f, t = multiset_stats(wf, wt)
        self.winter += i; self.wfound += f; self.wtruth += t
        self.equal_web += wf == wt

    def merge(self, o):
        for k, v in vars(o).items():
            setattr(self, k, getattr(self, k) + v)

    def as_dict(self):
        return {
            "messages": self.messages,
            "truth_uris": self.truth, "found_uris": self.found, "common_uris": self.inter,
            "equal_messages": self.equal,
            "equal_pct": 100.0 * ratio(self.equal, self.messages),
            "precision": ratio(self.inter, self.found), "recall": ratio(self.inter, self.truth),
            "web": {"truth_uris": self.wtruth, "found_uris": self.wfound,
                    "common_uris": self.winter, "equal_messages": self.equal_web,
                    "equal_pct": 100.0 * ratio(self.equal_web, self.messages),
                    "precision": ratio(self.winter, self.wfound),
                    "recall": ratio(self.winter, self.wtruth)},
        }


def fmt_row(name, d):
    w = d["web"]
    return ("%-14s %6d %7d %7d %7.2f%% %6.3f %6.3f | %7d %7d %7.2f%% %6.3f %6.3f"
            % (name[:14], d["messages"], d["truth_uris"], d["found_uris"], d["equal_pct"],
               d["precision"], d["recall"], w["truth_uris"], w["found_uris"], w["equal_pct"],
               w["precision"], w["recall"]))


TABLE_HEAD = ("%-14s %6s %7s %7s %8s %6s %6s | %7s %7s %8s %6s %6s\n"
              % ("archive", "msgs", "truth", "found", "equal", "prec", "recall",
                 "w.truth", "w.found", "w.equal", "w.prec", "w.rec")
              + "%-14s %6s %7s %7s %8s %6s %6s | %s" % ("", "", "", "", "", "", "",
                                                        "(web links: http/https only)"))


# ---------------------------------------------------------------- urlscan

def find_urlscan(given):
    if given:
        return given if os.access(given, os.X_OK) else None
    p = shutil.which("urlscan")
    if p:
        return p
    p = "/work/venv-urlscan/bin/urlscan"
    return p if os.access(p, os.X_OK) else None


def run_urlscan(exe, raw):
    env = dict(os.environ)
    env.setdefault("TERM", "dumb")
    try:
        p = subprocess.run([exe, "-n", "-c"], input=raw, capture_output=True,
                           timeout=120, env=env)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if p.returncode != 0:
        return None, "exit %d: %s" % (p.returncode,
                                      p.stderr.decode("utf-8", "replace").strip()[-200:])
    urls = [l.strip() for l in p.stdout.decode("utf-8", "replace").splitlines() if l.strip()]
    return collections.Counter(urls), None


# ---------------------------------------------------------------- main

DEFAULT_EXCLUDES = ["README*", "COPYING*", "LICENSE*", "*.json", "*.md", "*.py", "*.sh",
                    "*.pl", "*.rb", "*.cf", ".*"]


def collect_inputs(paths, excludes):
    """[(archive name, absolute file path)] of the arguments: mbox files,
    message files, or directories (read recursively, sorted; names
    matching `excludes` left out).  `NAME=PATH` names the archive; else a
    directory argument is its own archive and a file belongs to the
    archive of its folder."""
    out, seen = [], set()
    for arg in paths:
        name = None
        if "=" in arg and not os.path.exists(arg):
            name, arg = arg.split("=", 1)
        if os.path.isdir(arg):
            name = name or os.path.basename(os.path.normpath(os.path.abspath(arg)))
            found = []
            for root, dirs, fnames in os.walk(arg):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for f in fnames:
                    if any(fnmatch.fnmatch(f, g) for g in excludes):
                        continue
                    p = os.path.join(root, f)
                    if os.path.isfile(p) and os.path.getsize(p) > 0:
                        found.append(p)
            files = sorted(found)
        elif os.path.isfile(arg):
            name = name or archive_name(arg)
            files = [arg]
        else:
            die("%s: no such file or directory" % arg)
        for f in files:
            k = path_key(f)
            if k not in seen:
                seen.add(k)
                out.append((name, os.path.abspath(f)))
    if not out:
        die("no input files")
    return out


def archive_name(path):
    return os.path.basename(os.path.dirname(os.path.abspath(path))) or "."


def counter_lines(c):
    return sorted(c.items())


ID_ROLES = ("identifier", "citation")
HTML_ATTR_ROLE_FIELDS = {}


def found_role(r):
    """The role of a found record: its `role` field when the binary gives
    one, else derived from `segment` and `field` (`a@href`, `html@xmlns`,
    `!doctype@identifier`, `blockquote@cite`) as the reference classes its
    own URIs; returns (role, given?)."""
    seg = r.get("segment", "text")
    role = r.get("role")
    if role:
        return role, True
    if seg == "html-attribute":
        tag, _, attr = (r.get("field") or "@").partition("@")
        attr = attr.lower()
        if tag == "!doctype" or attr == "xmlns" or attr.startswith("xmlns:"):
            return "identifier", False
        if attr in CITATION_ATTRS:
            return "citation", False
        if attr == "href":
            return ("resource" if tag.lower() in RESOURCE_HREF_TAGS else "link"), False
        if attr in LINK_ATTRS:
            return "link", False
        if attr in RESOURCE_ATTRS:
            return "resource", False
        return "other-attribute", False
    if seg == "html-comment":
        return "comment", False
    return seg, False


def pair_class(f, t):
    """How a URI only urilint found and one only the reference has, in the
    same message, relate (None: unrelated)."""
    if f == t:
        return None
    fu, tu = urllib.parse.unquote(f), urllib.parse.unquote(t)
    if fu == tu or f.replace(" ", "%20") == t or fu.replace(" ", "") == tu.replace(" ", ""):
        return "same URI, other encoding (spaces, %-escapes)"
    if t.startswith(f):
        return "urilint's URI is a prefix of the reference's (cut short)"
    if f.startswith(t):
        return "urilint's URI extends the reference's (runs on)"
    if f.lower() == t.lower():
        return "same URI, other case"
    return None


def add_where(d, key, role, where):
    """Count one occurrence of URI `key` with `role`, keeping its first place."""
    e = d.setdefault(key, {}).setdefault(role, [0, where])
    e[0] += 1


def first_where(d, key, role=None):
    e = d.get(key)
    if not e:
        return None
    if role in e:
        return e[role][1]
    return e[sorted(e)[0]][1]


def surplus(mine, other, key, cnt):
    """The roles (classes) of the `cnt` occurrences of URI `key` one side
    has beyond the other: roles the other side has fewer of first."""
    m = collections.Counter({r: v[0] for r, v in mine.get(key, {}).items()})
    o = collections.Counter({r: v[0] for r, v in other.get(key, {}).items()})
    out = []
    for r, c in sorted((m - o).items()):
        out += [r] * c
    rest = sorted(m) or ["?"]
    while len(out) < cnt:
        out.append(rest[0])
    return out[:cnt]


def main():
    ap = argparse.ArgumentParser(
        description="Per-message URI accuracy of urilint on mail archives "
                    "(see the header of this file).")
    ap.add_argument("paths", nargs="+",
                    help="[URILINT] then mbox files, message files or directories "
                         "(NAME=PATH names an archive)")
    ap.add_argument("--urilint", metavar="BIN",
                    help="the urilint binary (else the first argument)")
    ap.add_argument("--headers", action="store_true",
                    help="also the URI-bearing header fields (found side without "
                         "--no-headers; reference: field_is_read fields, RFC 2047 decoded)")
    ap.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                    help="file names left out of directories (added to %s)"
                         % " ".join(DEFAULT_EXCLUDES))
    ap.add_argument("--raw-text", action="store_true",
                    help="before mode: urilint over the raw mbox as flat text, grouped "
                         "by the `From ` separator offsets")
    ap.add_argument("--skip-header-block", action="store_true",
                    help="with --raw-text: leave out records in each message's top-level "
                         "header block (what --no-headers does in the mail layer)")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="messages for the urlscan comparison (every k-th; default 0 = none)")
    ap.add_argument("--show", type=int, default=20, metavar="N",
                    help="differing messages listed per archive (default 20)")
    ap.add_argument("--examples", type=int, default=3, metavar="N",
                    help="examples listed per disagreement class (default 3)")
    ap.add_argument("--json", action="store_true", help="JSON result on stdout")
    ap.add_argument("--urlscan", metavar="PATH", help="the urlscan command")
    ap.add_argument("--found-input-format", metavar="FMT",
                    help="pass --input-format FMT on the found side (default: mbox for "
                         "files starting with `From `, mail for the others)")
    ap.add_argument("--no-unflow", action="store_true",
                    help="reference: keep format=flowed text as get_content() gives it")
    ap.add_argument("--keep-ref", metavar="DIR",
                    help="write the decoded reference texts to DIR and keep them")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                    help="Python decoding processes and urlscan runs at once")
    args = ap.parse_args()
    if not args.urilint:
        if len(args.paths) < 2:
            die("give the urilint binary (--urilint BIN or first argument) and inputs")
        args.urilint = args.paths.pop(0)

    t0 = time.monotonic()
    timing = collections.OrderedDict()

    def lap(name):
        timing[name] = round(time.monotonic() - t0 - sum(timing.values()), 2)

    uri = Urilint(args.urilint)
    inputs = collect_inputs(args.paths, DEFAULT_EXCLUDES + args.exclude)
    files = [f for _, f in inputs]
    arch_of = dict((f, a) for a, f in inputs)
    mode = "raw-text" if args.raw_text else ("mail, with headers" if args.headers
                                            else "mail, --no-headers")
    if args.skip_header_block:
        if not args.raw_text:
            die("--skip-header-block goes with --raw-text")
        mode += ", header blocks skipped"
    if not args.raw_text and not uri.has_no_headers:
        die("`%s extract --help` has no --no-headers: the mail layer is "
            "not in this binary; --raw-text measures today's behaviour" % args.urilint)

    # 1. decode (in parallel, one job per file)
    decoded = {}
    problems_total = collections.Counter()
    count_mismatch = []
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for path, py_count, msgs in pool.imap_unordered(
                decode_file, [(f, not args.no_unflow, args.headers) for f in files],
                chunksize=8):
            decoded[path] = msgs
            if py_count != len(msgs):
                count_mismatch.append((path, len(msgs), py_count))
    lap("decode")
    messages = []  # global number = position
    for f in files:
        for m in decoded[f]:
            m["file"] = f
            m["archive"] = arch_of[f]
            messages.append(m)
    ref_problem_msgs = []
    attach_parts = 0
    piece_classes = collections.Counter()
    for n, m in enumerate(messages):
        for p in m["problems"]:
            problems_total[p.split(":")[0] if p.startswith("defect") else
                           re.sub(r"part [\d]+( > )?", "part N ",
                                  re.sub(r"^(part \d+ > )+", "", p))[:90]] += 1
        if any(not p.startswith("defect") for p in m["problems"]):
            ref_problem_msgs.append(n)
        for p in m["pieces"]:
            piece_classes[p["cls"]] += 1
            attach_parts += "(attachment)" in p["where"] and p["cls"] in ("text", "html-text")

    # 2. reference: scanned pieces in one file per message, attribute URIs as they are
    tmp = None
    if args.keep_ref:
        refdir = args.keep_ref
        os.makedirs(refdir, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="mail_accuracy.")
        refdir = tmp.name
    truth = collections.defaultdict(collections.Counter)      # main classes
    truth_id = collections.defaultdict(collections.Counter)   # identifier, citation
    truth_where = collections.defaultdict(dict)
    try:
        spans = {}
        for n, m in enumerate(messages):
            chunks, sp, pos = [], [], 0
            for p in m["pieces"]:
                if p["cls"] in ("text", "html-text", "header"):
                    b = p["text"].encode("utf-8", "replace")
                    if chunks:
                        chunks.append(b"\n\n")
                        pos += 2
                    sp.append((pos, p))
                    chunks.append(b)
                    pos += len(b)
                else:
                    isid = p["cls"] in ID_ROLES
                    (truth_id if isid else truth)[n][p["text"]] += 1
                    add_where(truth_where[n], (isid, p["text"]), p["cls"], p["where"])
            spans[n] = sp
            with open(os.path.join(refdir, "m%06d.txt" % n), "wb") as f:
                f.write(b"".join(chunks))
        ref_args = (["--input-format", "text"] if uri.has_input_format else []) + [refdir]
        ref_cmd, ref_recs = uri.run(ref_args)
    finally:
        if tmp is not None:
            tmp.cleanup()
    lap("reference run")
    for r in ref_recs:
        mm = re.match(r"m(\d+)\.txt$", os.path.basename(r["path"]))
        if not mm:
            continue
        n = int(mm.group(1))
        truth[n][r["uri"]] += 1
        sp = spans.get(n, [])
        k = bisect.bisect_right([s for s, _ in sp], r.get("byte_start", 0)) - 1
        if k >= 0:
            p = sp[k][1]
            add_where(truth_where[n], (False, r["uri"]), p["cls"], p["where"])

    # 3. found side
    index_of = {}
    offsets_of = {}
    for n, m in enumerate(messages):
        index_of[(path_key(m["file"]), m["index"])] = n
        offsets_of.setdefault(path_key(m["file"]), []).append(m["offset"])
    found = collections.defaultdict(collections.Counter)
    found_id = collections.defaultdict(collections.Counter)
    found_where = collections.defaultdict(dict)
    found_cmds = []
    anomalies = collections.Counter()
    segments = collections.Counter()
    roles = collections.Counter()
    role_given = collections.Counter()
    by_archive_files = collections.OrderedDict()
    for a, f in inputs:
        by_archive_files.setdefault(a, []).append(f)
    extra = []
    if not args.raw_text and "--include-identifiers" in uri.help:
        extra.append("--include-identifiers")
    mbox_of = {m["file"]: m["mbox"] for m in messages}
    for arch, afiles in by_archive_files.items():
        groups = collections.OrderedDict()
        for f in afiles:
            if args.raw_text:
                fmt = "text" if uri.has_input_format else None
            elif args.found_input_format:
                fmt = args.found_input_format
            else:
                fmt = "mbox" if mbox_of.get(f, True) else "mail"
            groups.setdefault(fmt, []).append(f)
        for fmt, gfiles in groups.items():
            fargs = [] if args.raw_text or args.headers else ["--no-headers"]
            fargs += extra
            if fmt:
                fargs += ["--input-format", fmt]
            with tempfile.NamedTemporaryFile("w", prefix="mail_accuracy.", suffix=".list",
                                             delete=False) as lf:
                lf.write("".join(g + "\n" for g in gfiles))
            try:
                cmd, recs = uri.run(fargs + ["--files-from", lf.name])
            finally:
                os.unlink(lf.name)
            found_cmds.append(cmd[:-1] + ["<%d files of %s>" % (len(gfiles), arch)])
            for r in recs:
                pk = path_key(r["path"])
                if args.raw_text:
                    offs = offsets_of.get(pk)
                    if offs is None:
                        anomalies["record for an unknown path"] += 1
                        continue
                    i = bisect.bisect_right(offs, r["byte_start"]) - 1
                    if i < 0:
                        anomalies["record before the first From line"] += 1
                        continue
                    if (args.skip_header_block
                            and r["byte_start"] < messages[index_of[(pk, i)]]["header_end"]):
                        anomalies["records in header blocks left out (--skip-header-block)"] += 1
                        continue
                    where = "line %d" % r["line"]
                    role = "text"
                else:
                    if "message" not in r:
                        die("records have no `message` field: this urilint "
                            "has no mail layer (use --raw-text for today's behaviour)")
                    i = r["message"]
                    offs = offsets_of.get(pk, [0])
                    if len(offs) > 1 and "byte_start" in r:
                        # an mbox: the record goes to the message (as split
                        # here) whose bytes hold it, so that a separator
                        # urilint does not take costs only that message
                        j = max(0, bisect.bisect_right(offs, r["byte_start"]) - 1)
                        if j != i:
                            anomalies["records of a message split otherwise here"] += 1
                        i = j
                    if (pk, i) not in index_of:
                        anomalies["message index beyond the messages counted here"] += 1
                        continue
                    n = index_of[(pk, i)]
                    if ("message_offset" in r and r["message_offset"] != messages[n]["offset"]
                            and r["message"] == i):
                        anomalies["message_offset differs from the From line offset"] += 1
                    seg = r.get("segment", "?")
                    segments[seg] += 1
                    role, given = found_role(r)
                    if role == "mention":
                        # A URI in an HTML comment or in an attribute that
                        # holds no URI: left out of `extract`'s default
                        # output (it is here only through the
                        # --include-identifiers the found run passes).
                        roles["mention (left out)"] += 1
                        continue
                    roles[role] += 1
                    role_given["role field" if given else "derived"] += 1
                    part = r.get("part") or {}
                    where = "%s%s, part %s %s, line %s" % (
                        seg, (" " + r["field"]) if r.get("field") else "",
                        part.get("index", "?"), part.get("content_type") or "",
                        r.get("line"))
                n = index_of[(pk, i)]
                isid = role in ID_ROLES
                (found_id if isid else found)[n][r["uri"]] += 1
                add_where(found_where[n], (isid, r["uri"]), role, where)
    lap("found run")

    # 4. compare
    tallies = collections.OrderedDict((a, Tally()) for a in by_archive_files)
    id_tallies = collections.OrderedDict((a, Tally()) for a in by_archive_files)
    differing = collections.OrderedDict((a, []) for a in by_archive_files)
    classes = collections.OrderedDict()  # class -> {"uris", "messages", "archives", "examples"}

    def note(cls, n, m, count, f_uri=None, t_uri=None, isid=False, f_role=None, t_role=None):
        c = classes.setdefault(cls, {"uris": 0, "messages": set(),
                                     "archives": collections.Counter(), "examples": []})
        c["uris"] += count
        if n not in c["messages"]:
            c["messages"].add(n)
            c["archives"][m["archive"]] += 1
            if len(c["examples"]) < args.examples:
                c["examples"].append({
                    "n": n, "archive": m["archive"], "file": m["file"],
                    "message": m["index"],
                    "urilint": f_uri,
                    "urilint_where": first_where(found_where[n], (isid, f_uri), f_role),
                    "reference": t_uri,
                    "reference_where": first_where(truth_where[n], (isid, t_uri), t_role)})

    for n, m in enumerate(messages):
        a = m["archive"]
        fc, tc = found[n], truth[n]
        tallies[a].add(fc, tc)
        id_tallies[a].add(found_id[n], truth_id[n])
        for side_f, side_t, pre, isid in ((fc, tc, "", False),
                                          (found_id[n], truth_id[n], "[identifiers] ", True)):
            if side_f == side_t:
                continue
            of, ot = side_f - side_t, side_t - side_f
            fw, tw = found_where[n], truth_where[n]
            left_t = {tu: surplus(tw, fw, (isid, tu), c) for tu, c in ot.items()}
            for fu, cnt in sorted(of.items()):
                froles = surplus(fw, tw, (isid, fu), cnt)
                paired = None
                for tu in sorted(left_t):
                    k = pair_class(fu, tu)
                    if k and left_t[tu]:
                        paired = (tu, k)
                        break
                if paired:
                    tu, k = paired
                    trole = left_t[tu].pop(0)
                    if not left_t[tu]:
                        del left_t[tu]
                    note("%s%s [urilint %s / reference %s]" % (pre, k, froles[0], trole),
                         n, m, 1, fu, tu, isid, froles[0], trole)
                    froles = froles[1:]
                for role in froles:
                    note("%sonly urilint: %s" % (pre, role), n, m, 1, fu, None, isid, role)
            for tu, troles in sorted(left_t.items()):
                for role in troles:
                    note("%sonly reference: %s" % (pre, role), n, m, 1, None, tu, isid,
                         None, role)
        if fc != tc:
            of, ot = fc - tc, tc - fc
            differing[a].append({
                "n": n, "file": m["file"], "message": m["index"], "offset": m["offset"],
                "message_id": m["message_id"], "found": sum(fc.values()),
                "truth": sum(tc.values()),
                "only_found": [{"uri": u, "count": c, "where": first_where(found_where[n], (False, u))}
                               for u, c in counter_lines(of)],
                "only_truth": [{"uri": u, "count": c,
                                "where": first_where(truth_where[n], (False, u))}
                               for u, c in counter_lines(ot)],
                "reference_problems": [p for p in m["problems"] if not p.startswith("defect")],
            })
    total = Tally()
    for t in tallies.values():
        total.merge(t)
    id_total = Tally()
    for t in id_tallies.values():
        id_total.merge(t)

    # 5. urlscan (optional)
    us = {"available": False}
    exe = find_urlscan(args.urlscan) if args.sample > 0 else None
    if args.sample > 0 and not exe:
        us["note"] = ("urlscan not found (pip install urlscan, e.g. into /work/venv-urlscan, "
                      "or --urlscan PATH): skipped")
    elif exe:
        k = max(1, len(messages) // args.sample)
        sample = list(range(0, len(messages), k))[:args.sample]
        raw_by_file = {}

        def raw_of(n):
            m = messages[n]
            if m["file"] not in raw_by_file:
                raw_by_file[m["file"]] = split_file(m["file"])
            return raw_by_file[m["file"]][m["index"]][1]

        raws = {n: raw_of(n) for n in sample}
        ut, uf = Tally(), Tally()
        failures = []
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
            results = dict(zip(sample, ex.map(lambda n: run_urlscan(exe, raws[n]), sample)))
        for n in sample:
            uc, err = results[n]
            if uc is None:
                failures.append({"n": n, "error": err})
                continue
            ut.add(uc, truth[n])
            uf.add(found[n], truth[n])
        us = {"available": True, "command": [exe, "-n", "-c"], "sample": len(sample),
              "every_kth": k, "failures": failures,
              "urlscan_vs_truth": ut.as_dict(), "urilint_vs_truth": uf.as_dict()}
    lap("urlscan")

    result = {
        "seconds": timing,
        "mode": mode, "binary": args.urilint,
        "reference_command": ref_cmd[:-1] + ["TMPDIR(one file per message)"],
        "found_commands": found_cmds,
        "archives": {a: dict(t.as_dict(), differing_messages=len(differing[a]),
                             identifiers=id_tallies[a].as_dict())
                     for a, t in tallies.items()},
        "total": total.as_dict(),
        "identifiers_total": id_total.as_dict(),
        "reference": {
            "mbox_count_mismatch": count_mismatch,
            "messages_with_decoding_problems": len(ref_problem_msgs),
            "problems": dict(problems_total),
            "pieces": dict(piece_classes),
            "text_parts_with_attachment_disposition": attach_parts,
            "unflowed": not args.no_unflow,
        },
        "found_anomalies": dict(anomalies),
        "found_segments": dict(segments),
        "found_roles": dict(roles),
        "found_role_source": dict(role_given),
        "classes": {k: {"uris": v["uris"], "messages": len(v["messages"]),
                        "archives": dict(v["archives"]), "examples": v["examples"]}
                    for k, v in sorted(classes.items(), key=lambda kv: -len(kv[1]["messages"]))},
        "urlscan": us,
        "differing": {a: d[:args.show] for a, d in differing.items()},
    }
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return
    report(result, args)


def short(u, n=160):
    """A URI cut to `n` characters for the text report (data: URIs are long)."""
    return u if len(u) <= n else u[:n] + "...(%d chars)" % len(u)


def report(r, args):
    print("urilint mail accuracy, mode %s, binary %s" % (r["mode"], r["binary"]))
    print("  reference: %s" % " ".join(r["reference_command"]))
    for c in r["found_commands"]:
        print("  found:     %s" % " ".join(c))
    ref = r["reference"]
    print("  reference pieces: %s; %d text parts with Content-Disposition: attachment; "
          "%d messages with decoding problems; format=flowed %s"
          % (", ".join("%s %d" % kv for kv in sorted(ref["pieces"].items())),
             ref["text_parts_with_attachment_disposition"],
             ref["messages_with_decoding_problems"],
             "unflowed" if ref["unflowed"] else "kept as is"))
    for p, c in sorted(ref["problems"].items(), key=lambda x: (-x[1], x[0]))[:25]:
        print("    %5d x %s" % (c, p))
    for path, mine, py in ref["mbox_count_mismatch"]:
        print("  WARNING: %s: %d From-separated messages, Python's mailbox.mbox says %s"
              % (path, mine, py))
    for a, c in r["found_anomalies"].items():
        print("  %s: found side: %d x %s" % ("note" if "left out" in a else "WARNING", c, a))
    if r["found_segments"]:
        print("  found records by segment: %s" % ", ".join(
            "%s %d" % kv for kv in sorted(r["found_segments"].items())))
        print("  found records by role (%s): %s" % (
            ", ".join("%s %d" % kv for kv in sorted(r["found_role_source"].items())),
            ", ".join("%s %d" % kv for kv in sorted(r["found_roles"].items()))))
    print("  seconds: %s" % ", ".join("%s %.1f" % kv for kv in r["seconds"].items()))
    print()
    print("Main comparison (identifiers and citations apart):")
    print(TABLE_HEAD)
    for a, d in r["archives"].items():
        print(fmt_row(a, d))
    print(fmt_row("TOTAL", r["total"]))
    print()
    print("Identifiers and citations (xmlns, DOCTYPE system id, itemtype, cite), apart:")
    print(TABLE_HEAD)
    for a, d in r["archives"].items():
        print(fmt_row(a, d["identifiers"]))
    print(fmt_row("TOTAL", r["identifiers_total"]))
    print()
    print("Disagreement classes (URIs, messages, by archive; examples: archive file #message):")
    for k, c in r["classes"].items():
        print("  %5d URIs %5d msgs  %s   {%s}" % (
            c["uris"], c["messages"], k,
            ", ".join("%s %d" % kv for kv in sorted(c["archives"].items()))))
        for e in c["examples"]:
            print("        %s %s #%d" % (e["archive"], os.path.relpath(e["file"]), e["message"]))
            if e["urilint"]:
                print("          urilint:   %s   [%s]" % (short(e["urilint"]), e["urilint_where"]))
            if e["reference"]:
                print("          reference: %s   [%s]" % (short(e["reference"]),
                                                      e["reference_where"]))
    print()
    if args.show:
        for a, diffs in r["differing"].items():
            n_diff = r["archives"][a]["differing_messages"]
            if not n_diff:
                continue
            print("== %s: %d differing messages%s" % (
                a, n_diff, (", the first %d:" % len(diffs)) if n_diff > len(diffs) else ":"))
            for d in diffs:
                print("-- %s #%d  (msg %d, offset %d)  %s   found %d, truth %d"
                      % (os.path.relpath(d["file"]), d["message"], d["n"], d["offset"],
                         d["message_id"] or "<no Message-ID>", d["found"], d["truth"]))
                for p in d["reference_problems"]:
                    print("     ! reference: %s" % p)
                for sign, key in (("+", "only_found"), ("-", "only_truth")):
                    for e in d[key]:
                        print("   %s %s%s%s" % (sign, e["uri"],
                                                "  x%d" % e["count"] if e["count"] > 1 else "",
                                                "   [%s]" % e["where"] if e["where"] else ""))
            print()
    us = r["urlscan"]
    if not us.get("available"):
        print("urlscan: %s" % us.get("note", "skipped (--sample 0)"))
        return
    print("urlscan side-by-side (%s), %d messages (every %d-th), %d failed"
          % (" ".join(us["command"]), us["sample"], us["every_kth"], len(us["failures"])))
    print(TABLE_HEAD)
    print(fmt_row("urlscan", us["urlscan_vs_truth"]))
    print(fmt_row("urilint", us["urilint_vs_truth"]))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
