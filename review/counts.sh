#!/usr/bin/env bash
# Default findings of `urilint check` per tree and rule, as TSV
# (tree, rule, count), on the trees of review/trees.sh; the findings
# themselves go to DIR/findings/TREE.txt.
#
#   bash review/counts.sh path/to/urilint [DIR]
set -uo pipefail
bin=$1
dir=${2:-/tmp/urilint-review}
shared=$(cd "$(dirname "$0")/../.." && pwd)/shared
mkdir -p "$dir/findings"
toolchain_docs=$(ls -d "$HOME"/.rustup/toolchains/*/share/doc 2>/dev/null | head -1)
while read -r name path; do
    [ -e "$path" ] || continue
    "$bin" check --isolated --format plain "$path" > "$dir/findings/$name.txt" 2> /dev/null
    awk -v t="$name" '{print t "\t" $2}' "$dir/findings/$name.txt" | sort | uniq -c |
        awk '{print $2 "\t" $3 "\t" $1}'
done <<TREES
docs $shared/corpus/docs
misc $shared/corpus/misc
registry $dir/registry
usr-share-doc /usr/share/doc
aws-examples $dir/aws/awscli/examples
registry-other $dir/registry-other
rust-docs ${toolchain_docs:-/nonexistent}
node-modules /usr/lib/node_modules
usr-share-man /usr/share/man
sdist $dir/sdist
sdist2 $dir/sdist2
TREES
