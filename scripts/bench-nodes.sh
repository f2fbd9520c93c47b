#!/usr/bin/env bash
# `make bench`, several nodes: the signed-in JSON benchmark against one node on SQLite, one node
# on PostgreSQL, and two nodes on PostgreSQL behind nginx, in one run, with ratios to SQLite.
# Runs beside a PostgreSQL cluster of its own (fsync on, synchronous_commit off: SQLite's WAL
# with synchronous=NORMAL makes the same promise).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${NOTIO_TEST_POSTGRES:-}" ]; then PG_DURABLE=1 exec scripts/with-postgres.sh "$0" "$@"; fi
BIN=${NOTIO_BIN:-.build/release/notio}
DURATION=${BENCH_DURATION:-10s}
source scripts/bench-lib.sh
work=$(mktemp -d)
pids=()
cleanup() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$NOTIO_TEST_POSTGRES_BIN/psql" -q "$NOTIO_TEST_POSTGRES" -c "CREATE DATABASE bench" >/dev/null
pg_url="${NOTIO_TEST_POSTGRES%/*}/bench"

# start_node NAME [ENV...] → port in $port once /healthz answers.
start_node() {
  local name=$1; shift
  port=$(free_port)
  "${RT[@]}" env "$@" "$BIN" serve --port "$port" --data-dir "$work/$name" --seed-demo --log-requests false > "$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && return 0; sleep 0.05; done
  echo "node $name did not start: $(tail -5 "$work/$name.log")" >&2
  exit 1
}

start_node sqlite NOTIO_NODE_ID=sqlite;                         sqlite_port=$port; cookie_sqlite=$(demo_cookie)
start_node pg1 NOTIO_DATABASE_URL="$pg_url" NOTIO_NODE_ID=pg1;  pg1_port=$port;    cookie_pg=$(demo_cookie)
start_node pg2 NOTIO_DATABASE_URL="$pg_url" NOTIO_NODE_ID=pg2;  pg2_port=$port

nport=$(free_port); n1port=$(free_port)
cat > "$work/nginx.conf" <<NGINX
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  log_format upstream '\$upstream_addr';
  upstream two_nodes { server 127.0.0.1:$pg1_port; server 127.0.0.1:$pg2_port; keepalive 64; }
  upstream one_node { server 127.0.0.1:$pg1_port; keepalive 64; }
  server {
    listen 127.0.0.1:$nport;
    access_log $work/upstreams.log upstream;
    location / { proxy_pass http://two_nodes; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
  server {
    listen 127.0.0.1:$n1port;
    access_log off;
    location / { proxy_pass http://one_node; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
NGINX
nginx -c "$work/nginx.conf" -p "$work" 2>/dev/null
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$nport/healthz" >/dev/null && break; sleep 0.05; done

echo "== several nodes (wrk -t2 -c64 -d$DURATION; signed in as the demo account)"
for path in /api/v1/me /api/v1/notes; do
  read -r s_rps _ s_p99 s_bad <<<"$(run_wrk -H "Cookie: $cookie_sqlite" "http://127.0.0.1:$sqlite_port$path")"
  read -r p_rps _ p_p99 p_bad <<<"$(run_wrk -H "Cookie: $cookie_pg" "http://127.0.0.1:$pg1_port$path")"
  read -r o_rps _ o_p99 o_bad <<<"$(run_wrk -H "Cookie: $cookie_pg" "http://127.0.0.1:$n1port$path")"
  : > "$work/upstreams.log"
  read -r t_rps _ t_p99 t_bad <<<"$(run_wrk -H "Cookie: $cookie_pg" "http://127.0.0.1:$nport$path")"
  split=$(sort "$work/upstreams.log" | uniq -c | awk -v a="127.0.0.1:$pg1_port" '{n[$2==a?"pg1":"pg2"]=$1} END {printf "pg1 %d / pg2 %d", n["pg1"], n["pg2"]}')
  echo "GET $path"
  printf '  %-40s %9s %9s %8s %6s\n' "" "req/s" "p99 ms" "ratio" "non2xx"
  printf '  %-40s %9s %9s %8s %6s\n' "one node, SQLite" "$s_rps" "$s_p99" "1.00" "$s_bad"
  printf '  %-40s %9s %9s %8s %6s\n' "one node, PostgreSQL" "$p_rps" "$p_p99" "$(ratio "$p_rps" "$s_rps")" "$p_bad"
  printf '  %-40s %9s %9s %8s %6s\n' "nginx -> one node, PostgreSQL" "$o_rps" "$o_p99" "$(ratio "$o_rps" "$s_rps")" "$o_bad"
  printf '  %-40s %9s %9s %8s %6s\n' "nginx -> two nodes, PostgreSQL" "$t_rps" "$t_p99" "$(ratio "$t_rps" "$s_rps")" "$t_bad"
  echo "  requests per node behind nginx: $split"
done
# Job pickup across nodes: a PDF stored on a node that runs no jobs, until another node runs it.
start_node web NOTIO_DATABASE_URL="$pg_url" NOTIO_NODE_ID=web NOTIO_JOB_WORKERS=0; web_port=$port
if [ -f .cache/pdfs/kotex-doc.pdf ]; then
  python3 - "http://127.0.0.1:$web_port" .cache/pdfs/kotex-doc.pdf <<'PY'
import http.cookiejar, json, statistics, sys, time, urllib.request, uuid
base, pdf = sys.argv[1], open(sys.argv[2], "rb").read()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
def call(method, path, data=None, headers=None):
    with opener.open(urllib.request.Request(base + path, data=data, method=method, headers=headers or {}), timeout=60) as r:
        return json.loads(r.read())
csrf = call("POST", "/api/v1/auth/login", json.dumps({"email": "study@notio.io", "password": "password"}).encode(),
            {"Content-Type": "application/json"})["csrfToken"]
waits = []
for i in range(10):
    b = uuid.uuid4().hex
    body = (f"--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"k.pdf\"\r\nContent-Type: application/pdf\r\n\r\n").encode() + pdf + f"\r\n--{b}--\r\n".encode()
    job = call("POST", "/api/v1/notes", body, {"Content-Type": f"multipart/form-data; boundary={b}", "X-CSRF-Token": csrf})["job"]["id"]
    t0 = time.perf_counter()
    while call("GET", f"/api/v1/jobs/{job}")["state"] == "queued":
        time.sleep(0.002)
    waits.append((time.perf_counter() - t0) * 1000)
    while call("GET", f"/api/v1/jobs/{job}")["state"] not in ("done", "failed", "cancelled"):
        time.sleep(0.05)
print(f"job pickup across nodes (stored on a node without workers, until another runs it, 10 uploads): "
      f"median {statistics.median(waits):.0f} ms, max {max(waits):.0f} ms (LISTEN/NOTIFY; the fallback look is once a second)")
PY
fi

cat <<'NOTE'
What these figures can show on this machine: the cost of PostgreSQL over SQLite per request (a
socket round trip to another process instead of a read in our own memory), the cost of the proxy
hop, and that two nodes behind nginx share the load with no failed request. What they cannot show:
more throughput from a second node. The two cores are shared by wrk, nginx, PostgreSQL and every
node, so a second node only splits the same CPU; on machines with cores of their own, nodes add
capacity until the database is the limit. /api/v1/me is mostly our 1-second session cache;
/api/v1/notes reads the database on every request.
NOTE
