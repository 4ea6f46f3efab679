#!/usr/bin/env bash
# Two test passes:
#   1. SQLite: every test under tests/ except those marked postgres_only (and
#      tests/deploy, which `make test-deploy` runs).
#   2. PostgreSQL (PG_TEST_URL): tests/services, tests/selectors and tests/commands, unfiltered,
#      so the postgres_only tests run there too.
# Exit status is non-zero when any pass fails. pytest's exit 5 ("no tests
# collected") counts as success only when the pass's paths hold no test files.
set -uo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
PYTEST=.venv/bin/pytest
PG_TEST_URL=${PG_TEST_URL:-postgres://postgres@127.0.0.1:5432/test}
# Celery reads these at import; tests must not change them in fixtures.
export CELERY_BROKER_URL=${CELERY_BROKER_URL:-redis://127.0.0.1:6379/15}
export CELERY_RESULT_BACKEND=${CELERY_RESULT_BACKEND:-$CELERY_BROKER_URL}
export HYPOTHESIS_PROFILE=${HYPOTHESIS_PROFILE:-quick}

tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT

failed=0
declare -a summary=()

has_tests() {  # any test_*.py under the given paths?
    local p
    for p in "$@"; do
        [[ -d $p ]] && [[ -n $(find "$p" -name 'test_*.py' -print -quit) ]] && return 0
    done
    return 1
}

run_pass() {  # run_pass NAME DATABASE_URL MARKER-EXPRESSION [PATH...]
    local name=$1 url=$2 marker=$3 log="$tmpdir/$1.log" rc last
    shift 3
    local paths=("$@")
    # tests/deploy starts the whole production stack: `make test-deploy` runs it.
    local args=(-n 2 --ignore=tests/deploy)
    [[ -n $marker ]] && args+=(-m "$marker")
    echo
    echo "=== $name pass: pytest ${args[*]} ${paths[*]} ==="
    DATABASE_URL=$url "$PYTEST" "${args[@]}" "${paths[@]}" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    last=$(grep -E '^=+ .* =+$' "$log" | tail -n 1 | sed -E 's/^=+ (.*) =+$/\1/' || true)
    [[ ${#paths[@]} -eq 0 ]] && paths=(tests)
    if [[ $rc -eq 5 ]] && ! has_tests "${paths[@]}"; then
        summary+=("$name: OK, no tests written yet (${paths[*]})")
    elif [[ $rc -eq 5 && -n $marker ]] \
        && DATABASE_URL=$url "$PYTEST" --collect-only -q "${paths[@]}" >/dev/null 2>&1; then
        summary+=("$name: OK, every test is deselected by -m \"$marker\"")
    elif [[ $rc -eq 0 ]]; then
        summary+=("$name: OK, ${last}")
    else
        summary+=("$name: FAILED (pytest exit $rc), ${last}")
        failed=1
    fi
}

# Pass 1: SQLite (pytest-django gives each xdist worker its own test database).
run_pass SQLite "sqlite:///$tmpdir/test.sqlite3" "not postgres_only"

# Pass 2: PostgreSQL.
if "$PY" -c 'import sys, psycopg; psycopg.connect(sys.argv[1], connect_timeout=2).close()' \
        "$PG_TEST_URL" >/dev/null 2>&1; then
    pg_paths=()
    for d in tests/services tests/selectors tests/commands; do [[ -d $d ]] && pg_paths+=("$d"); done
    if [[ ${#pg_paths[@]} -eq 0 ]]; then
        summary+=("PostgreSQL: OK, no tests written yet (tests/services, tests/selectors, tests/commands missing)")
    else
        run_pass PostgreSQL "$PG_TEST_URL" "" "${pg_paths[@]}"
    fi
elif [[ ${CI:-} == true ]]; then
    echo "ERROR: PostgreSQL not reachable at $PG_TEST_URL; CI needs the PostgreSQL pass." >&2
    summary+=("PostgreSQL: FAILED (not reachable at $PG_TEST_URL)")
    failed=1
else
    echo "PostgreSQL not reachable at $PG_TEST_URL: the PostgreSQL pass is skipped"
    summary+=("PostgreSQL: SKIPPED (not reachable at $PG_TEST_URL)")
fi

echo
echo "=== Test summary (hypothesis profile: $HYPOTHESIS_PROFILE) ==="
printf '  %s\n' "${summary[@]}"
if [[ $failed -ne 0 ]]; then
    echo "RESULT: FAILED"
    exit 1
fi
echo "RESULT: PASSED"
