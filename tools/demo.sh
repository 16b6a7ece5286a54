#!/usr/bin/env bash
# make demo (and make demo-creatives): an example program from examples/
# (default quickstart) against the bundled emulator, with the real pulumi CLI
# and a local file backend. Credentials are made up for this run (the
# emulator's own) and set as stack secrets, as they would be for real.
#   tools/demo.sh [example]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
example=${1:-quickstart}
[ -d "examples/$example" ] || { echo "no example named $example in examples/"; exit 2; }
work=$root/.work/demo-$example
pulumi_dir=${XADS_PULUMI_DIR:?run through make demo}
export PATH="$pulumi_dir:$PATH"
export PULUMI_HOME=$root/.work/pulumi-home PULUMI_SKIP_UPDATE_CHECK=true NO_COLOR=1
export PULUMI_CONFIG_PASSPHRASE=demo-throwaway-passphrase
export PULUMI_BACKEND_URL=file://$work/state

rand() { node -e 'process.stdout.write(require("crypto").randomBytes(18).toString("base64url"))'; }
declare -A creds=([consumerKey]=$(rand) [consumerSecret]=$(rand) [accessToken]=$(rand) [accessTokenSecret]=$(rand))

# The emulator is in memory: every demo starts from a fresh stack.
rm -rf "$work" && mkdir -p "$work/state"
program=$root/.work/consumer/$example
rm -rf "$program" && cp -r "examples/$example" "$program"

log=$work/emulator.log
XADS_CONSUMER_KEY=${creds[consumerKey]} XADS_CONSUMER_SECRET=${creds[consumerSecret]} \
XADS_ACCESS_TOKEN=${creds[accessToken]} XADS_ACCESS_TOKEN_SECRET=${creds[accessTokenSecret]} \
  node dist/emulator/main.js --port 0 > "$log" 2>&1 &
emu_pid=$!
trap 'kill $emu_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q "emulator listening on" "$log" && break; sleep 0.1; done
base=$(sed -n 's/^emulator listening on \(.*\)$/\1/p' "$log" | head -n 1)
[ -n "$base" ] || { echo "the emulator did not start:"; cat "$log"; exit 1; }
echo "== Ads API emulator at $base (sandbox: $base/sandbox)"

cd "$program"
pulumi stack init dev --non-interactive >/dev/null
pulumi config set xads:accountId 18ce54d4x5t
pulumi config set xads:sandbox true
pulumi config set xads:sandboxBaseUrl "$base/sandbox"
for key in "${!creds[@]}"; do
  # On stdin, not the command line (the process list; a value starting with "-").
  printf '%s' "${creds[$key]}" | pulumi config set --secret "xads:$key"
done

echo "== pulumi preview"
pulumi preview --non-interactive
echo "== pulumi up"
pulumi up --yes --skip-preview --non-interactive
echo "== stack outputs (the created IDs)"
pulumi stack output --json
echo "== a second pulumi preview"
if pulumi preview --non-interactive --expect-no-changes; then
  echo "second preview: no changes"
else
  echo "second preview: unexpected changes"; exit 1
fi
