#!/usr/bin/env python3
"""The parsers of tests/it/write_structure.rs that live in Python.

Reads one JSON document on standard input:

    {"placeholder": "...", "uri": REGEX, "prose": [REGEX, ...],
     "items": [{"id": N, "format": "yaml", "before": PATH, "after": PATH,
                "regions": [[START, END, "HEX"], ...]}, ...]}

and prints one JSON object a line, for each item in order:

    {"id": N, "result": R, "detail": TEXT}

R is "same" (both parse, and to the same structure once URIs are
normalised), "differs" (the detail is a short unified diff of the two
normalised structures), "after-fails" (the before parses, the after does
not), "before-fails" (the before does not parse: nothing to compare; not
a failure), "unsupported" (no parser here: PyYAML or docutils missing).
With "regions" (the edits, byte offsets into the before file, the
replacement in hex), each region is also applied alone and the
un-normalised structure compared with the before's: a region that changes
nothing is an edit outside every value (a comment, white space between
tokens), one that alone breaks the parse is an edit of the syntax; both
are said in "regions", a list of strings.

The normalisation (the regular expressions and the placeholder) is given
by the test, which defines it in one place; this file only applies it:
"uri" everywhere (each match becomes the placeholder), and, for prose
formats (reStructuredText here), the "prose" expressions after it, each
replaced by the placeholder, all of them again until nothing changes,
then white space collapsed. Python's `re` and Rust's `regex` read these
expressions alike (no look-around, no back-references).

Usage: python3 compare.py < request.json   |   python3 compare.py --probe
(--probe prints which parsers import: {"yaml": true, "docutils": false, ...}).
"""

import ast
import difflib
import io
import json
import re
import subprocess
import sys

try:
    import yaml

    # libyaml's parser when there is one: the same documents, faster.
    YamlLoader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
except ImportError:  # reported by --probe; YAML items are "unsupported"
    yaml = None

try:
    import tomllib
except ImportError:
    try:
        import tomli as tomllib  # Python < 3.11
    except ImportError:
        tomllib = None

try:
    import docutils.core
    import docutils.nodes
    import docutils.utils
except ImportError:
    docutils = None


class Unsupported(Exception):
    pass


class Normaliser:
    def __init__(self, request):
        self.placeholder = request["placeholder"]
        self.uri = re.compile(request["uri"])
        self.prose = [re.compile(p) for p in request["prose"]]
        self.space = re.compile(r"\s+")

    def data(self, s):
        return self.uri.sub(self.placeholder, s)

    def text(self, s):
        s = self.data(s)
        while True:
            before = s
            for p in self.prose:
                s = p.sub(self.placeholder, s)
            if s == before:
                break
        return self.space.sub(" ", s).strip()


def decode(raw):
    return raw.decode("utf-8", errors="surrogateescape")


# ---------------------------------------------------------------- parsers
# Each returns a JSON-able value: the document's structure, with strings
# passed through `norm` (the identity when attributing regions).


def canon(value, norm):
    if isinstance(value, str):
        return norm(value)
    if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, dict):
        return [["map"]] + sorted(
            ([canon(k, norm), canon(v, norm)] for k, v in value.items()),
            key=lambda kv: json.dumps(kv, sort_keys=True, default=str),
        )
    if isinstance(value, (list, tuple)):
        return [canon(v, norm) for v in value]
    if isinstance(value, bytes):
        return {"bytes": norm(decode(value))}
    return {type(value).__name__: norm(str(value))}


def yaml_nodes(node, norm, depth=0):
    """A composed node graph (any tag, unknown ones too) as a value."""
    if depth > 200:
        return "(too deep)"
    if isinstance(node, yaml.ScalarNode):
        return {"tag": node.tag, "value": norm(node.value)}
    if isinstance(node, yaml.SequenceNode):
        return {"tag": node.tag, "seq": [yaml_nodes(n, norm, depth + 1) for n in node.value]}
    return {
        "tag": node.tag,
        "map": [[yaml_nodes(k, norm, depth + 1), yaml_nodes(v, norm, depth + 1)] for k, v in node.value],
    }


def parse_yaml(raw, norm):
    if yaml is None:
        raise Unsupported("PyYAML is not installed")
    text = decode(raw)
    try:
        return {"load": canon(list(yaml.load_all(text, Loader=YamlLoader)), norm)}
    except yaml.constructor.ConstructorError:
        # Tags safe_load does not know (`!Command`): the node graph.
        return {"compose": [yaml_nodes(n, norm) for n in yaml.compose_all(text, Loader=YamlLoader) if n is not None]}


def parse_toml(raw, norm):
    if tomllib is None:
        raise Unsupported("tomllib (Python 3.11) / tomli is not there")
    return canon(tomllib.loads(decode(raw)), norm)


def parse_json(raw, norm):
    return canon(json.loads(decode(raw)), norm)


def parse_python(raw, norm):
    tree = ast.parse(raw)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                node.value = norm(node.value)
            elif isinstance(node.value, bytes):
                node.value = norm(decode(node.value)).encode("utf-8", errors="surrogateescape")
    return ast.dump(tree, indent=1).split("\n")


def parse_shell(raw, norm):
    # No parser for the structure: `bash -n` (syntax) only.
    r = subprocess.run(["bash", "-n"], input=raw, capture_output=True, timeout=30)
    if r.returncode != 0:
        raise SyntaxError(decode(r.stderr).strip()[:300])
    return "bash -n: ok"


RST_DROPPED_ATTRIBUTES = {"ids", "names", "backrefs", "dupnames", "refid", "line", "source"}


def parse_rst(raw, norm, text_norm=None):
    if docutils is None:
        raise Unsupported("docutils is not installed")
    settings = {
        "report_level": 5,
        "halt_level": 5,
        "warning_stream": io.StringIO(),
        "file_insertion_enabled": False,
        "raw_enabled": False,
        "_disable_config": True,
    }
    tree = docutils.core.publish_doctree(decode(raw), settings_overrides=settings)
    out = []
    text = []

    def flush():
        if text:
            t = "".join(text)
            t = text_norm(t) if text_norm else t
            if t:
                out.append("text " + json.dumps(t, ensure_ascii=False))
            text.clear()

    def walk(node, code):
        if isinstance(node, docutils.nodes.Text):
            if code:
                # Code is compared as written: no normalisation.
                flush()
                out.append("code " + json.dumps(str(node), ensure_ascii=False))
            else:
                text.append(str(node))
            return
        if isinstance(node, docutils.nodes.comment) and "urilint:" in node.astext():
            return  # a marker
        if (
            not code
            and isinstance(node, docutils.nodes.reference)
            and node.get("refuri")
            and node.astext() == node.get("refuri")
        ):
            # A standalone hyperlink is its text (as a Markdown autolink
            # is): `<https://x>` then reads as text "<", the URI, ">".
            text.append(node.astext())
            return
        if isinstance(node, docutils.nodes.system_message):
            flush()
            out.append("system_message level=%s type=%s" % (node.get("level"), node.get("type")))
            return
        code = code or isinstance(
            node, (docutils.nodes.literal_block, docutils.nodes.literal, docutils.nodes.doctest_block)
        )
        attrs = []
        for k in sorted(node.attributes):
            v = node.attributes[k]
            if k in RST_DROPPED_ATTRIBUTES or v in ([], "", None):
                continue
            attrs.append("%s=%s" % (k, json.dumps(canon(v, norm), ensure_ascii=False)))
        flush()
        out.append("<%s %s>" % (node.tagname, " ".join(attrs)))
        for child in node.children:
            walk(child, code)
        flush()
        out.append("</%s>" % node.tagname)

    walk(tree, False)
    flush()
    return out


PARSERS = {
    "yaml": parse_yaml,
    "toml": parse_toml,
    "json": parse_json,
    "python": parse_python,
    "shell": parse_shell,
    "rst": parse_rst,
}


def structure(fmt, raw, n, normalise=True):
    if fmt == "rst":
        if normalise:
            return parse_rst(raw, n.data, n.text)
        return parse_rst(raw, lambda s: s, None)
    return PARSERS[fmt](raw, n.data if normalise else (lambda s: s))


def lines(value):
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return value
    return json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True, default=str).split("\n")


def crop(minus, plus, width=200):
    """A long changed line pair, shown around where they first differ."""
    if len(minus) <= width and len(plus) <= width:
        return minus, plus
    p = 1
    while p < min(len(minus), len(plus)) and minus[p] == plus[p]:
        p += 1
    start = max(1, p - width // 3)

    def cut(s):
        body = s[start : start + width]
        return s[0] + ("…" if start > 1 else "") + body + ("…" if start + width < len(s) else "")

    return cut(minus), cut(plus)


def short_diff(a, b, limit=40):
    d = list(difflib.unified_diff(lines(a), lines(b), "before", "after", n=2, lineterm=""))
    # A '-' line followed by a '+' line: crop both around the change.
    for i in range(len(d) - 1):
        if d[i].startswith("-") and d[i + 1].startswith("+") and not d[i].startswith("---"):
            d[i], d[i + 1] = crop(d[i], d[i + 1])
    d = [x if len(x) <= 400 else x[:400] + "…" for x in d]
    if len(d) > limit:
        d = d[:limit] + ["... (%d more diff lines)" % (len(d) - limit)]
    return "\n".join(d)


def attribute(fmt, before, regions, n):
    """Each edit alone: does it change a value?"""
    notes = []
    try:
        base = structure(fmt, before, n, normalise=False)
    except Exception:
        return notes
    for (start, end, hexrepl) in regions:
        alone = before[:start] + bytes.fromhex(hexrepl) + before[end:]
        what = "%d..%d %r -> %r" % (start, end, decode(before[start:end]), decode(bytes.fromhex(hexrepl)))
        try:
            s = structure(fmt, alone, n, normalise=False)
        except Unsupported:
            return notes
        except Exception as e:
            notes.append("edit %s alone breaks the parse (%s)" % (what, type(e).__name__))
            continue
        if s == base:
            notes.append("edit %s alone changes no value (a comment or white space)" % what)
    return notes


def compare(item, n):
    fmt = item["format"]
    with open(item["before"], "rb") as f:
        before = f.read()
    with open(item["after"], "rb") as f:
        after = f.read()
    result = {"id": item["id"]}
    try:
        a = structure(fmt, before, n)
    except Unsupported as e:
        result.update(result="unsupported", detail=str(e))
        return result
    except Exception as e:
        result.update(result="before-fails", detail="%s: %s" % (type(e).__name__, str(e)[:300]))
        return result
    try:
        b = structure(fmt, after, n)
    except Exception as e:
        result.update(result="after-fails", detail="%s: %s" % (type(e).__name__, str(e)[:300]))
        return result
    if a == b:
        result.update(result="same", detail="")
    else:
        result.update(result="differs", detail=short_diff(a, b))
    if item.get("regions"):
        result["regions"] = attribute(fmt, before, item["regions"], n)
    return result


def main():
    if sys.argv[1:] == ["--probe"]:
        print(json.dumps({
            "yaml": yaml is not None,
            "toml": tomllib is not None,
            "json": True,
            "python": True,
            "shell": subprocess.run(["bash", "-c", "true"]).returncode == 0,
            "rst": docutils is not None,
        }))
        return
    request = json.load(sys.stdin)
    n = Normaliser(request)
    for item in request["items"]:
        try:
            r = compare(item, n)
        except Exception as e:  # a bug here must not hide the others
            r = {"id": item["id"], "result": "error", "detail": "%s: %s" % (type(e).__name__, e)}
        print(json.dumps(r, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
