#!/usr/bin/env bash
# Every test, as `make test` runs it beside a throwaway PostgreSQL cluster (scripts/with-postgres.sh):
# the Swift suites on SQLite, the store and API suites again on PostgreSQL, then the browser tests
# against a real `notio serve` on SQLite, those that depend on the store again on PostgreSQL, and
# the several-node tests.
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

# Suites the PostgreSQL phase leaves out: nothing in them depends on the engine.
engine_free_suites='OCRAPITests|LocalizationCatalogTests|ViewRenderingTests|QuizPagesRenderingTests|SecurityHeadersTests|ShortDateTests|PathsTests|HandWrittenJSONTests|JSONTests|ConfigurationTests'

swift_lane() {
  phase swift-sqlite env NOTIO_TEST_POSTGRES= NOTIO_RECORD_ANSWERS="$answers" swift test
  # Again on PostgreSQL: the store and the API, less the suites no engine changes (the reading of
  # photos by tesseract, the language catalog, rendering, headers, paths, JSON, configuration).
  phase swift-postgres env NOTIO_RECORD_ANSWERS= swift test --filter 'NotioStoreTests|NotioAppTests' --skip "$engine_free_suites"
}

# Browser tests whose pages read and write what the store keeps, run again on PostgreSQL. The
# others check what no engine changes — layout at 360 px and accessibility, headers and CSP, the
# analysis of the corpus, the timer's and cards' scripts — over store calls the Swift suites already
# run on PostgreSQL; repeating them there cost four minutes of every run and found nothing.
engine_bound=(test_accounts.py test_backup.py test_lists.py test_notes.py test_quiz.py test_reading.py test_review_sentences.py)

browser_lane() {
  local xdist=(-n "$browser_workers" --dist loadfile)
  [ "$browser_workers" -gt 0 ] || xdist=()
  # Browser tests on SQLite, several-node tests on PostgreSQL; the OpenAPI check waits for the answers.
  phase browser-sqlite python3 -m pytest -q --durations=8 "${xdist[@]}" Tests/EndToEnd --ignore=Tests/EndToEnd/test_openapi.py
  phase browser-postgres env NOTIO_E2E_ENGINE=postgres python3 -m pytest -q --durations=8 "${xdist[@]}" \
    "${engine_bound[@]/#/Tests/EndToEnd/}"
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

echo "== times"
cat "$logs/times"
failed=$(cd "$logs" && for f in *.failed; do [ -e "$f" ] && printf '%s ' "${f%.failed}"; done; true)
if [ -n "$failed" ]; then
  echo "FAILED: $failed(logs in $logs)"
  exit 1
fi
rm -rf "$logs"
