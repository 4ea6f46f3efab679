#!/usr/bin/env bash
# Before `make test`: Debian's Chromium (browser tests), poppler-utils (PDF checks),
# zbar-tools (the score sheets' QR codes are read back by a scanner) and gettext
# (msgfmt and xgettext: the translation catalogs' tests, tests/i18n).
# Before `make test-deploy` (argument `deploy`): Debian's nginx, openssl and redis-server.
# Installed with apt when missing and we are root. Never a browser download.
# Not root: say what is missing; the tests then skip (or fail with CI=true).
set -uo pipefail
missing=()
if [[ ${1:-} == deploy ]]; then
    [[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
    command -v openssl >/dev/null 2>&1 || missing+=(openssl)
    command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
    needed_by="the deployment test"
else
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
    command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
    command -v msgfmt >/dev/null 2>&1 || missing+=(gettext)
    needed_by="the browser, PDF, QR and translation tests"
fi
[[ ${#missing[@]} -eq 0 ]] && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} with apt-get (needed by $needed_by)"
    # Packages like nginx and redis-server start their service when installed (nginx
    # on port 80): the tests start private instances, so forbid that, unless the
    # machine already has its own policy.
    policy=/usr/sbin/policy-rc.d
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy"
        trap 'rm -f "$policy"' EXIT
    fi
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
        || echo "Could not install ${missing[*]}: $needed_by will skip (or fail with CI=true)"
else
    echo "Missing ${missing[*]} (apt-get install -y ${missing[*]}): $needed_by will skip (or fail with CI=true)"
fi
exit 0
