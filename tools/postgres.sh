#!/usr/bin/env bash
# A private PostgreSQL cluster for the shared-backend tests and demo: Pulumi's
# postgres:// DIY backend, as a team would point its pipelines at one
# database. The cluster lives in .work/pg (made on first use), listens on a
# loopback port chosen free at each start, and admits one user, xads, with a
# password made up when the cluster is made (.work/pg/password). Nothing
# outside .work/pg is written, except that Debian's postgresql-15 is installed
# when no initdb is found.
#
#   tools/postgres.sh start [--owner NAME]  start it (made on first use); --owner: who started it, for stop --owner
#   tools/postgres.sh stop [--owner NAME]   stop it (with --owner: only if NAME started it)
#   tools/postgres.sh status                exit 0 when it runs
#   tools/postgres.sh available             exit 0 when start can run: initdb is found, or start would install it (root with apt-get)
#   tools/postgres.sh remove                stop it and delete it (its data too, wherever it is)
#   tools/postgres.sh url [DB]              the backend URL of database DB (default xads), for PULUMI_BACKEND_URL
#   tools/postgres.sh password              the password, for PGPASSWORD (kept out of the URL: `pulumi whoami -v` prints the URL)
#   tools/postgres.sh createdb DB           a new, empty database DB (dropped first if it exists)
#   tools/postgres.sh psql DB [ARGS...]     psql on database DB
#
# The Makefile, tools/gitops-demo.sh and tests/e2e/harness.ts share it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pg=$root/.work/pg
user=xads

die() { echo "tools/postgres.sh: $*" >&2; exit 1; }

# The server's programs: PG_BIN, else Debian's newest, else PATH.
bindir() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return; fi
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return; }
  echo ""
}

ensure_installed() {
  bin=$(bindir)
  [ -n "$bin" ] && return
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "tools/postgres.sh: no initdb found: installing Debian's postgresql-15 (apt-get)" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2
    bin=$(bindir)
  fi
  [ -n "$bin" ] || die "no initdb found: install PostgreSQL (Debian: apt-get install postgresql-15) or set PG_BIN to its bin folder"
}

# The server refuses to run as root: as root, its programs run as the
# postgres account (made by Debian's package) in a data folder it owns.
as_server() {
  if [ "$(id -u)" -eq 0 ]; then
    getent passwd postgres >/dev/null || die "running as root needs the postgres account (Debian's postgresql-15 makes it) to run the server"
    # From /: the work tree may be closed to that account (paths here are absolute).
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

# The data folder: .work/pg/data, or, when the server's account cannot reach
# the work tree (root's home), a folder of its own in /tmp named in .work/pg/data-dir.
data_dir() {
  if [ -f "$pg/data-dir" ]; then cat "$pg/data-dir"; else echo "$pg/data"; fi
}

make_cluster() {
  mkdir -p "$pg"
  chmod 700 "$pg"
  local data=$pg/data
  if [ "$(id -u)" -eq 0 ]; then
    mkdir -p "$pg/server"
    chown postgres: "$pg/server"
    chmod 711 "$pg"
    if as_server test -w "$pg/server"; then
      data=$pg/server/data
    else
      data=$(mktemp -d /tmp/xads-pg.XXXXXX)/data
      chown postgres: "$(dirname "$data")"
    fi
    echo "$data" > "$pg/data-dir"
  fi
  # A cluster made halfway (interrupted) is made again.
  rm -rf "$data"
  head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$pg/password"
  chmod 600 "$pg/password"
  local pwfile
  pwfile=$(dirname "$data")/pwfile
  install -m 600 "$pg/password" "$pwfile"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$pwfile"
  as_server "$bin/initdb" -D "$data" -U "$user" --pwfile="$pwfile" --auth=scram-sha-256 -E UTF8 --no-locale >"$pg/initdb.log" 2>&1 \
    || { rm -f "$pwfile"; cat "$pg/initdb.log" >&2; die "initdb failed (log above)"; }
  rm -f "$pwfile"
}

running() {
  local data
  data=$(data_dir)
  [ -f "$data/PG_VERSION" ] && as_server "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1
}

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}

start() {
  local owner=${1:-}
  ensure_installed
  local made=
  [ -f "$pg/password" ] && [ -f "$(data_dir)/PG_VERSION" ] || { make_cluster; made=1; }
  running && return 0
  local data port tries=0
  data=$(data_dir)
  # A throwaway cluster: no fsync (the machine is shared; nothing here
  # must survive a crash); no unix socket (loopback TCP only, as a team's
  # pipelines reach their database). Another process may take the free port
  # first: three ports are tried.
  # 9>&-: the server must not inherit (and hold) this script's lock.
  until port=$(free_port) && as_server "$bin/pg_ctl" start -w -t 60 -D "$data" -l "$(dirname "$data")/postgres.log" \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null 9>&-; do
    tries=$((tries + 1))
    [ "$tries" -lt 3 ] || { tail -n 20 "$(dirname "$data")/postgres.log" >&2 || true; die "the server did not start (log above)"; }
  done
  echo "$port" > "$pg/port"
  if [ -n "$owner" ]; then echo "$owner" > "$pg/owner"; else rm -f "$pg/owner"; fi
  # The database `url` names by default: the one a team would share.
  [ -z "$made" ] || psql_on postgres -c "CREATE DATABASE $user"
  echo "postgres: started on 127.0.0.1:$port (.work/pg)" >&2
}

stop() {
  local owner=${1:-}
  if [ -n "$owner" ] && [ "$(cat "$pg/owner" 2>/dev/null)" != "$owner" ]; then return 0; fi
  bin=$(bindir)
  [ -n "$bin" ] || return 0
  if running; then
    as_server "$bin/pg_ctl" stop -w -m fast -D "$(data_dir)" >/dev/null
    echo "postgres: stopped" >&2
  fi
  rm -f "$pg/owner" "$pg/port"
}

remove() {
  stop
  local data
  data=$(data_dir)
  # A data folder of its own in /tmp (see data_dir) goes with its parent.
  case "$data" in /tmp/xads-pg.*) rm -rf "$(dirname "$data")" ;; esac
  rm -rf "$pg"
}

url() {
  [ -f "$pg/port" ] && [ -f "$pg/password" ] || die "the cluster is not running: tools/postgres.sh start"
  # No TLS on loopback; the Go driver requires it unless told.
  echo "postgres://$user@127.0.0.1:$(cat "$pg/port")/${1:-$user}?sslmode=disable"
}

psql_on() {
  local db=$1; shift
  bin=$(bindir)
  PGOPTIONS="-c client_min_messages=warning" PGPASSWORD=$(cat "$pg/password") "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$(cat "$pg/port")" -U "$user" -d "$db" "$@"
}

owner_arg() { [ "${1:-}" = "--owner" ] && echo "${2:?--owner needs a name}" || true; }

# One at a time: test files of one jest run may start it together.
mkdir -p "$pg"
exec 9>"$pg/.lock"
case "${1:-}" in
  start) flock 9; start "$(owner_arg "${@:2}")" ;;
  stop) flock 9; stop "$(owner_arg "${@:2}")" ;;
  status) bin=$(bindir); [ -n "$bin" ] && running ;;
  # tests/required-tools.ts: a postgres-backend e2e file is skipped (failed under CI) when this fails.
  available) [ -n "$(bindir)" ] || { [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; } ;;
  remove) flock 9; remove ;;
  url) url "${2:-}" ;;
  password) cat "$pg/password" ;;
  createdb)
    [[ "${2:-}" =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || die "createdb: a database name is 1 to 63 lowercase letters, digits or _ (got '${2:-}')"
    psql_on postgres -c "DROP DATABASE IF EXISTS $2 WITH (FORCE)" -c "CREATE DATABASE $2" ;;
  psql) psql_on "${2:?psql DB [ARGS...]}" "${@:3}" ;;
  *) die "usage: tools/postgres.sh start|stop [--owner NAME] | status | remove | url [DB] | password | createdb DB | psql DB [ARGS...]" ;;
esac
