# Sourced by run-local.sh and venue.sh (with ROOT and PY set): choose the Celery broker.
# CELERY_BROKER_URL if set; else Redis at REDIS_URL (default redis://127.0.0.1:6379/0)
# when it answers; else Celery's filesystem broker in .celery-broker/ (no server needed).
redact() { sed -E 's#//[^/@]*@#//***@#'; }

if [[ -n ${CELERY_BROKER_URL:-} ]]; then
    echo "Celery broker: $(redact <<<"$CELERY_BROKER_URL") (from CELERY_BROKER_URL)"
else
    redis_url=${REDIS_URL:-redis://127.0.0.1:6379/0}
    if "$PY" -c 'import sys, redis; redis.Redis.from_url(sys.argv[1], socket_connect_timeout=1, socket_timeout=1).ping()' \
            "$redis_url" >/dev/null 2>&1; then
        export CELERY_BROKER_URL=$redis_url
        echo "Celery broker: Redis at $(redact <<<"$redis_url")"
    else
        broker_dir=$ROOT/.celery-broker
        mkdir -p "$broker_dir/queue" "$broker_dir/control" "$broker_dir/processed" \
            "$broker_dir/results"
        export CELERY_BROKER_URL=filesystem://
        export CELERY_FILESYSTEM_BROKER_DIR=$broker_dir
        export CELERY_RESULT_BACKEND=${CELERY_RESULT_BACKEND:-file://$broker_dir/results}
        echo "Celery broker: no Redis at $(redact <<<"$redis_url"); using the filesystem broker in $broker_dir"
    fi
fi
export CELERY_RESULT_BACKEND=${CELERY_RESULT_BACKEND:-$CELERY_BROKER_URL}
