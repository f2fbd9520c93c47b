#!/usr/bin/env bash
# `make bench`: figures and ratios against references measured in the same run.
# HTTP: notio vs nginx serving a static file of the same size, wrk -t2 -c64 -d10s, in interleaved
# rounds (BENCH_ROUNDS, 3) whose median and range are printed. Any operation that fails stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${NOTIO_BIN:-.build/release/notio}
DURATION=${BENCH_DURATION:-10s}
work=$(mktemp -d)
# Every part adds its figures beside their targets here (scripts/bench-lib.sh `summary`).
export BENCH_SUMMARY=$work/summary
: > "$BENCH_SUMMARY"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

source scripts/bench-lib.sh

echo "== HTTP (wrk -t2 -c64 -d$DURATION; client and server share the machine's 2 cores)"

# Cold start: exec → first 200 from /healthz.
cold_start() {
  python3 - "$BIN" "$(free_port)" "$work/cold" <<'PY'
import subprocess, sys, time, urllib.request
binary, port, data = sys.argv[1], sys.argv[2], sys.argv[3]
t0 = time.perf_counter()
p = subprocess.Popen([binary, "serve", "--port", port, "--data-dir", data], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while True:
    try:
        if urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).status == 200: break
    except Exception: time.sleep(0.002)
ms = (time.perf_counter() - t0) * 1000
p.terminate(); p.wait()
print(f"{ms:.0f}")
PY
}
cold_first=$(cold_start); cold_again=$(cold_start)
echo "cold start (first run: creates the database; no demo account without --seed-demo): $cold_first ms (target <= 300 ms)"
echo "cold start (existing data folder): $cold_again ms (target <= 300 ms)"
summary "cold start, new data folder" "$cold_first" "<=" 300 ms
summary "cold start, existing data folder" "$cold_again" "<=" 300 ms

# The server under test, request log to a file as in production.
port=$(free_port)
"${RT[@]}" "$BIN" serve --port "$port" --data-dir "$work/data" --seed-demo > "$work/notio.log" 2>&1 &
pids+=($!)
notio_pid=$!
for _ in $(seq 200); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.05; done
# Sign in once; the benchmark reuses the session cookie.
cookie=$(demo_cookie)

# Idle RSS: resident pages of the server (shared library pages it touched included, as
# VmRSS counts them) a second after start-up and a few requests: a sign-in, /api/v1/me, the
# home list, a statistics page.
for path in /api/v1/me /api/v1/notes /api/v1/stats/heatmap /; do curl -s -o /dev/null -H "Cookie: $cookie" "http://127.0.0.1:$port$path"; done
sleep 1
rss=$(awk '/VmRSS/ {print $2}' /proc/$notio_pid/status)
pss=$(awk '/^Pss:/ {print $2}' /proc/$notio_pid/smaps_rollup 2>/dev/null || echo 0)
rss_mb=$(python3 -c "print(f'{$rss/1024:.1f}')")
echo "idle RSS after start-up and a few requests: $rss_mb MB (target <= 40 MB; PSS $((pss / 1024)) MB)"
summary "idle RSS (start-up + a few requests)" "$rss_mb" "<=" 40 MB

# nginx serving a file of the same size as each answer.
health_body=$(curl -s "http://127.0.0.1:$port/healthz")
me_body=$(curl -s -H "Cookie: $cookie" "http://127.0.0.1:$port/api/v1/me")
# A folder of its own that nginx's workers can read: started by root, they run as nobody, and
# the 0700 folder of mktemp answered every request with 403, so the reference was nginx's error
# page rather than the file.
www=$(mktemp -d)
chmod 755 "$www"
printf '%s' "$health_body" > "$www/health.json"
printf '%s' "$me_body" > "$www/me.json"
chmod 644 "$www"/*.json
nport=$(free_port)
cat > "$work/nginx.conf" <<NGINX
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$nport;
    root $www;
    location / { default_type application/json; }
  }
}
NGINX
"${RT[@]}" nginx -c "$work/nginx.conf" -p "$work" 2>/dev/null
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$nport/health.json" >/dev/null && break; sleep 0.05; done
trap 'kill $(cat "$work/nginx.pid" 2>/dev/null) 2>/dev/null || true; rm -rf "$www"; cleanup' EXIT
if ! cmp -s <(curl -fs "http://127.0.0.1:$nport/me.json") "$www/me.json"; then
  echo "nginx does not serve the reference files ($(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$nport/me.json")); the HTTP ratios would be meaningless" >&2
  exit 1
fi

# Three rounds, each running every figure once, nginx just before the notio figure it is the
# reference of: a machine busy for a moment slows one round of both sides rather than one side.
# The load average before each round says how busy the machine was.
ROUNDS=${BENCH_ROUNDS:-3}
export HTTP_ROUNDS=$work/rounds
mkdir -p "$HTTP_ROUNDS"
for round in $(seq "$ROUNDS"); do
  echo "round $round of $ROUNDS: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  http_round nginx-healthz "http://127.0.0.1:$nport/health.json"
  http_round healthz "http://127.0.0.1:$port/healthz"
  http_round nginx-me "http://127.0.0.1:$nport/me.json"
  http_round me -H "Cookie: $cookie" "http://127.0.0.1:$port/api/v1/me"
  # The home list (the demo account's notes), against /healthz on the same server.
  http_round notes -H "Cookie: $cookie" "http://127.0.0.1:$port/api/v1/notes"
done
read -r n_rps n_rps_spread n_p50 n_p99 n_p99_spread _ _ <<<"$(http_figures nginx-healthz)"
read -r h_rps h_rps_spread h_p50 h_p99 h_p99_spread h_ratio h_ratio_spread <<<"$(http_figures healthz nginx-healthz)"
read -r n2_rps n2_rps_spread n2_p50 n2_p99 n2_p99_spread _ _ <<<"$(http_figures nginx-me)"
read -r m_rps m_rps_spread m_p50 m_p99 m_p99_spread m_ratio m_ratio_spread <<<"$(http_figures me nginx-me)"
read -r l_rps l_rps_spread l_p50 l_p99 l_p99_spread l_ratio l_ratio_spread <<<"$(http_figures notes healthz)"

echo "median of $ROUNDS rounds, the rounds' range beside it; a ratio is the median of each round's own ratio"
row() { printf '%-36s %7s %-13s %7s %7s %-13s %5s %s\n' "$@"; }
row "" "req/s" "(range)" "p50 ms" "p99 ms" "(range)" "ratio" "(range)"
row "nginx static (healthz size)" "$n_rps" "$n_rps_spread" "$n_p50" "$n_p99" "$n_p99_spread" "1.00" ""
row "notio GET /healthz" "$h_rps" "$h_rps_spread" "$h_p50" "$h_p99" "$h_p99_spread" "$h_ratio" "$h_ratio_spread"
row "nginx static (me size)" "$n2_rps" "$n2_rps_spread" "$n2_p50" "$n2_p99" "$n2_p99_spread" "1.00" ""
row "notio GET /api/v1/me (signed in)" "$m_rps" "$m_rps_spread" "$m_p50" "$m_p99" "$m_p99_spread" "$m_ratio" "$m_ratio_spread"
row "notio GET /api/v1/notes (signed in)" "$l_rps" "$l_rps_spread" "$l_p50" "$l_p99" "$l_p99_spread" "$l_ratio" "$l_ratio_spread"
echo "targets: /healthz >= 0.80x nginx; /api/v1/me >= 0.80x nginx with p99 <= 10 ms; /api/v1/notes >= 0.35x notio's /healthz"
summary "/healthz vs nginx (req/s ratio, median)" "$h_ratio" ">=" 0.80 x
summary "/api/v1/me vs nginx (req/s ratio, median)" "$m_ratio" ">=" 0.80 x
summary "/api/v1/me p99 (median)" "$m_p99" "<=" 10 ms
summary "/api/v1/notes vs /healthz (req/s ratio, median)" "$l_ratio" ">=" 0.35 x

# BENCH_PARTS=scripts/bench-reading.sh (say) runs only those after the HTTP part; "none" skips them.
# A part that stops (an operation of it failed) stops the bench, with the part's own message.
for extra in ${BENCH_PARTS:-scripts/bench-*.sh}; do
  [ -x "$extra" ] || continue
  "$extra" || { echo "make bench: stopped by $extra" >&2; exit 1; }
done

echo
echo "== summary: each figure beside its target (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $([ "${BENCH_PRIORITY:-0}" = 1 ] && echo "servers, nginx and wrk at nice -20, BENCH_PRIORITY=1" || echo "normal priority"))"
cat "$BENCH_SUMMARY"
exit 0
