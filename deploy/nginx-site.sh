#!/usr/bin/env bash
# Render deploy/nginx.conf (the nginx site) from the environment, to stdout.
#
#   SERVER_NAME=tournaments.example.org WEB_SERVERS="10.0.0.11:8000 10.0.0.12:8000" \
#       deploy/nginx-site.sh > /etc/nginx/sites-available/rummikub
#
# Required: SERVER_NAME, WEB_SERVERS (space-separated host:port of every gunicorn).
# Defaults:
#   LISTEN_HTTP="80 [::]:80"   LISTEN_HTTPS="443 [::]:443"
#   BASE_URL=https://$SERVER_NAME   (the same BASE_URL as /etc/rummikub/env)
#   TLS_CERTIFICATE=/etc/letsencrypt/live/$SERVER_NAME/fullchain.pem
#   TLS_CERTIFICATE_KEY=/etc/letsencrypt/live/$SERVER_NAME/privkey.pem
#   STATIC_ROOT=/srv/rummikub/staticfiles
# A line whose ${NAME} holds several space-separated values is repeated once per value
# (so values must not contain spaces). tests/deploy renders the site with this script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
template=${NGINX_TEMPLATE:-$here/nginx.conf}

: "${SERVER_NAME:?set SERVER_NAME (e.g. tournaments.example.org)}"
: "${WEB_SERVERS:?set WEB_SERVERS (e.g. \"10.0.0.11:8000 10.0.0.12:8000\")}"
LISTEN_HTTP=${LISTEN_HTTP:-80 [::]:80}
LISTEN_HTTPS=${LISTEN_HTTPS:-443 [::]:443}
BASE_URL=${BASE_URL:-https://$SERVER_NAME}
TLS_CERTIFICATE=${TLS_CERTIFICATE:-/etc/letsencrypt/live/$SERVER_NAME/fullchain.pem}
TLS_CERTIFICATE_KEY=${TLS_CERTIFICATE_KEY:-/etc/letsencrypt/live/$SERVER_NAME/privkey.pem}
STATIC_ROOT=${STATIC_ROOT:-/srv/rummikub/staticfiles}
STATIC_ROOT=${STATIC_ROOT%/}
BASE_URL=${BASE_URL%/}

names=(SERVER_NAME WEB_SERVERS LISTEN_HTTP LISTEN_HTTPS BASE_URL TLS_CERTIFICATE
       TLS_CERTIFICATE_KEY STATIC_ROOT)
status=0
while IFS= read -r line || [[ -n $line ]]; do
    lines=("$line")
    if [[ $line != \#* ]]; then
        for name in "${names[@]}"; do
            [[ $line == *"\${$name}"* ]] || continue
            read -r -a values <<<"${!name}"
            expanded=()
            for l in "${lines[@]}"; do
                for v in "${values[@]}"; do expanded+=("${l//"\${$name}"/"$v"}"); done
            done
            lines=("${expanded[@]}")
        done
        if [[ ${lines[0]} =~ \$\{[A-Z_]+\} ]]; then
            echo "nginx-site.sh: unknown placeholder ${BASH_REMATCH[0]} in: $line" >&2
            status=1
        fi
    fi
    printf '%s\n' "${lines[@]}"
done <"$template"
exit $status
