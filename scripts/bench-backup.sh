#!/usr/bin/env bash
# make bench, backup: export and restore of an account at its sentence limit (100,000 with the
# demo's own) and 10,000 reading sessions with `notio backup` / `notio restore`, against
# `sqlite3 DB .dump` of the same database in the same run, each with its peak RSS; a restore just
# under the limit, and one over it, which must be refused (and is not timed); and the server's
# peak RSS while it takes a 200 MB restore body. Every timed restore must succeed and leave the
# account with the document's sentences, or the bench stops.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
source scripts/bench-lib.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A data folder with the demo account, then the big library added to it.
export NOTIO_SEED_DEMO=true
start_notio "$work/data"
kill $server_pid; wait $server_pid 2>/dev/null || true
db="$work/data/notio.sqlite3"
limit=$("$BIN" config | awk -F= '$1 == "NOTIO_MAX_SENTENCES_PER_ACCOUNT" {print $2}')
owner_sentences() { sqlite3 "$1" "SELECT count(*) FROM sentences WHERE owner_id = (SELECT id FROM users WHERE email = 'study@notio.io')"; }
# The demo's own sentences and the bench's together fill the account exactly to its limit.
added=$(( limit - $(owner_sentences "$db") ))
sqlite3 "$db" <<SQL
.timeout 5000
BEGIN;
CREATE TEMP TABLE owner AS SELECT id AS uid FROM users WHERE email = 'study@notio.io';
CREATE TEMP TABLE shelf AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM books WHERE owner_id = (SELECT uid FROM owner);
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $added)
INSERT INTO sentences (id, owner_id, book_id, text, page, emotion, memo, created_at, updated_at)
SELECT 'bench-t' || i, uid, (SELECT id FROM shelf WHERE n = i % 8), '벤치마크를 위한 꽤 긴 한국어 문장입니다. 번호는 ' || i || '이고, 책 속 어딘가에 밑줄이 그어져 있었습니다.',
       i % 400, CASE i % 3 WHEN 0 THEN 'calm' WHEN 1 THEN 'joy' ELSE NULL END, CASE i % 5 WHEN 0 THEN '메모 ' || i ELSE NULL END,
       1700000000000 + i * 60000, 1700000000000 + i * 60000 FROM k, owner;
INSERT INTO sentence_search (sentence_id, body) SELECT id, text FROM sentences WHERE id LIKE 'bench-t%';
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 10000)
INSERT INTO reading_sessions (id, owner_id, book_id, started_at, ended_at, seconds)
SELECT 'bench-s' || i, uid, (SELECT id FROM shelf WHERE n = i % 8), 1700000000000 + i * 3600000, 1700000000000 + i * 3600000 + 1800000, 1800 FROM k, owner;
COMMIT;
SQL
[ "$(owner_sentences "$db")" = "$limit" ] || bench_fail "filling the account to its limit of $limit sentences (it holds $(owner_sentences "$db"))"
echo
echo "== backup: $(sqlite3 "$db" "SELECT count(*) FROM sentences") sentences (the account at its limit of $limit), $(sqlite3 "$db" "SELECT count(*) FROM reading_sessions") sessions"

# restore NAME DATA-DIR FILE MODE [SENTENCES] → a timed restore (NAME_ms, NAME_mb) that must
# succeed and leave the account with SENTENCES sentences (the limit by default).
restore() {
  timed "$1" /dev/null "$BIN" restore --data-dir "$2" --user study@notio.io --input "$3" --mode "$4"
  local held
  held=$(owner_sentences "$2/notio.sqlite3")
  [ "$held" = "${5:-$limit}" ] || bench_fail "$1: the restore ended with $held sentences, not ${5:-$limit}"
}
# document FILE SENTENCES → the backup document with its sentences cut or copied (under new
# ids) to SENTENCES in all.
document() {
  python3 - "$work/backup.json" "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
want, have = int(sys.argv[3]), doc["sentences"]
doc["sentences"] = have[:want] + [dict(have[i % len(have)], id=f"more-{i}", fingerprint=None) for i in range(want - len(have))]
json.dump(doc, open(sys.argv[2], "w"), ensure_ascii=False)
PY
}

timed dump "$work/dump.sql" sqlite3 "$db" .dump
timed export "$work/backup.json" "$BIN" backup --data-dir "$work/data" --user study@notio.io
restore restore "$work/data" "$work/backup.json" replace
restore merge "$work/data" "$work/backup.json" merge
# A new server's data folder (its own demo account, the same email): nothing to keep, all to write.
start_notio "$work/fresh"
kill $server_pid; wait $server_pid 2>/dev/null || true
restore fresh "$work/fresh" "$work/backup.json" replace
document "$work/under.json" $(( limit - 1 ))
restore under "$work/fresh" "$work/under.json" replace $(( limit - 1 ))
# One sentence over the limit: refused, and so not timed (its time would be the refusal's).
document "$work/over.json" $(( limit + 1 ))
over_status=0
"$BIN" restore --data-dir "$work/fresh" --user study@notio.io --input "$work/over.json" --mode replace > /dev/null 2> "$work/over.err" || over_status=$?
[ "$over_status" != 0 ] || bench_fail "a restore of $(( limit + 1 )) sentences was accepted over the limit of $limit"
over_message=$(tail -1 "$work/over.err")
[ "$(owner_sentences "$work/fresh/notio.sqlite3")" = $(( limit - 1 )) ] || bench_fail "the refused restore changed the account"
size_mb=$(( $(stat -c %s "$work/backup.json") / 1048576 ))

# The server taking a 200 MB body: the document's library six times over under new ids, its last
# sentence naming a book that is not there, so the whole body is read and checked, then refused.
python3 - "$work/backup.json" "$work/big.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
sentences = doc.pop("sentences")
with open(sys.argv[2], "w") as out:
    out.write(json.dumps(doc)[:-1] + ',"sentences":[')
    first, copies = True, 0
    while out.tell() < 200 << 20:
        for s in sentences:
            s = dict(s, id=f"{s['id']}-big{copies}", fingerprint=None)
            out.write(("" if first else ",") + json.dumps(s, ensure_ascii=False))
            first = False
        copies += 1
    out.write(',' + json.dumps(dict(sentences[0], id="last", bookId="no-such-book")) + ']}')
PY
big_mb=$(( $(stat -c %s "$work/big.json") / 1048576 ))
# Refused for the book its last sentence names, and for nothing else: the whole body was read.
big_refusal=no-such-book
timed --refused "$big_refusal" bigcli /dev/null "$BIN" restore --data-dir "$work/data" --user study@notio.io --input "$work/big.json" --mode merge --dry-run
start_notio "$work/data"
curl -s -D "$work/login.h" -o "$work/login.json" -H 'Content-Type: application/json' \
  -d '{"email":"study@notio.io","password":"password"}' "http://127.0.0.1:$port/api/v1/auth/login"
cookie=$(awk -F'[ ;]' 'tolower($1)=="set-cookie:" {print $2}' "$work/login.h" | tr -d '\r' | paste -sd ';' -)
csrf=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("csrfToken",""))' "$work/login.json")
before_mb=$(( $(awk '/VmHWM/ {print $2}' /proc/$server_pid/status) / 1024 ))
big_start=$(date +%s%N)
big_status=$(curl -s -o "$work/big.out" -w '%{http_code}' -H "Cookie: $cookie" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
  --data-binary @"$work/big.json" "http://127.0.0.1:$port/api/v1/restore?mode=merge&dryRun=true")
big_ms=$(( ($(date +%s%N) - big_start) / 1000000 ))
[ "$big_status" = 422 ] && grep -qF "$big_refusal" "$work/big.out" \
  || bench_fail "POST /api/v1/restore of the ${big_mb:-200} MB body was to be refused (422, $big_refusal): HTTP $big_status $(head -c 300 "$work/big.out")"
after_mb=$(( $(awk '/VmHWM/ {print $2}' /proc/$server_pid/status) / 1024 ))
kill $server_pid; wait $server_pid 2>/dev/null || true

echo "  sqlite3 .dump (whole database)        ${dump_ms} ms   peak ${dump_mb} MB"
echo "  notio backup (JSON, ${size_mb} MB)        ${export_ms} ms   peak ${export_mb} MB   $(ratio "$export_ms" "$dump_ms")× the dump"
echo "  notio restore --mode replace          ${restore_ms} ms   peak ${restore_mb} MB   $(ratio "$restore_ms" "$dump_ms")× the dump (same data folder)"
echo "  notio restore --mode replace (new)    ${fresh_ms} ms   peak ${fresh_mb} MB   $(ratio "$fresh_ms" "$dump_ms")× the dump (a new server's data folder)"
echo "  notio restore --mode merge            ${merge_ms} ms   peak ${merge_mb} MB   $(ratio "$merge_ms" "$dump_ms")× the dump (nothing new to add)"
echo "  $(printf '%-38s' "notio restore, $(( limit - 1 )) sentences")${under_ms} ms   peak ${under_mb} MB   $(ratio "$under_ms" "$dump_ms")× the dump (just under the limit, the new server's folder)"
echo "  $(printf '%-38s' "notio restore, $(( limit + 1 )) sentences")refused, as it must be (not timed): ${over_message}"
echo "  notio restore of the ${big_mb} MB document  ${bigcli_ms} ms   peak ${bigcli_mb} MB (refused at its last row, after reading it all)"
echo "  POST /api/v1/restore, ${big_mb} MB body    ${big_ms} ms   HTTP ${big_status}   server peak RSS ${before_mb} MB before, ${after_mb} MB after"
echo "target: export and restore (replace) ≤ 3× sqlite3 .dump with peak RSS ≤ 64 MB; a 200 MB body adds no more than fixed buffers"
summary "backup export vs sqlite3 .dump (time ratio)" "$(ratio "$export_ms" "$dump_ms")" "<=" 3 x
summary "restore replace at the limit vs .dump" "$(ratio "$restore_ms" "$dump_ms")" "<=" 3 x
summary "restore replace, new folder, vs .dump" "$(ratio "$fresh_ms" "$dump_ms")" "<=" 3 x
summary "restore peak RSS (largest of the four)" "$(printf '%s\n' "$restore_mb" "$fresh_mb" "$merge_mb" "$under_mb" | sort -n | tail -1)" "<=" 64 MB
