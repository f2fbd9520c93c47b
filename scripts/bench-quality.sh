#!/usr/bin/env bash
# make bench, 노트 quality on the judged corpus (issue 13): a notio on 127.0.0.1 with a fresh data
# folder, an account made through the API, every corpus PDF uploaded, quizzes at 하/중/상, and the
# checks of Tests/EndToEnd/corpus_quality.py printed per document and level (scripts/bench-quality.py).
# QUALITY_ARGS passes more options (e.g. "--quizzes 1", "--json report.json", "--sample 20 --sample-out F").
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
source scripts/bench-lib.sh
scripts/fetch-test-pdfs.sh > /dev/null

# Kiwi judges the terms: installed by scripts/deps.sh; else a venv of its own under .cache.
python=python3
if ! python3 -c 'import kiwipiepy, kiwipiepy_model' 2>/dev/null; then
  if [ ! -x .cache/kiwi-venv/bin/python ] || ! .cache/kiwi-venv/bin/python -c 'import kiwipiepy, kiwipiepy_model' 2>/dev/null; then
    python3 -m venv .cache/kiwi-venv
    .cache/kiwi-venv/bin/pip install -q kiwipiepy kiwipiepy_model
  fi
  python=.cache/kiwi-venv/bin/python
fi

work=$(mktemp -d)
port=$(free_port)
NOTIO_SIGNUPS_PER_HOUR=1000 "$BIN" serve --host 127.0.0.1 --port "$port" --data-dir "$work/data" > "$work/notio.log" 2>&1 &
server_pid=$!
trap 'kill $server_pid 2>/dev/null || true; wait $server_pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 200); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.05; done
# shellcheck disable=SC2086
"$python" scripts/bench-quality.py "http://127.0.0.1:$port" ${QUALITY_ARGS:-}
