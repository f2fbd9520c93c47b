#!/usr/bin/env bash
# make bench, 밑줄: reading statistics and the year heatmap over 10 years of daily sessions,
# through HTTP.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
source scripts/bench-lib.sh
work=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null || true; rm -rf "$work"' EXIT
start_notio "$work/data"

# One session a day for 3,650 days and a sentence every other day, on the demo account's books.
sqlite3 "$work/data/notio.sqlite3" <<'SQL'
.timeout 5000
BEGIN;
CREATE TEMP TABLE owner AS SELECT id AS uid FROM users WHERE email = 'study@notio.io';
CREATE TEMP TABLE shelf AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM books WHERE owner_id = (SELECT uid FROM owner);
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 3650)
INSERT INTO reading_sessions (id, owner_id, book_id, started_at, ended_at, seconds)
SELECT 'bench-s' || i, uid, (SELECT id FROM shelf WHERE n = i % (SELECT count(*) FROM shelf)),
       CAST(strftime('%s','now') AS INTEGER) * 1000 - i * 86400000,
       CAST(strftime('%s','now') AS INTEGER) * 1000 - i * 86400000 + 1800000, 600 + (i % 7) * 300 FROM k, owner;
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 1825)
INSERT INTO sentences (id, owner_id, book_id, text, created_at, updated_at)
SELECT 'bench-t' || i, uid, (SELECT id FROM shelf WHERE n = i % (SELECT count(*) FROM shelf)), '벤치 문장 ' || i,
       CAST(strftime('%s','now') AS INTEGER) * 1000 - i * 172800000, CAST(strftime('%s','now') AS INTEGER) * 1000 - i * 172800000 FROM k, owner;
COMMIT;
SQL
# Rows written beside the server: the statistics' per-day sums are made again from them.
"$BIN" rebuild-stats --data-dir "$work/data"
# The rows went in beside the server, through the WAL: fold it back into the database as a server
# that has been running would have, or every read looks its pages up in ~10 MB of WAL.
sqlite3 "$work/data/notio.sqlite3" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
count=$(sqlite3 "$work/data/notio.sqlite3" "SELECT count(*) FROM reading_sessions")
cookie=$(demo_cookie)
echo
echo "== 밑줄: statistics with $count reading sessions (10 years, daily)"
# p99 through HTTP with one connection and with 16 (2 server threads: p99 includes queueing).
for path in "/api/v1/stats/reading?period=year" "/api/v1/stats/reading?period=month" "/api/v1/stats/heatmap" "/reading/stats"; do
  for c in 1 16; do
    read -r rps p50 p99 bad <<<"$(WRK_THREADS=1 WRK_CONNS=$c DURATION=5s run_wrk -H "Cookie: $cookie" "http://127.0.0.1:$port$path")"
    printf '  %-36s %2s connection(s): %8s req/s  p50 %7s ms  p99 %7s ms%s\n' "$path" "$c" "$rps" "$p50" "$p99" \
      "$([ "$bad" = 0 ] || echo "  ($bad non-2xx)")"
    [ "$c" = 16 ] || continue
    case $path in
      *period=year) summary "year statistics p99, 16 connections" "$p99" "<=" 20 ms ;;
      *period=month) summary "month statistics p99, 16 connections" "$p99" "<=" 20 ms ;;
      *heatmap) summary "heatmap p99, 16 connections" "$p99" "<=" 20 ms ;;
    esac
  done
done
echo "target: p99 <= 20 ms through HTTP for the year, month and heatmap API (the page /reading/stats draws a period and the heatmap: no target of its own)"
