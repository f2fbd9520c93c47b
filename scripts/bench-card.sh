#!/usr/bin/env bash
# make bench, 카드: image cards of sentences drawn by the worker (pango + cairo, libpng), from a
# 12 MP phone photo and from a preset, against the 250 ms target.
# Knobs: BENCH_CARD_COUNT (warm cards per kind, default 20); NOTIO_WORKER overrides the worker.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
WORKER=${NOTIO_WORKER:-$(dirname "$BIN")/notio-worker}
COUNT=${BENCH_CARD_COUNT:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ -x "$WORKER" ] || make release

echo
echo "== 카드: image card PNGs (1080x1350 unless said), $COUNT warm cards per kind, one worker process"
# A phone's portrait photo: 4032 x 3024 stored lying down with EXIF orientation 6.
"$WORKER" test-photo 4032 3024 "$work/photo.jpg" 6
content='{"text":"책은 도끼다. 우리 안의 얼어붙은 바다를 깨뜨리는 도끼여야 한다. 우리가 읽는 책이 우리 머리를 주먹으로 한 대 쳐서 우리를 깨우지 않는다면, 도대체 왜 우리가 그 책을 읽는단 말인가?","title":"변신","author":"프란츠 카프카","page":123}'
photo_bytes=$(stat -c %s "$work/photo.jpg")

# "label|options|background": the first line of each run is the cold card (a new process:
# fontconfig, fonts), the others are warm, as in the server's OCR pool.
runs=(
  "photo 12 MP, portrait|{\"size\":\"portrait\",\"background\":\"photo\",\"dim\":0.4}|$work/photo.jpg"
  "photo 12 MP, story 1080x1920|{\"size\":\"story\",\"background\":\"photo\",\"dim\":0.4}|$work/photo.jpg"
  "preset gradient, portrait|{\"size\":\"portrait\",\"background\":\"dusk\"}|"
  "widget 400x400, preset|{\"size\":\"widget\",\"width\":400,\"height\":400,\"background\":\"paper\"}|"
)
printf '%-30s %9s %9s %9s %9s %9s %9s\n' "" "cold ms" "p50 ms" "p95 ms" "p50 cpu" "ratio" "PNG KB"
for run in "${runs[@]}"; do
  IFS='|' read -r label options background <<<"$run"
  args=(card --repeat $((COUNT + 1)) "$content" "$options")
  [ -n "$background" ] && args+=("$background")
  if ! "$WORKER" "${args[@]}" "$work/card.png" > "$work/times.jsonl" 2> "$work/err.txt"; then
    echo "$label: failed ($(head -c 300 "$work/times.jsonl" "$work/err.txt"))"
    continue
  fi
  python3 - "$label" "$work/times.jsonl" "$(stat -c %s "$work/card.png")" <<'PY'
import json, sys
label, path, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = [json.loads(l) for l in open(path)]
cold, warm = lines[0], lines[1:]
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]
ms = [l["ms"] for l in warm]; cpu = [l["cpuMs"] for l in warm]
print(f"{label:30s} {cold['ms']:9.0f} {pct(ms, 50):9.0f} {pct(ms, 95):9.0f} {pct(cpu, 50):9.0f} {pct(ms, 50) / 250:9.2f} {size / 1000:9.0f}")
PY
done
echo "photo: $((photo_bytes / 1000)) KB JPEG, 4032x3024, EXIF orientation 6; ratio = warm p50 / 250 ms"
echo "target: a card 1080x1350 from a 12 MP JPEG background <= 250 ms (ratio <= 1.00); cpu = the worker thread's CPU time"
