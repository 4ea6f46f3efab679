#!/usr/bin/env bash
# `make run`: migrate, load the demo data, start a Celery worker in the
# background and serve on 127.0.0.1:PORT (8000 unless PORT is set: `PORT=8765 make run`);
# stopping the server stops the worker. This computer only: the addresses printed for
# phones (BASE_URL) are 127.0.0.1 too, and the projector says so (`make venue` serves the
# hall's wifi).
# Broker: CELERY_BROKER_URL if set; else Redis at REDIS_URL (default
# redis://127.0.0.1:6379/0) when it answers; else Celery's filesystem broker in
# .celery-broker/ under the project.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=.venv/bin/python

# A local try: DEBUG on (Django's error pages, any host on the hall's wifi). Only here and
# in the tests; everywhere else it is off unless DEBUG=true is set.
export DEBUG=${DEBUG:-true}

. deploy/port.sh
export BASE_URL=${BASE_URL:-http://127.0.0.1:$PORT}

. deploy/broker.sh

"$PY" manage.py migrate --noinput
"$PY" manage.py load_demo

.venv/bin/celery -A config worker --pool=solo -l info --beat --schedule "$ROOT/.celery-beat-schedule" &
worker_pid=$!

stop_worker() {
    if kill -0 "$worker_pid" 2>/dev/null; then
        echo "Stopping the Celery worker (pid $worker_pid)"
        kill -TERM "$worker_pid" 2>/dev/null || true
        wait "$worker_pid" 2>/dev/null || true
    fi
}
trap stop_worker EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$PY" manage.py runserver "127.0.0.1:$PORT"
