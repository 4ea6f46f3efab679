#!/usr/bin/env bash
# `make venue`: serve the hall's network from this laptop with gunicorn (a production
# server) and a Celery worker, on PORT (8000 unless set: `PORT=8765 make venue`). Prints the
# address tablets should open; that address is BASE_URL, so links and QR codes on printed
# sheets and the projector point to it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=.venv/bin/python
. deploy/port.sh

address=${VENUE_ADDRESS:-$(hostname -I 2>/dev/null | awk '{print $1}')}
address=${address:-127.0.0.1}
export BASE_URL=${BASE_URL:-http://$address:$PORT}
export ALLOWED_HOSTS=${ALLOWED_HOSTS:-$address,localhost,127.0.0.1}
export DEBUG=false
# The hall's wifi is plain http: no TLS-only cookies or redirects.
export SECURE_SSL_REDIRECT=false SESSION_COOKIE_SECURE=false CSRF_COOKIE_SECURE=false
export SECURE_HSTS_SECONDS=0 SECURE_HSTS_PRELOAD=false SECURE_HSTS_INCLUDE_SUBDOMAINS=false
# One secret per laptop, kept across restarts so sign-ins survive a restart.
if [[ -z ${SECRET_KEY:-} ]]; then
    [[ -s .venue-secret ]] || (umask 077 && "$PY" -c 'import secrets; print(secrets.token_urlsafe(60))' > .venue-secret)
    SECRET_KEY=$(cat .venue-secret)
    export SECRET_KEY
fi

. deploy/broker.sh

"$PY" manage.py migrate --noinput
"$PY" manage.py collectstatic --noinput -v0
"$PY" manage.py load_demo

.venv/bin/celery -A config worker --pool=prefork --concurrency=2 -l warning --beat --schedule "$ROOT/.celery-beat-schedule" &
worker_pid=$!
trap 'kill -TERM "$worker_pid" 2>/dev/null || true; wait "$worker_pid" 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo
echo "  Tablets and phones on the hall's wifi: open  $BASE_URL/"
echo "  (this laptop: http://127.0.0.1:$PORT/)"
echo
.venv/bin/gunicorn config.wsgi --workers 3 --bind "0.0.0.0:$PORT" --access-logfile - --timeout 60
