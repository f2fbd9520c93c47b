# Shared by the bench-*.sh scripts: a free port, a notio server on it with a fresh data folder
# (the demo account seeded), and the demo account's session cookie.

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start_notio DATA_DIR → sets $port and $server_pid once /healthz answers.
start_notio() {
  port=$(free_port)
  "$BIN" serve --port "$port" --data-dir "$1" --log-requests false > "$1.log" 2>&1 &
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
