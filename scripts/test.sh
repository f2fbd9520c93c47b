#!/usr/bin/env bash
# Every test, as `make test` runs it beside a throwaway PostgreSQL cluster (scripts/with-postgres.sh):
# the Swift suites on SQLite, the store and API suites again on PostgreSQL, then the browser tests
# against a real `notio serve` on each engine, and the several-node tests.
set -euo pipefail
: "${NOTIO_TEST_POSTGRES:?run me through scripts/with-postgres.sh}"
echo "== Python of the tests and scripts: no unused name, no undefined one (a test that reads a
# variable it never set, or sets one it never checks, is a test that cannot fail as written)"
python3 -m pyflakes Tests/EndToEnd scripts
echo "== Swift tests on SQLite"
# The API tests' JSON answers, for Tests/EndToEnd/test_openapi.py to check against the document.
answers=$(mktemp -d)/answers.jsonl
export NOTIO_RECORD_ANSWERS=$answers
NOTIO_TEST_POSTGRES= swift test
echo "== store and API tests on PostgreSQL"
NOTIO_RECORD_ANSWERS= swift test --filter 'NotioStoreTests|NotioAppTests'
echo "== browser tests on SQLite, several-node tests on PostgreSQL"
python3 -m pytest -q Tests/EndToEnd
echo "== browser tests on PostgreSQL"
NOTIO_E2E_ENGINE=postgres python3 -m pytest -q Tests/EndToEnd --ignore=Tests/EndToEnd/test_nodes.py --ignore=Tests/EndToEnd/test_openapi.py
rm -f "$answers"
