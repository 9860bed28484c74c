#!/usr/bin/env python3
"""benches/mail_stages.py CALLGRIND_OUT BYTES (issue 49): instructions per
input byte per stage of mail decoding, from a callgrind profile of
`urilint extract -j1 --input-format mbox FILE` (BYTES: FILE's size):

    valgrind --tool=callgrind --callgrind-out-file=cg.out \
        target/release/urilint extract -j1 --input-format mbox target/bench/mail-32.txt >/dev/null
    python3 benches/mail_stages.py cg.out 33554432

Each stage is the inclusive cost of the functions named beside it; a
function inlined from several files appears once per file, and the largest
of its lines is its whole cost. "The rest" is the total less the stages.
"""
import re, subprocess, sys
out, nbytes = sys.argv[1], int(sys.argv[2])
txt = subprocess.run(['callgrind_annotate', '--inclusive=yes', out], capture_output=True, text=True).stdout
cost = {}
total = 0
for line in txt.split('\n'):
    m = re.match(r'\s*([\d,]+) \([ \d.]+%\)\s+(\S.*)$', line)
    if not m: continue
    n = int(m.group(1).replace(',', ''))
    name = m.group(2)
    if 'PROGRAM TOTALS' in name: total = n; continue
    # a function appears once per source file it was inlined from; the largest is its whole inclusive cost
    fn = re.sub(r'^.*?:', '', name, count=1)
    fn = re.sub(r' \[.*\]$', '', fn)
    cost[fn] = max(cost.get(fn, 0), n)
def c(*pats):
    return sum(v for k, v in cost.items() if any(re.search(p, k) for p in pats))
stages = [
    ('split the mailbox (mbox, copy)', c(r'mbox::Mbox<R>::next_message$', r'mbox::Spans::next_span(_passing)?$', r'mbox::MessageSpan::to_raw$')),
    ('header fields (split, read for URIs)', c(r'urilint_format::header::fields$', r'mail::headers::headers$')),
    ('MIME structure (mail-parser)', c(r'MessageParser>::parse_$')),
    ('structure prep (defang, slim, ...)', c(r'mail::defang::defang$', r'defang::unfound_boundaries$', r'defang::later_content_types$', r'parse::slim_shown$')),
    ('transfer decoding (qp, base64)', c(r'urilint_format::qp::decode$', r'urilint_format::base64::decode$', r'urilint_format::base64::extent$')),
    ('charset', c(r'urilint_format::charset::convert$')),
    ('reply quoting, flowed', c(r'urilint_format::quote::unquote$')),
    ('HTML (html5gum + our emitter)', c(r'urilint_format::html::segments$')),
    ('scan (pieces)', c(r'Scanner<R>::next_found$', r'Scanner<std::io::util::Empty>::in_memory$')),
]
print(f'total {total:,} instructions, {nbytes:,} bytes: {total/nbytes:.1f} per byte')
rest = total
for name, v in stages:
    rest -= v
    print(f'  {name:40s} {v/nbytes:5.2f}/byte  {100*v/total:5.1f}%')
print(f'  {"the rest (pieces, maps, output, alloc)":40s} {rest/nbytes:5.2f}/byte  {100*rest/total:5.1f}%')
