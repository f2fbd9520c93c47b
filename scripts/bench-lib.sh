# Shared by bench.sh and the bench-*.sh scripts: a free port, a notio server on it with a fresh
# data folder (the demo account seeded), the demo account's session cookie, wrk's figures, ratios.

# BENCH_PRIORITY=1 runs the servers under test, nginx and wrk at the highest CPU priority
# (nice -n -20, needs root): on a machine shared with compilers the latencies are then the
# server's own rather than its wait for a core. (Real-time scheduling was tried: its throttling,
# 50 ms a second, shows up as p99 itself.) Off by default; the summary says which way a run went.
RT=()
[ "${BENCH_PRIORITY:-0}" = 1 ] && RT=(nice -n -20)

# bench_fail WHAT → stops the bench, from the script itself or from inside a $(…): a figure of an
# operation that failed is the time its error took, not the operation's, so none is printed.
bench_fail() {
  echo "make bench: $* — stopped, no figure printed for it" >&2
  kill -s TERM $$ 2>/dev/null
  exit 1
}
trap 'exit 1' TERM

# timed [--refused TEXT] NAME OUT COMMAND... → runs COMMAND once, its standard output in OUT, and
# sets NAME_ms (wall time) and NAME_mb (peak RSS, from GNU time -v). A command that fails stops
# the bench. With --refused it must fail instead, saying TEXT: an operation timed on purpose up
# to its refusal (a document refused at its last row, after reading it all).
timed() {
  local refused=""
  if [ "$1" = --refused ]; then refused=$2; shift 2; fi
  local name=$1 out=$2; shift 2
  local log status=0 start end
  log=$(mktemp)
  start=$(date +%s%N)
  /usr/bin/time -v -o "$log.time" "$@" > "$out" 2> "$log" || status=$?
  end=$(date +%s%N)
  if [ -z "$refused" ] && [ "$status" != 0 ]; then
    bench_fail "$name failed (exit status $status): $(tail -3 "$log" | tr '\n' ' ')"
  elif [ -n "$refused" ] && { [ "$status" = 0 ] || ! grep -qF "$refused" "$log" "$out"; }; then
    bench_fail "$name was to be refused with \"$refused\" but ended with exit status $status: $(tail -3 "$log" | tr '\n' ' ')"
  fi
  printf -v "${name}_ms" '%s' $(( (end - start) / 1000000 ))
  printf -v "${name}_mb" '%s' $(( $(awk -F': ' '/Maximum resident set size/ {print $2}' "$log.time") / 1024 ))
  rm -f "$log" "$log.time"
}

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

# demo_cookie → the cookies a sign-in of study@notio.io on $port sets (session and device), as
# one Cookie header value; stops the bench when the sign-in sets none.
demo_cookie() {
  local cookies
  cookies=$(curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
    -d '{"email":"study@notio.io","password":"password"}' "http://127.0.0.1:$port/api/v1/auth/login" \
    | awk -F'[ ;]' 'tolower($1)=="set-cookie:" {printf "%s%s", sep, $2; sep="; "}')
  [[ "$cookies" == *notio_session=* ]] || bench_fail "signing in as study@notio.io on port $port"
  echo "$cookies"
}

# wrk with latency percentiles → "req/s p50 p99 non2xx" (ms; non2xx is always 0); WRK_THREADS and
# WRK_CONNS change the default -t2 -c64. Output wrk did not finish, or any answer that is not
# 2xx/3xx, stops the bench: its requests per second would be those of the error.
run_wrk() {
  local out figures
  out=$("${RT[@]}" wrk -t"${WRK_THREADS:-2}" -c"${WRK_CONNS:-64}" -d"${DURATION:-10s}" --latency "$@" 2>&1) \
    || bench_fail "wrk $* failed: $out"
  figures=$(python3 - "$out" <<'PY'
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
    sys.exit(1)
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
if non2xx:
    sys.stderr.write(f"{non2xx.group(1)} answers were not 2xx or 3xx\n")
    sys.exit(1)
print(f"{rps:.0f} {p50:.2f} {p99:.2f} 0")
PY
) || bench_fail "wrk $*"
  echo "$figures"
}

# http_round NAME WRK-ARGS... → one wrk run, its "req/s p50 p99" added as a line to
# $HTTP_ROUNDS/NAME, for http_figures to take the median and spread of.
http_round() {
  local name=$1; shift
  local rps p50 p99 bad
  read -r rps p50 p99 bad <<<"$(run_wrk "$@")"
  echo "$rps $p50 $p99" >> "$HTTP_ROUNDS/$name"
}

# http_figures NAME [REFERENCE] → "median-req/s min–max median-p50 median-p99 min–max ratio min–max":
# the median of the rounds and their spread; the ratio is the median of each round's ratio to
# REFERENCE's run of the same round (so a busy moment weighs on both sides of it), "1.00" without one.
http_figures() {
  python3 - "$HTTP_ROUNDS/$1" ${2:+"$HTTP_ROUNDS/$2"} <<'PY'
import statistics, sys
def rounds(path):
    return [tuple(float(x) for x in line.split()) for line in open(path) if line.strip()]
mine = rounds(sys.argv[1])
rps, p50, p99 = ([r[i] for r in mine] for i in range(3))
if len(sys.argv) > 2:
    ratios = [a[0] / b[0] if b[0] else float("nan") for a, b in zip(mine, rounds(sys.argv[2]))]
    ratio = f"{statistics.median(ratios):.2f} {min(ratios):.2f}–{max(ratios):.2f}"
else:
    ratio = "1.00 -"
print(f"{statistics.median(rps):.0f} {min(rps):.0f}–{max(rps):.0f} {statistics.median(p50):.2f} "
      f"{statistics.median(p99):.2f} {min(p99):.2f}–{max(p99):.2f} {ratio}")
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
