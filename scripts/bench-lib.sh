# Shared by bench.sh and the bench-*.sh scripts: a free port, a notio server on it with a fresh
# data folder (the demo account seeded), the demo account's session cookie, wrk's figures, ratios.

# BENCH_PRIORITY=1 runs the servers under test, nginx and wrk at the highest CPU priority
# (nice -n -20, needs root): on a machine shared with compilers the latencies are then the
# server's own rather than its wait for a core. (Real-time scheduling was tried: its throttling,
# 50 ms a second, shows up as p99 itself.) Off by default; the summary says which way a run went.
RT=()
[ "${BENCH_PRIORITY:-0}" = 1 ] && RT=(nice -n -20)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start_notio DATA_DIR → sets $port and $server_pid once /healthz answers.
start_notio() {
  port=$(free_port)
  "${RT[@]}" "$BIN" serve --port "$port" --data-dir "$1" --seed-demo --log-requests false > "$1.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 200); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && return 0; sleep 0.05; done
  echo "the server did not start: $(tail -5 "$1.log")" >&2
  return 1
}

# demo_cookie → the session cookie of study@notio.io on $port.
demo_cookie() {
  curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
    -d '{"email":"study@notio.io","password":"password"}' "http://127.0.0.1:$port/api/v1/auth/login" \
    | awk -F'[ ;]' 'tolower($1)=="set-cookie:" {print $2}'
}

# wrk with latency percentiles → "req/s p50 p99 non2xx" (ms); WRK_THREADS and WRK_CONNS change
# the default -t2 -c64.
run_wrk() {
  local out
  out=$("${RT[@]}" wrk -t"${WRK_THREADS:-2}" -c"${WRK_CONNS:-64}" -d"${DURATION:-10s}" --latency "$@" 2>&1)
  python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
def ms(v):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", v)
    if not m:
        return float("nan")
    n, u = float(m.group(1)), m.group(2)
    return {"us": n / 1000, "ms": n, "s": n * 1000, "m": n * 60000}[u]
try:
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = ms(re.search(r"^\s*50%\s+(\S+)", out, re.M).group(1))
    p99 = ms(re.search(r"^\s*99%\s+(\S+)", out, re.M).group(1))
except AttributeError:
    sys.stderr.write("could not read wrk's output:\n" + out + "\n")
    print("0 nan nan ?")
    sys.exit(0)
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
print(f"{rps:.0f} {p50:.2f} {p99:.2f} {non2xx.group(1) if non2xx else 0}")
PY
}

# ratio A B → A/B with two decimals ("n/a" when B is 0: a run that failed)
ratio() { python3 -c "print(f'{$1/$2:.2f}' if $2 else 'n/a')"; }

# summary FIGURE VALUE OP TARGET [UNIT] → one line of make bench's closing summary: the figure
# beside its target (OP is <= or >=) and whether it is met. bench.sh collects every part's lines
# in $BENCH_SUMMARY and prints them at its end; a part run alone prints them where they come.
summary() {
  local met
  met=$(python3 - "$2" "$3" "$4" <<'PY'
import math, sys
try:
    v, t = float(sys.argv[1]), float(sys.argv[3])
    print("n/a" if math.isnan(v) else "met" if (v <= t if sys.argv[2] == "<=" else v >= t) else "NOT met")
except ValueError:
    print("n/a")
PY
)
  printf '  %-44s %9s %-5s target %s %s %-5s %s\n' "$1" "$2" "${5:-}" "$3" "$4" "${5:-}" "$met" >> "${BENCH_SUMMARY:-/dev/stdout}"
}
