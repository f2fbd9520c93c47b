#!/usr/bin/env bash
# make bench, 노트: the study statistics endpoint with 10,000 attempts, through HTTP.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
source scripts/bench-lib.sh
work=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null || true; rm -rf "$work"' EXIT
start_notio "$work/data"

# 10,000 attempts over the last 10,000 hours on the demo account's first note.
sqlite3 "$work/data/notio.sqlite3" <<'SQL'
.timeout 5000
BEGIN;
CREATE TEMP TABLE owner AS SELECT u.id AS uid, (SELECT n.id FROM notes n WHERE n.owner_id = u.id LIMIT 1) AS nid FROM users u WHERE u.email = 'study@notio.io';
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 10000)
INSERT INTO quizzes (id, owner_id, note_id, difficulty, origin, created_at)
SELECT 'bench-q' || i, uid, nid, 'easy', 'new', CAST(strftime('%s','now') AS INTEGER) * 1000 - i * 3600000 FROM k, owner;
INSERT INTO attempts (id, owner_id, quiz_id, note_id, correct_count, total, created_at)
SELECT 'bench-a' || substr(id, 8), owner_id, id, note_id, abs(random()) % 6, 5, created_at FROM quizzes WHERE id LIKE 'bench-q%';
COMMIT;
SQL
# Rows written beside the server: the statistics' per-day sums are made again from them.
"$BIN" rebuild-stats --data-dir "$work/data"
# The rows went in beside the server, through the WAL: fold it back into the database as a server
# that has been running would have, or every read looks its pages up in ~10 MB of WAL.
sqlite3 "$work/data/notio.sqlite3" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
count=$(sqlite3 "$work/data/notio.sqlite3" "SELECT count(*) FROM attempts")
cookie=$(demo_cookie)
echo
echo "== 노트: GET /api/v1/stats/study with $count attempts"
for c in 1 16; do
  read -r rps p50 p99 bad <<<"$(WRK_THREADS=1 WRK_CONNS=$c DURATION=10s run_wrk -H "Cookie: $cookie" "http://127.0.0.1:$port/api/v1/stats/study")"
  printf '  %2s connection(s): %8s req/s  p50 %7s ms  p99 %7s ms%s\n' "$c" "$rps" "$p50" "$p99" "$([ "$bad" = 0 ] || echo "  ($bad non-2xx)")"
done
summary "study statistics p99, 16 connections" "$p99" "<=" 20 ms
echo "target: p99 <= 20 ms (with 16 connections on 2 server threads, p99 includes queueing behind other requests)"
