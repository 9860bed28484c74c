# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_urilint_global_optspecs
    string join \n h/help V/version
end

function __fish_urilint_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_urilint_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_urilint_using_subcommand
    set -l cmd (__fish_urilint_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c urilint -n "__fish_urilint_needs_command" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_needs_command" -s V -l version -d 'Print version'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "extract" -d 'Print every URI found in the files, one per line or as JSON Lines'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "check" -d 'Lint the URIs in files: invalid URIs, delimiting, security and normalization problems; fix them'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "parse" -d 'Show the components and errors of each URI reference given'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "resolve" -d 'Resolve references against a base URI (RFC 3986 section 5.2)'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "normalize" -d 'Normalize URIs (RFC 3986 section 6.2.2 and 6.2.3)'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "rewrite" -d 'Rewrite URIs in files by prefix or regex (e.g. http://old/ to https://new/)'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "rule" -d 'List the lint rules, or explain one'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "config" -d 'Print the effective configuration (urilint.toml and defaults)'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "files" -d 'Print the files a run would read, one per line (or NUL-separated), in the run\'s order: to shard a run over many processes'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "site" -d 'Show what the site model sees of the docs sites under PATH: the generator and its evidence, the settings read, what it does not read, pages and their URLs, anchors, and links not checked and why'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "mv" -d 'Move pages or folders and rewrite every link to them, in the form each was written (source path, built name, root-relative URL), through the site model; `git mv` in a git work tree'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "server" -d 'Run the language server (LSP over standard input and output) for editors'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "completions" -d 'Print the completion script for a shell (bash, zsh, fish, elvish, powershell), generated from these definitions'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "man" -d 'Print the man page, urilint(1), in roff'
complete -c urilint -n "__fish_urilint_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l files-from -d 'Read the paths to scan from FILE (`-`: standard input), one per line, or NUL-separated with -0; instead of PATH arguments. Listed files are read as a walk reads them (binary files skipped), and, as named paths, are not excluded unless --force-exclude; an empty list reads nothing. `urilint files` prints the list a walk reads' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l stdin-format -d 'How standard input (`-`) is read: text (one document), or many documents framed as jsonl (`{"path": ..., "content_base64": ...}` a line) or netstring (`<len>:<name>,<len>:<content>,` each), each with its own path, lines and byte offsets' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l grammar -d 'Grammar to validate against [default: rfc3986, or urilint.toml\'s]' -r -f -a "rfc3986\t'RFC 3986 (STD 66), the default'
rfc2396\t'RFC 2396'
rfc2396+ipv6\t'RFC 2396 with RFC 2732 IPv6 literals'
rfc3987\t'RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query)'"
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l max-uri-len -d 'Skip URI candidates longer than this many bytes (reported as D003) [default: 65536, or urilint.toml\'s]' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l config -d 'Read this configuration file instead of looking for urilint.toml' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s g -l glob -d 'Only read files matching GLOB (`!GLOB` excludes); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l exclude -d 'Leave out files and directories matching GLOB (as `--glob \'!GLOB\'`; also `extend-exclude` in urilint.toml); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l stdin-filename -d 'The file name standard input (`-`) stands for: shown in output, and used to detect its format by extension and to pick per-path rules, as editors and pre-commit hooks need (the file is not read)' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s j -l threads -d 'Worker threads, at most 1024 (default: the number of CPUs)' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l input-format -d 'Read inputs as FORMAT instead of detecting it from their content and name: auto, text (every byte as it is: today\'s plain-text reading, gzip not unpacked), mbox, mail (also eml, maildir, news: one message per file), html, markdown (md), rst, asciidoc (adoc), roff (man, mdoc: man pages)' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l format -d 'Output format' -r -f -a "plain\t''
jsonl\t''"
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l base -d 'Also find relative references in `<...>` and resolve them against this base URI (RFC 3986 section 5.2)' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l label -d 'Add `"label": TEXT` as the last field of every JSON record (a shard or task name; JSON Lines only)' -r
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s 0 -l from0 -d 'With --files-from: the paths are NUL-separated (for names that hold a newline; as `urilint files -0` and `find -print0` print them)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l isolated -d 'Read no configuration file'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l hidden -d 'Also read hidden files and directories'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l no-ignore -d 'Do not honour .gitignore, .ignore and similar files, and read package managers\' lock files (package-lock.json, Cargo.lock, ...), which a walk skips'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l force-exclude -d 'Apply --exclude, extend-exclude and --glob to the paths named on the command line too (for pre-commit, which names every staged file)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s q -l quiet -d 'No progress indicator (it is shown only on a terminal anyway)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l no-mmap -d 'Read every file with read(2), never through a memory map (by default a plain-text file of 1 MiB or more named on the command line is mapped: faster; a file truncated while it is mapped ends the run with SIGBUS, as in ripgrep)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l no-headers -d 'In mail, leave out the URIs of header fields (List-*, Archived-At, Link, X-Url, Organization, Subject, ...; addresses, identifiers and trace fields are never read)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l message-ids -d 'In mail, report the identifiers of Message-ID, In-Reply-To and References as mid: URIs (RFC 2392)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l include-code -d 'In Markdown, also find URIs in code spans and code blocks (left out by default: they are examples; likewise reStructuredText literals, AsciiDoc comments and listing blocks, roff displays); JSON records say "in_code"'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l abbreviated -d 'Also find abbreviated URLs, `www.example.org/x` and `ftp.example.org`, reported with the scheme RFC 2396 Appendix F implies (`http://`, `ftp://`); JSON records say "abbreviated". Also `abbreviated = true` in urilint.toml'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s H -l with-filename -d 'Prefix each URI with its file name (plain format)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s n -l line-number -d 'Prefix each URI with its 1-based line number (plain format)'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s Z -l null -d 'With -H: a NUL byte after the file name instead of \':\' (as grep\'s -Z), for names that hold \':\' (Maildir\'s \':2,S\') or \'#\''
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s u -l unique -d 'Print each URI only once, the first time it is found; with --format jsonl, at the end, with "count": the times it was found'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l include-identifiers -d 'In HTML (pages and mail parts), also print the URIs that are not links or resources: identifiers (xmlns namespace names, DOCTYPE system identifiers, itemtype), citations (cite="mid:..."), and URIs mentioned in comments and in attributes that hold no URI (style, title, data-*). JSON records say which in "role"'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l unwrap -d 'Print the link that a redirect wrapper (Safe Links, Proofpoint URL Defense, google.com/url) wraps instead of the wrapper; in jsonl, the chain in "wrapped_by"'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -l summary -d 'After each input\'s records, print a summary record: {"kind": "summary", "path", "records", "errors", "bytes", "status"} (JSON Lines only), so that a job can check that every input was read'
complete -c urilint -n "__fish_urilint_using_subcommand extract" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l files-from -d 'Read the paths to scan from FILE (`-`: standard input), one per line, or NUL-separated with -0; instead of PATH arguments. Listed files are read as a walk reads them (binary files skipped), and, as named paths, are not excluded unless --force-exclude; an empty list reads nothing. `urilint files` prints the list a walk reads' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -l stdin-format -d 'How standard input (`-`) is read: text (one document), or many documents framed as jsonl (`{"path": ..., "content_base64": ...}` a line) or netstring (`<len>:<name>,<len>:<content>,` each), each with its own path, lines and byte offsets' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l grammar -d 'Grammar to validate against [default: rfc3986, or urilint.toml\'s]' -r -f -a "rfc3986\t'RFC 3986 (STD 66), the default'
rfc2396\t'RFC 2396'
rfc2396+ipv6\t'RFC 2396 with RFC 2732 IPv6 literals'
rfc3987\t'RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query)'"
complete -c urilint -n "__fish_urilint_using_subcommand check" -l max-uri-len -d 'Skip URI candidates longer than this many bytes (reported as D003) [default: 65536, or urilint.toml\'s]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l config -d 'Read this configuration file instead of looking for urilint.toml' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -s g -l glob -d 'Only read files matching GLOB (`!GLOB` excludes); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l exclude -d 'Leave out files and directories matching GLOB (as `--glob \'!GLOB\'`; also `extend-exclude` in urilint.toml); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l stdin-filename -d 'The file name standard input (`-`) stands for: shown in output, and used to detect its format by extension and to pick per-path rules, as editors and pre-commit hooks need (the file is not read)' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -s j -l threads -d 'Worker threads, at most 1024 (default: the number of CPUs)' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l input-format -d 'Read inputs as FORMAT instead of detecting it from their content and name: auto, text (every byte as it is: today\'s plain-text reading, gzip not unpacked), mbox, mail (also eml, maildir, news: one message per file), html, markdown (md), rst, asciidoc (adoc), roff (man, mdoc: man pages)' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l format -d 'Output format' -r -f -a "human\t'Diagnostics with the source line and a caret, and a summary'
plain\t'One line per diagnostic: path:line:column: CODE message'
jsonl\t'One JSON object per diagnostic'
sarif\t'SARIF 2.1.0 (code scanning)'
github\t'GitHub Actions workflow commands (annotations)'"
complete -c urilint -n "__fish_urilint_using_subcommand check" -l column-unit -d 'What the columns of the human, plain and github formats (and of the findings `--fix -` leaves) count: "char" Unicode characters, "byte" bytes (Vim\'s errorformat %c, ripgrep --column), "utf16" UTF-16 code units (VS Code, LSP). An invalid UTF-8 byte is one unit in each. JSON Lines and SARIF keep their documented columns (characters)' -r -f -a "byte\t''
char\t''
utf16\t''"
complete -c urilint -n "__fish_urilint_using_subcommand check" -l explain-site -d '`urilint site`: print what the site model sees instead of the findings (0: no; 1: text; 2: text with pages; 3: with anchors; +4: JSON)' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l output-file -d 'Write the report to FILE instead of standard output' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -l links -d 'Also check links: "local" looks for the targets of relative links of Markdown and HTML documents (files, directories, #anchors) in the tree, offline (rules L001, L002); "remote" requests the http and https links (L101-L106; see the remote options); "none" turns off the checks urilint.toml\'s [links] `check` turns on. Comma-separated: --links local,remote' -r -f -a "local\t'Relative links, in the tree, offline'
site\t'The links and ids of the built site in --site-dir, each broken one reported on the source line that made it'
remote\t'The http and https links, requested (opt-in; rules L101-L106)'
none\t'No link check (whatever urilint.toml\'s [links] `check` says)'"
complete -c urilint -n "__fish_urilint_using_subcommand check" -l root-dir -d 'With --links local: the directory that root-relative links (/docs/x.md) start from [default: urilint.toml\'s [links] `root`]' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -l site-url -d 'With --links local: where the tree is published; absolute links that start with URL are checked as files under --root-dir (or the current directory)' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l site-dir -d 'With --links site: the directory of the built site (MkDocs `site/`, mdBook `book/`, Jekyll `_site/`, Hugo `public/`...)' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -l since -d 'Report only what is new since the git revision REF: findings on lines added or changed since REF (untracked files count as new), L001 findings anywhere for links to files renamed or deleted since REF, and L002 findings anywhere for links to headings reworded since REF. Asks git in the repository of the paths checked. With --fix or --diff, only the findings reported are fixed: a link to a file renamed since REF is rewritten to its new place, and a fragment naming a reworded heading to the heading\'s new id' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l hard-links -d 'Files with more than one hard link: refuse them, write them in place (every name sees the change; not atomic), or break the link (replace this name only, as sed -i does)' -r -f -a "refuse\t'Refuse to write them, with a message (the default)'
in-place\t'Write the new contents into the existing file (not atomic)'
break\t'Replace this name only; the other names keep the old contents'"
complete -c urilint -n "__fish_urilint_using_subcommand check" -l select -d 'Only these rules (codes, code prefixes, names, or ALL); comma-separated, repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l extend-select -d 'These rules in addition (e.g. off-by-default ones)' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l ignore -d 'Not these rules' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l color -d 'Colour in the human format' -r -f -a "auto\t'When standard output is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c urilint -n "__fish_urilint_using_subcommand check" -l label -d 'Add `"label": TEXT` as the last field of every JSON record (a shard or task name; JSON Lines only)' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l cache -d 'Keep each URI\'s history in FILE (JSON Lines, safe to keep in a CI cache): URIs found alive are not requested again for --max-cache-age; failures are always requested again, and a link unreachable on 3 runs over 7 days is reported gone [default FILE: .urilint-cache.jsonl; another: --cache=FILE]' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -l max-cache-age -d 'With --cache: how long an alive URI is not requested again, in seconds [default: 86400]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l resolve -d 'Send requests for HOST:PORT to ADDR, without DNS (curl\'s syntax; repeatable), e.g. docs.example.org:443:127.0.0.1' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l cacert -d 'Trust the certificates of this PEM file too (a private CA)' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand check" -l timeout -d 'Seconds allowed for one request [default: 20]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l max-retries -d 'Retries of a timeout, a connection failure, a 5xx or a 429 [default: 3]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l retry-wait-time -d 'The first wait before a retry, in seconds (doubled at each retry unless the server says how long in Retry-After) [default: 1]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l max-retry-wait -d 'The longest Retry-After honoured, in seconds; a server asking for more gets its link reported as blocked [default: 60]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l max-concurrency -d 'Requests in flight at most, over all hosts [default: 64]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l host-concurrency -d 'Requests in flight at most per host [default: 10]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -l host-request-interval -d 'Least time between two requests to one host, in milliseconds [default: 50]' -r
complete -c urilint -n "__fish_urilint_using_subcommand check" -s 0 -l from0 -d 'With --files-from: the paths are NUL-separated (for names that hold a newline; as `urilint files -0` and `find -print0` print them)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l isolated -d 'Read no configuration file'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l hidden -d 'Also read hidden files and directories'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l no-ignore -d 'Do not honour .gitignore, .ignore and similar files, and read package managers\' lock files (package-lock.json, Cargo.lock, ...), which a walk skips'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l force-exclude -d 'Apply --exclude, extend-exclude and --glob to the paths named on the command line too (for pre-commit, which names every staged file)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -s q -l quiet -d 'No progress indicator (it is shown only on a terminal anyway)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l no-mmap -d 'Read every file with read(2), never through a memory map (by default a plain-text file of 1 MiB or more named on the command line is mapped: faster; a file truncated while it is mapped ends the run with SIGBUS, as in ripgrep)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l no-headers -d 'In mail, leave out the URIs of header fields (List-*, Archived-At, Link, X-Url, Organization, Subject, ...; addresses, identifiers and trace fields are never read)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l message-ids -d 'In mail, report the identifiers of Message-ID, In-Reply-To and References as mid: URIs (RFC 2392)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l include-code -d 'In Markdown, also find URIs in code spans and code blocks (left out by default: they are examples; likewise reStructuredText literals, AsciiDoc comments and listing blocks, roff displays); JSON records say "in_code"'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l abbreviated -d 'Also find abbreviated URLs, `www.example.org/x` and `ftp.example.org`, reported with the scheme RFC 2396 Appendix F implies (`http://`, `ftp://`); JSON records say "abbreviated". Also `abbreviated = true` in urilint.toml'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l fix -d 'Apply the fixes in place (atomically; a file changed meanwhile is left alone) and report what is left'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l diff -d 'Print the fixes as a unified diff; write nothing'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l add-ignore -d 'Write an `urilint: ignore[CODE]` marker for each finding, in a comment of the file\'s own syntax (Markdown, HTML, or a comment line of a source file), so that a project can adopt the linter at once; findings with no safe place for a marker are reported'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l exit-zero -d 'Exit 0 even when there are findings (2 still means an input could not be read)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l statistics -d 'Print only the number of findings per rule (`COUNT CODE name`, one rule a line, by code), not the findings'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l show-fixes -d 'With --fix or --diff, list the fixes made per file and rule after the findings (on standard error unless the format is human); in the plain format, give each finding\'s fix, marked safe or unsafe'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l unsafe-fixes -d 'With --fix or --diff, apply the unsafe fixes too (those that may change what a URI means to some consumer: case outside the scheme, default ports, percent-encoding, dot-segments, file: URIs)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l force -d 'Write read-only files too (owner write bit off); their mode is kept'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l strict -d 'Exit 1 on warnings too'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l summary -d 'After each input\'s records, print a summary record: {"kind": "summary", "path", "records", "errors", "bytes", "status"} (JSON Lines only), so that a job can check that every input was read'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l offline -d 'Never request anything: --links remote and urilint.toml\'s [links] check = ["remote"] are off (the pre-commit hooks pass it)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l remote-anchors -d 'Also check #fragments against the ids of the HTML served (bodies read up to 2 MiB; not for github.com, whose pages add their ids by script)'
complete -c urilint -n "__fish_urilint_using_subcommand check" -l allow-private -d 'Request loopback, private and link-local addresses and reserved names (example.com, .test, localhost) too'
complete -c urilint -n "__fish_urilint_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand parse" -l format -d 'Output format' -r -f -a "plain\t''
jsonl\t''"
complete -c urilint -n "__fish_urilint_using_subcommand parse" -l grammar -d 'Grammar to parse with' -r -f -a "rfc3986\t'RFC 3986 (STD 66), the default'
rfc2396\t'RFC 2396'
rfc2396+ipv6\t'RFC 2396 with RFC 2732 IPv6 literals'
rfc3987\t'RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query)'"
complete -c urilint -n "__fish_urilint_using_subcommand parse" -l zone-id -d 'Accept IPv6 zone identifiers, `[fe80::1%25en0]` (RFC 6874)'
complete -c urilint -n "__fish_urilint_using_subcommand parse" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand resolve" -l base -d 'The base URI (an absolute URI; a fragment is ignored)' -r
complete -c urilint -n "__fish_urilint_using_subcommand resolve" -l grammar -d 'Algorithm and grammar: RFC 3986 section 5.2, or RFC 2396 section 5.2' -r -f -a "rfc3986\t'RFC 3986 (STD 66), the default'
rfc2396\t'RFC 2396'
rfc2396+ipv6\t'RFC 2396 with RFC 2732 IPv6 literals'
rfc3987\t'RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query)'"
complete -c urilint -n "__fish_urilint_using_subcommand resolve" -l loophole -d 'Treat a reference whose scheme equals the base\'s as relative (`http:g`), the backwards-compatible loophole of RFC 3986 section 5.2.2; off by default'
complete -c urilint -n "__fish_urilint_using_subcommand resolve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand normalize" -l grammar -d 'Grammar and rules: RFC 3986 section 6, or RFC 2396 section 6' -r -f -a "rfc3986\t'RFC 3986 (STD 66), the default'
rfc2396\t'RFC 2396'
rfc2396+ipv6\t'RFC 2396 with RFC 2732 IPv6 literals'
rfc3987\t'RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query)'"
complete -c urilint -n "__fish_urilint_using_subcommand normalize" -l no-scheme-based -d 'Only syntax-based normalization (RFC 3986 section 6.2.2): keep default ports and empty paths'
complete -c urilint -n "__fish_urilint_using_subcommand normalize" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l files-from -d 'Read the paths to scan from FILE (`-`: standard input), one per line, or NUL-separated with -0; instead of PATH arguments. Listed files are read as a walk reads them (binary files skipped), and, as named paths, are not excluded unless --force-exclude; an empty list reads nothing. `urilint files` prints the list a walk reads' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l stdin-format -d 'How standard input (`-`) is read: text (one document), or many documents framed as jsonl (`{"path": ..., "content_base64": ...}` a line) or netstring (`<len>:<name>,<len>:<content>,` each), each with its own path, lines and byte offsets' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l grammar -d 'Grammar to validate against [default: rfc3986, or urilint.toml\'s]' -r -f -a "rfc3986\t'RFC 3986 (STD 66), the default'
rfc2396\t'RFC 2396'
rfc2396+ipv6\t'RFC 2396 with RFC 2732 IPv6 literals'
rfc3987\t'RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query)'"
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l max-uri-len -d 'Skip URI candidates longer than this many bytes (reported as D003) [default: 65536, or urilint.toml\'s]' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l config -d 'Read this configuration file instead of looking for urilint.toml' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -s g -l glob -d 'Only read files matching GLOB (`!GLOB` excludes); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l exclude -d 'Leave out files and directories matching GLOB (as `--glob \'!GLOB\'`; also `extend-exclude` in urilint.toml); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l stdin-filename -d 'The file name standard input (`-`) stands for: shown in output, and used to detect its format by extension and to pick per-path rules, as editors and pre-commit hooks need (the file is not read)' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -s j -l threads -d 'Worker threads, at most 1024 (default: the number of CPUs)' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l input-format -d 'Read inputs as FORMAT instead of detecting it from their content and name: auto, text (every byte as it is: today\'s plain-text reading, gzip not unpacked), mbox, mail (also eml, maildir, news: one message per file), html, markdown (md), rst, asciidoc (adoc), roff (man, mdoc: man pages)' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l map -d 'OLD=NEW: URIs starting with OLD get NEW instead; repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l map-regex -d 'REGEX=REPLACEMENT: the first match in each URI is replaced; repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l hard-links -d 'Files with more than one hard link: refuse them, write them in place (every name sees the change; not atomic), or break the link (replace this name only, as sed -i does)' -r -f -a "refuse\t'Refuse to write them, with a message (the default)'
in-place\t'Write the new contents into the existing file (not atomic)'
break\t'Replace this name only; the other names keep the old contents'"
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -s 0 -l from0 -d 'With --files-from: the paths are NUL-separated (for names that hold a newline; as `urilint files -0` and `find -print0` print them)'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l isolated -d 'Read no configuration file'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l hidden -d 'Also read hidden files and directories'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l no-ignore -d 'Do not honour .gitignore, .ignore and similar files, and read package managers\' lock files (package-lock.json, Cargo.lock, ...), which a walk skips'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l force-exclude -d 'Apply --exclude, extend-exclude and --glob to the paths named on the command line too (for pre-commit, which names every staged file)'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -s q -l quiet -d 'No progress indicator (it is shown only on a terminal anyway)'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l no-mmap -d 'Read every file with read(2), never through a memory map (by default a plain-text file of 1 MiB or more named on the command line is mapped: faster; a file truncated while it is mapped ends the run with SIGBUS, as in ripgrep)'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l no-headers -d 'In mail, leave out the URIs of header fields (List-*, Archived-At, Link, X-Url, Organization, Subject, ...; addresses, identifiers and trace fields are never read)'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l message-ids -d 'In mail, report the identifiers of Message-ID, In-Reply-To and References as mid: URIs (RFC 2392)'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l include-code -d 'In Markdown, also find URIs in code spans and code blocks (left out by default: they are examples; likewise reStructuredText literals, AsciiDoc comments and listing blocks, roff displays); JSON records say "in_code"'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l abbreviated -d 'Also find abbreviated URLs, `www.example.org/x` and `ftp.example.org`, reported with the scheme RFC 2396 Appendix F implies (`http://`, `ftp://`); JSON records say "abbreviated". Also `abbreviated = true` in urilint.toml'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l diff -d 'Print a unified diff; write nothing'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l dry-run -d 'List the changes; write nothing'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -l force -d 'Write read-only files too (owner write bit off); their mode is kept'
complete -c urilint -n "__fish_urilint_using_subcommand rewrite" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand rule" -l format -d 'Output format' -r -f -a "plain\t''
jsonl\t''
markdown\t'The Markdown table of docs/rules.md'"
complete -c urilint -n "__fish_urilint_using_subcommand rule" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c urilint -n "__fish_urilint_using_subcommand config" -l config -d 'Read this configuration file instead of looking for urilint.toml' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand config" -l isolated -d 'Read no configuration file'
complete -c urilint -n "__fish_urilint_using_subcommand config" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand files" -s g -l glob -d 'Only read files matching GLOB (`!GLOB` excludes); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand files" -l exclude -d 'Leave out files and directories matching GLOB (as `--glob \'!GLOB\'`; also `extend-exclude` in urilint.toml); repeatable' -r
complete -c urilint -n "__fish_urilint_using_subcommand files" -l config -d 'Read this configuration file instead of looking for urilint.toml' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand files" -s 0 -l null -d 'End each path with a NUL byte instead of a newline'
complete -c urilint -n "__fish_urilint_using_subcommand files" -l hidden -d 'Also read hidden files and directories'
complete -c urilint -n "__fish_urilint_using_subcommand files" -l no-ignore -d 'Do not honour .gitignore, .ignore and similar files, and read package managers\' lock files (package-lock.json, Cargo.lock, ...), which a walk skips'
complete -c urilint -n "__fish_urilint_using_subcommand files" -l force-exclude -d 'Apply --exclude, extend-exclude and --glob to the paths named on the command line too (for pre-commit, which names every staged file)'
complete -c urilint -n "__fish_urilint_using_subcommand files" -l check -d 'The files `urilint check` reads: also its default exclusions (test data, vendored and minified code) unless urilint.toml sets `exclude`'
complete -c urilint -n "__fish_urilint_using_subcommand files" -l isolated -d 'Read no configuration file'
complete -c urilint -n "__fish_urilint_using_subcommand files" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand site" -l config -d 'Use this configuration file instead of looking for one' -r -F
complete -c urilint -n "__fish_urilint_using_subcommand site" -l pages -d 'List every page and file the site serves, `URL <- source`'
complete -c urilint -n "__fish_urilint_using_subcommand site" -l anchors -d 'List each page\'s anchors (the ids its renderer mints) under it'
complete -c urilint -n "__fish_urilint_using_subcommand site" -l json -d 'Print one JSON object per site, one a line'
complete -c urilint -n "__fish_urilint_using_subcommand site" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand mv" -l dry-run -d 'Print the moves and the link edits; move and write nothing'
complete -c urilint -n "__fish_urilint_using_subcommand mv" -l diff -d 'Print the link edits as a unified diff; move and write nothing'
complete -c urilint -n "__fish_urilint_using_subcommand mv" -l redirect -d 'Record each moved page\'s old URL where the site\'s generator takes redirects: Hugo and Zola `aliases`, Jekyll `redirect_from` (with jekyll-redirect-from), MkDocs `redirect_maps` (redirects plugin), mdBook `[output.html.redirect]`; otherwise the entry to add is named'
complete -c urilint -n "__fish_urilint_using_subcommand mv" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand server" -l stdio -d 'Accepted for clients that pass it (the transport is always standard input and output)'
complete -c urilint -n "__fish_urilint_using_subcommand server" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand completions" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand man" -s h -l help -d 'Print help'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "extract" -d 'Print every URI found in the files, one per line or as JSON Lines'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "check" -d 'Lint the URIs in files: invalid URIs, delimiting, security and normalization problems; fix them'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "parse" -d 'Show the components and errors of each URI reference given'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "resolve" -d 'Resolve references against a base URI (RFC 3986 section 5.2)'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "normalize" -d 'Normalize URIs (RFC 3986 section 6.2.2 and 6.2.3)'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "rewrite" -d 'Rewrite URIs in files by prefix or regex (e.g. http://old/ to https://new/)'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "rule" -d 'List the lint rules, or explain one'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "config" -d 'Print the effective configuration (urilint.toml and defaults)'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "files" -d 'Print the files a run would read, one per line (or NUL-separated), in the run\'s order: to shard a run over many processes'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "site" -d 'Show what the site model sees of the docs sites under PATH: the generator and its evidence, the settings read, what it does not read, pages and their URLs, anchors, and links not checked and why'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "mv" -d 'Move pages or folders and rewrite every link to them, in the form each was written (source path, built name, root-relative URL), through the site model; `git mv` in a git work tree'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "server" -d 'Run the language server (LSP over standard input and output) for editors'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "completions" -d 'Print the completion script for a shell (bash, zsh, fish, elvish, powershell), generated from these definitions'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "man" -d 'Print the man page, urilint(1), in roff'
complete -c urilint -n "__fish_urilint_using_subcommand help; and not __fish_seen_subcommand_from extract check parse resolve normalize rewrite rule config files site mv server completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
