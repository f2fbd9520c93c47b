#!/usr/bin/env bash
# make bench, Korean morphemes: MeCab with mecab-ko-dic in notio-worker (load, memory, speed), then
# a whole book tagged the way the server asks for it (worker children, the answer rebuilt).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
source scripts/bench-lib.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { python3 -c "import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$1" "$2"; }

echo
echo "== Korean morphemes (MeCab 0.996 + mecab-ko-dic in notio-worker), lshort-ko.pdf"
pdftotext .cache/pdfs/lshort-ko.pdf "$work/lshort.txt"
local_figures=$("$(dirname "$BIN")/notio-worker" tag-korean .cache/mecab-ko-dic "$work/lshort.txt")
echo "in the worker: $local_figures"
through=$("$BIN" measure tag .cache/pdfs/lshort-ko.pdf)
echo "as the server asks (worker children, answer rebuilt): $through"
tag=$(field "$through" tagMs)
extract=$(field "$("$BIN" measure ingest .cache/pdfs/lshort-ko.pdf)" extractMs)
echo "tagging vs the PDF's extraction: $tag ms / $extract ms = $(ratio "$tag" "$extract")"
summary "Korean tagging, dictionary load" "$(field "$local_figures" loadMs)" "<=" 50 ms
# The whole offline analysis must stay under the extraction's time (issue 27): tagging may take half.
summary "Korean tagging vs PDF extraction, lshort-ko (time ratio)" "$(ratio "$tag" "$extract")" "<=" 0.50 x
