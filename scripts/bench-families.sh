#!/usr/bin/env bash
# make bench, 노트 on the document families (slides, FAQ, law, bill, manual; Tests/Fixtures/families):
# per document and per family, the title, section recall, whole headings, keywords and the questions
# each level gives for 30 asked, by `notio measure study` (the server's own extraction and analysis);
# the held-out part apart. A document that fails to be read stops the bench.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
source scripts/bench-lib.sh
scripts/fetch-test-pdfs.sh > /dev/null
echo
echo "== 노트 document families (notio measure study, 30 asked per level)"
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
python3 scripts/bench-families.py "$BIN" .cache/families --summary "$figures"
while IFS='|' read -r name value op target unit; do
  summary "$name" "$value" "$op" "$target" "$unit"
done < "$figures"
