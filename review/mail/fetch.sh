#!/bin/sh
# Re-creates /work/archives/ (the archives measured in REPORT.md) from the
# public GitHub repositories listed in SOURCES.md.  The repositories were
# brought to /work/.mirror/OWNER+NAME/repo with the session's `fetch` tool
# (github:OWNER/NAME); with network access `git clone --bare
# https://github.com/OWNER/NAME M/OWNER+NAME/repo` does the same.  The
# archives are test data: they stay out of git.  `git archive` prints
# "invalid object" for big blobs the snapshots lack (a .psd of SpamAssassin,
# MimeKit's jwz.mbox.txt, phishing_pot's sample-472.eml): none is used.
set -eu
M=${MIRROR:-/work/.mirror}
A=${ARCHIVES:-/work/archives}
mkdir -p "$A"
x() { # x NAME OWNER+REPO COMMIT PATH...
    name=$1 repo=$2 commit=$3; shift 3
    mkdir -p "$A/$name"
    git --git-dir="$M/$repo/repo" archive "$commit" "$@" | tar -x -C "$A/$name"
}
x sisimai      sisimai+set-of-emails     18e585c22288b83c1f6943949cb86b2623b362ce maildir/bsd
x notmuch      notmuch+notmuch           fdc9c75388b1ed12662e1cdb73b48b6d809ef5d8 test/corpora
x spamassassin apache+spamassassin       f7fe7b82a2db63ee1406d74d88ce564b69881954 t/data/spam t/data/nice t/data/nice.mbox
x bigbang-3gpp datactive+bigbang         cdf9b06b9e0414b544eda62044cb69f59c1fd174 tests/data/3GPP_mbox
x mail-parser  stalwartlabs+mail-parser  339a4306d3bd60bbfeae8f5de0e8f29c17d665a1 resources/eml resources/maildir
x inn-articles InterNetNews+inn          607fa7fcf4d0b24f3943e05ab372cee16279b123 tests/data/articles
x mimekit      jstedfast+MimeKit         cf6d38dd0a1a26b5145c10b35e971efc133e1fb3 \
    UnitTests/TestData/mbox/content-length.mbox.txt UnitTests/TestData/mbox/issue1189.mbox.txt \
    UnitTests/TestData/mbox/simple.mbox.txt UnitTests/TestData/mbox/unmunged.mbox.txt \
    UnitTests/TestData/messages
rm -f "$A"/mimekit/UnitTests/TestData/messages/body.*.txt   # bodies, not messages
# phishing_pot: every 8th of the 7,912 samples in version order (sample-1,
# -9, -17, ...): 989 files.
P=rf-peixoto+phishing_pot C=8e207b5f465bf72c2326551b1a9b2ba67f3b4ef6
git --git-dir="$M/$P/repo" ls-tree -r --name-only "$C" email | sort -V | awk 'NR%8==1' > "$A/phishing_pot.list"
mkdir -p "$A/phishing_pot"
git --git-dir="$M/$P/repo" archive "$C" $(cat "$A/phishing_pot.list") | tar -x -C "$A/phishing_pot" || true

# The measurement (REPORT.md), from /work/archives:
#   cd /work/archives
#   ARGS="sisimai phishing_pot notmuch spamassassin bigbang-3gpp mail-parser mimekit inn=inn-articles"
#   python3 /path/to/urilint/benches/mail_accuracy.py --urilint BIN $ARGS --show 0 --examples 3
#   python3 /path/to/urilint/benches/mail_accuracy.py --urilint BIN $ARGS --headers --show 0 --examples 3
