#!/usr/bin/env bash
# Before `make test`: Debian's Chromium (browser tests), poppler-utils (PDF checks) and
# zbar-tools (the score sheets' QR codes are read back by a scanner),
# installed with apt when missing and we are root. Never a browser download.
# Not root: say what is missing; the tests then skip (or fail with CI=true).
set -uo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
[[ ${#missing[@]} -eq 0 ]] && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} with apt-get (needed by the browser, PDF and QR tests)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
        || echo "Could not install ${missing[*]}: those tests will skip (or fail with CI=true)"
else
    echo "Missing ${missing[*]} (apt-get install -y ${missing[*]}): those tests will skip (or fail with CI=true)"
fi
exit 0
