# Shared by the demo scripts (sourced, not run): the environment of a local
# Pulumi backend, the bundled emulator with made-up credentials, and a stack
# configured for it with the credentials as secrets.

# demo_env <work dir> [postgres]: the real pulumi CLI (built by make pulumi)
# and a file backend in <work>/state, or with `postgres` the PostgreSQL
# backend of tools/postgres.sh (database demo; started here and stopped on
# exit, unless it was running before).
demo_env() {
  export PATH="${XADS_PULUMI_DIR:?run through make}:$PATH"
  export PULUMI_HOME=$root/.work/pulumi-home PULUMI_SKIP_UPDATE_CHECK=true NO_COLOR=1
  export PULUMI_CONFIG_PASSPHRASE=demo-throwaway-passphrase
  # The emulator is in memory: every demo starts from a fresh stack.
  rm -rf "$1" && mkdir -p "$1/state"
  if [ "${2:-}" = postgres ]; then
    "$root/tools/postgres.sh" start --owner demo
    pg_stop='"$root/tools/postgres.sh" stop --owner demo'
    trap "$pg_stop" EXIT
    "$root/tools/postgres.sh" createdb demo
    # As a pipeline logs in: the URL, and the password in PGPASSWORD (`pulumi whoami -v` prints the URL).
    PULUMI_BACKEND_URL=$("$root/tools/postgres.sh" url demo)
    PGPASSWORD=$("$root/tools/postgres.sh" password)
    export PULUMI_BACKEND_URL PGPASSWORD
    echo "== Pulumi backend: $PULUMI_BACKEND_URL"
  else
    export PULUMI_BACKEND_URL=file://$1/state
  fi
}

# start_emulator <work dir>: starts it on a free port with credentials made
# up for this run (in the creds array); sets $base; stops it on exit.
start_emulator() {
  rand() { node -e 'process.stdout.write(require("crypto").randomBytes(18).toString("base64url"))'; }
  declare -gA creds=([consumerKey]=$(rand) [consumerSecret]=$(rand) [accessToken]=$(rand) [accessTokenSecret]=$(rand))
  local log=$1/emulator.log
  XADS_CONSUMER_KEY=${creds[consumerKey]} XADS_CONSUMER_SECRET=${creds[consumerSecret]} \
  XADS_ACCESS_TOKEN=${creds[accessToken]} XADS_ACCESS_TOKEN_SECRET=${creds[accessTokenSecret]} \
    node "$root/dist/emulator/main.js" --port 0 > "$log" 2>&1 &
  emu_pid=$!
  trap "kill $emu_pid 2>/dev/null || true; ${pg_stop:-}" EXIT
  for _ in $(seq 1 100); do grep -q "emulator listening on" "$log" && break; sleep 0.1; done
  base=$(sed -n 's/^emulator listening on \(.*\)$/\1/p' "$log" | head -n 1)
  [ -n "$base" ] || { echo "the emulator did not start:"; cat "$log"; exit 1; }
  echo "== Ads API emulator at $base (sandbox: $base/sandbox)"
}

# init_stack: in the program's folder, stack dev on the emulator's sandbox,
# the credentials as secrets.
init_stack() {
  pulumi stack init dev --non-interactive >/dev/null
  pulumi config set xads:accountId 18ce54d4x5t
  pulumi config set xads:sandbox true
  pulumi config set xads:sandboxBaseUrl "$base/sandbox"
  pulumi config set xads:platformBaseUrl "$base"
  for key in "${!creds[@]}"; do
    # On stdin, not the command line (the process list; a value starting with "-").
    printf '%s' "${creds[$key]}" | pulumi config set --secret "xads:$key"
  done
}
