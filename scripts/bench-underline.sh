#!/usr/bin/env bash
# make bench, 밑줄: OCR of underlined spans on generated book pages vs the tesseract CLI.
# Knobs: BENCH_UNDERLINE_PAGES (pages per variant, default 8), BENCH_UNDERLINE_SEED (default 1),
# BENCH_UNDERLINE_KEEP=DIR keeps the images, answers and timings there; NOTIO_WORKER overrides
# the worker binary.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
WORKER=${NOTIO_WORKER:-$(dirname "$BIN")/notio-worker}
PAGES_BIN=$(dirname "$BIN")/notio-testpages
PAGES=${BENCH_UNDERLINE_PAGES:-8}
SEED=${BENCH_UNDERLINE_SEED:-1}
if [ -n "${BENCH_UNDERLINE_KEEP:-}" ]; then
  work=$BENCH_UNDERLINE_KEEP
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

[ -x "$PAGES_BIN" ] || swift build -c release --product notio-testpages
[ -x "$WORKER" ] || swift build -c release --product notio-worker

echo
echo "== 밑줄: underlined span OCR on generated pages ($PAGES pages x 8 variants, seed $SEED) vs the tesseract CLI"
"$PAGES_BIN" generate --out "$work/set" --seed "$SEED" --count "$PAGES"
if ! "$PAGES_BIN" verify "$work/set" > "$work/verify.txt"; then
  head -20 "$work/verify.txt"
  echo "the generated set failed its checks; skipped"
  exit 0
fi
tail -1 "$work/verify.txt"
list=$work/set/underline-batch.txt

# Ours: one worker process, one warm engine for the whole list.
batch_start=$(date +%s%N)
if ! "$WORKER" underline-batch "$list" > "$work/answers.jsonl" 2> "$work/worker.err"; then
  echo "notio-worker underline-batch failed; skipped ($(head -c 300 "$work/worker.err"))"
  exit 0
fi
batch_ms=$(( ($(date +%s%N) - batch_start) / 1000000 ))

# Reference: a tesseract process per image with the script model the server reads with; its time
# includes loading the model, as it would for anyone calling the CLI per photo.
lang=Hangul
tesseract --list-langs 2>/dev/null | grep -qx 'script/Hangul' && lang=script/Hangul
while IFS=$'\t' read -r image _; do
  start=$(date +%s%N)
  OMP_THREAD_LIMIT=1 tesseract "$image" - -l "$lang" --psm 6 > /dev/null 2>&1 || true
  printf '%s\t%s\n' "$image" "$(( ($(date +%s%N) - start) / 1000000 ))"
done < "$list" > "$work/cli-ms.tsv"

python3 scripts/score_underline.py "$work/set" "$work/answers.jsonl" "$work/cli-ms.tsv" --batch-ms "$batch_ms" --misses 5
echo "ours ms: warm recognition + selection per image as the worker reports it; CLI ms: OMP_THREAD_LIMIT=1 tesseract IMG - -l $lang --psm 6, one process per image (includes model loading)"
