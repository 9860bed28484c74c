#!/usr/bin/env bash
# The urilint GitHub Action's install step (action.yml), and usable alone:
# downloads the released binary of version $URILINT_VERSION for the
# runner's OS and architecture, verifies its SHA-256 against the release's
# checksum file, and puts it on the PATH; where the release has no binary
# for the runner (or it cannot be downloaded), installs the wheel with
# `pip install urilint==$URILINT_VERSION`. A checksum that does not match
# stops the job: it never falls back then.
#
# Release assets (docs/install.md), at
# $URILINT_DOWNLOAD_BASE/v$URILINT_VERSION/:
#   urilint-$TARGET.tar.gz          urilint-$TARGET/urilint inside
#   urilint-$TARGET.tar.gz.sha256   "HEX  urilint-$TARGET.tar.gz"
# TARGET: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu,
# x86_64-apple-darwin, aarch64-apple-darwin, x86_64-pc-windows-msvc (a
# .zip with urilint.exe at its top, as dist makes zips: flat).
# These are what the release workflow's dist builds (dist-workspace.toml).
#
# Environment: URILINT_VERSION (required), RUNNER_OS and RUNNER_ARCH (as
# GitHub sets them; else uname's), RUNNER_TEMP (where to unpack; else a
# temporary directory), GITHUB_PATH (the binary's directory is added to
# it), URILINT_DOWNLOAD_BASE (default the GitHub releases of
# urilint/urilint; a test gives a loopback server), URILINT_PIP (the pip
# command of the fallback; default `python3 -m pip`).
set -euo pipefail

say() { printf 'urilint-action: %s\n' "$*" >&2; }

version="${URILINT_VERSION:?URILINT_VERSION: the release to install}"
version="${version#v}"
base="${URILINT_DOWNLOAD_BASE:-https://github.com/urilint/urilint/releases/download}"
os="${RUNNER_OS:-$(uname -s)}"
arch="${RUNNER_ARCH:-$(uname -m)}"

case "$os" in
    Linux|linux) os=unknown-linux-gnu ;;
    macOS|Darwin) os=apple-darwin ;;
    Windows|MINGW*|MSYS*|CYGWIN*) os=pc-windows-msvc ;;
    *) os="" ;;
esac
case "$arch" in
    X64|x86_64|amd64) arch=x86_64 ;;
    ARM64|aarch64|arm64) arch=aarch64 ;;
    *) arch="" ;;
esac

fallback() {
    say "$1: installing the wheel instead (pip install urilint==$version)"
    # shellcheck disable=SC2086
    ${URILINT_PIP:-python3 -m pip} install --quiet "urilint==$version"
    exit 0
}

if [ -z "$os" ] || [ -z "$arch" ] || [ "$os-$arch" = "pc-windows-msvc-aarch64" ]; then
    fallback "no released binary for ${RUNNER_OS:-$(uname -s)} ${RUNNER_ARCH:-$(uname -m)}"
fi
target="$arch-$os"
ext=tar.gz
[ "$os" = pc-windows-msvc ] && ext=zip
asset="urilint-$target.$ext"
url="$base/v$version/$asset"
dir="${RUNNER_TEMP:-$(mktemp -d)}/urilint-$version"
rm -rf "$dir" && mkdir -p "$dir"

fetch() { curl --fail --silent --show-error --location --retry 3 --output "$2" "$1"; }
if ! fetch "$url" "$dir/$asset" || ! fetch "$url.sha256" "$dir/$asset.sha256"; then
    fallback "$url could not be downloaded"
fi
want="$(cut -d ' ' -f 1 <"$dir/$asset.sha256" | tr 'A-F' 'a-f')"
if command -v sha256sum >/dev/null 2>&1; then
    got="$(sha256sum "$dir/$asset" | cut -d ' ' -f 1)"
else
    got="$(shasum -a 256 "$dir/$asset" | cut -d ' ' -f 1)"
fi
if [ "${#want}" -ne 64 ] || [ "$got" != "$want" ]; then
    say "checksum mismatch for $asset: expected ${want:-nothing}, got $got; not installed"
    exit 1
fi
case "$ext" in
    tar.gz) tar -xzf "$dir/$asset" -C "$dir" ;;
    zip) unzip -q "$dir/$asset" -d "$dir/urilint-$target" ;;
esac
bin="$dir/urilint-$target"
if [ ! -x "$bin/urilint" ] && [ ! -f "$bin/urilint.exe" ]; then
    say "$asset holds no urilint-$target/urilint; not installed"
    exit 1
fi
if [ -n "${GITHUB_PATH:-}" ]; then
    printf '%s\n' "$bin" >>"$GITHUB_PATH"
fi
say "installed $("$bin/urilint" --version 2>/dev/null || echo "urilint $version") from $url (sha256 $got) in $bin"
