#!/usr/bin/env bash
# Every test, as `make test` runs it beside a throwaway PostgreSQL cluster (scripts/with-postgres.sh):
# the Swift suites on SQLite, the store and API suites again on PostgreSQL, then the browser and
# several-node tests against real `notio serve` processes.
set -euo pipefail
: "${NOTIO_TEST_POSTGRES:?run me through scripts/with-postgres.sh}"
echo "== Swift tests on SQLite"
NOTIO_TEST_POSTGRES= swift test
echo "== store and API tests on PostgreSQL"
swift test --filter 'NotioStoreTests|NotioAppTests'
echo "== browser and several-node tests"
python3 -m pytest -q Tests/EndToEnd
