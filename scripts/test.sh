#!/usr/bin/env bash
# Every test, as `make test` runs it beside a throwaway PostgreSQL cluster (scripts/with-postgres.sh):
# the Swift suites on SQLite, the store suites and the API suites that reach more of the store again
# on PostgreSQL, then the browser tests against a real `notio serve` on SQLite and the several-node
# tests on PostgreSQL, and a check that PostgreSQL ran every place of the store's SQL that SQLite did.
#
# The phases run one after the other: run at once (NOTIO_TEST_LANES=1, Swift in one lane and the
# browser in the other) they overload two cores — a clean run on this 2-core machine took as long
# and timed out jobs and page loads. The browser tests run on two pytest-xdist workers, a file per
# worker at a time (a module's fixtures are made once), each worker with a server of its own. Each
# phase's output is kept in a log and printed whole when the phase ends, with its time; the run
# fails if any phase failed. NOTIO_TEST_BROWSER_WORKERS=0 runs the browser tests in one process.
set -euo pipefail
: "${NOTIO_TEST_POSTGRES:?run me through scripts/with-postgres.sh}"
logs=$(mktemp -d /tmp/notio-test-logs.XXXXXX)
# The API tests' JSON answers, for Tests/EndToEnd/test_openapi.py to check against the document.
answers=$logs/answers.jsonl
browser_workers=${NOTIO_TEST_BROWSER_WORKERS:-2}

# phase NAME COMMAND...: runs COMMAND with its output in $logs/NAME.log, prints it with its time,
# and records a failure in $logs/NAME.failed.
phase() {
  local name=$1; shift
  local start=$SECONDS status=0
  "$@" >"$logs/$name.log" 2>&1 || status=$?
  local seconds=$((SECONDS - start))
  {
    echo "== $name ($seconds s, exit $status)"
    cat "$logs/$name.log"
  } | flock "$logs/print.lock" cat
  echo "$name $seconds s exit $status" >>"$logs/times"
  [ "$status" -eq 0 ] || touch "$logs/$name.failed"
}

echo "== Python of the tests and scripts: no unused name, no undefined one (a test that reads a
# variable it never set, or sets one it never checks, is a test that cannot fail as written)"
python3 -m pyflakes Tests/EndToEnd scripts

# The Swift suites that run again on PostgreSQL: the store's own tests, MigrateTests (it moves a
# SQLite store onto PostgreSQL, so it runs only there), and the API suites that reach a place in
# the store's code running SQL (a call site) that the store's tests do not. That list is measured,
# not guessed: every phase traces the call sites each engine reached (NOTIO_SQL_TRACE), and the run
# fails at its end if the SQLite runs reached one no PostgreSQL run did, naming it — then add the
# suite that reaches it below, or better a store test. Running every API suite again there cost
# four minutes and reached nothing more.
postgres_suites='SentenceReviewTests|TimerAPITests|ReadingPagesTests|RouteAccessTests|ReadingStatsAPITests|CardAndWidgetTests|BackupReviewLogTests|NoteTitleTests|ImportsAPITests|ReadingAPITests|BackupGeneratedTests|StatisticsSumsTests|NotePagesTests|QuizzesAPITests|ExportTests|MigrateTests'
export NOTIO_SQL_TRACE=$logs/sql-trace
# Tesseract's OpenMP, loaded into the test process by the OCR suites, spins idle threads on cores
# the parallel tests need (the servers' workers set this for their children themselves).
export OMP_THREAD_LIMIT=1

swift_lane() {
  phase swift-sqlite env NOTIO_TEST_POSTGRES= NOTIO_RECORD_ANSWERS="$answers" swift test
  phase swift-postgres env NOTIO_RECORD_ANSWERS= swift test --filter "NotioStoreTests|NotioAppTests\.($postgres_suites)/"
}

# The browser tests run on SQLite only (test_nodes.py's several nodes share a PostgreSQL database):
# the store calls behind their pages are the API's, which the Swift phases run on both engines, and
# the SQL trace check below fails if a page reached a call site no PostgreSQL run did. Running the
# store-bound browser files again on PostgreSQL cost three minutes of every run and reached nothing
# more.
browser_lane() {
  local xdist=(-n "$browser_workers" --dist loadfile)
  [ "$browser_workers" -gt 0 ] || xdist=()
  # The OpenAPI check waits for the answers of every Swift phase.
  phase browser python3 -m pytest -q --durations=8 "${xdist[@]}" Tests/EndToEnd --ignore=Tests/EndToEnd/test_openapi.py
}

if [ "${NOTIO_TEST_LANES:-0}" != 1 ]; then
  swift_lane
  browser_lane
else
  swift_lane & swift_pid=$!
  browser_lane & browser_pid=$!
  wait "$swift_pid" || true
  wait "$browser_pid" || true
fi
phase openapi env NOTIO_RECORD_ANSWERS="$answers" python3 -m pytest -q Tests/EndToEnd/test_openapi.py

# Every call site of the store's SQL that a SQLite run reached, a PostgreSQL run reached too.
# Sites in the tests' own files are their checks, not the store's code; Migrate.swift's SQLite
# sites read the store a move to PostgreSQL copies from, which is SQLite by definition.
phase sql-trace python3 - "$NOTIO_SQL_TRACE" <<'PY'
import sys
reached = {"sqlite": {}, "postgres": {}}
for line in open(sys.argv[1], encoding="utf-8"):
    engine, site, words = (line.rstrip("\n").split("\t") + ["", ""])[:3]
    if engine not in reached or not site.startswith("NotioStore/"):
        continue
    if engine == "sqlite" and site.startswith("NotioStore/Migrate.swift:"):
        continue
    reached.setdefault(engine, {})[site] = words
missing = sorted(set(reached["sqlite"]) - set(reached["postgres"]))
print(f"{len(reached['sqlite'])} call sites reached on SQLite, {len(reached['postgres'])} on PostgreSQL")
for site in missing:
    print(f"only on SQLite: {site}  {reached['sqlite'][site]}")
if missing:
    sys.exit("add the suite that reaches these to postgres_suites in scripts/test.sh, or a store test")
PY

echo "== times"
cat "$logs/times"
failed=$(cd "$logs" && for f in *.failed; do [ -e "$f" ] && printf '%s ' "${f%.failed}"; done; true)
if [ -n "$failed" ]; then
  echo "FAILED: $failed(logs in $logs)"
  exit 1
fi
rm -rf "$logs"
