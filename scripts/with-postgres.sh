#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster: initdb in a temporary folder, pg_ctl
# start on 127.0.0.1 and a free port, NOTIO_TEST_POSTGRES set to its URL, then stop and remove
# the cluster whatever the command did. Usage: scripts/with-postgres.sh COMMAND [ARGS...]
# Set PG_DURABLE=1 to keep fsync on (the benchmark); the tests turn it off, nothing is kept.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (scripts/deps.sh test installs postgresql)" >&2; exit 1; }

dir=$(mktemp -d /tmp/notio-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# initdb refuses to run as root: the cluster then belongs to the postgres user Debian creates.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql postgres
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U notio --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
durability="-c fsync=off -c full_page_writes=off"
[ "${PG_DURABLE:-0}" = 1 ] && durability=""
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c synchronous_commit=off $durability" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
"$bin/psql" -q -h 127.0.0.1 -p "$port" -U notio -d postgres -c "CREATE DATABASE notio" >/dev/null
export NOTIO_TEST_POSTGRES="postgres://notio@127.0.0.1:$port/notio"
export NOTIO_TEST_POSTGRES_BIN="$bin"
echo "PostgreSQL test cluster on 127.0.0.1:$port ($dir)"
"$@"
