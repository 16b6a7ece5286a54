#!/usr/bin/env bash
# make gitops-demo: the three GitOps workflows of examples/gitops, run
# locally against the bundled emulator with the real pulumi CLI:
#   pull request: pulumi preview --json -> xads pr-summary (the comment)
#   merge:        pulumi up (through the policy pack)
#   nightly:      an edit made "in the ads UI" -> xads drift (exits 1)
# Credentials are made up for this run and set as stack secrets.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$root/.work/gitops-demo
pulumi_dir=${XADS_PULUMI_DIR:?run through make gitops-demo}
export PATH="$pulumi_dir:$PATH"
export PULUMI_HOME=$root/.work/pulumi-home PULUMI_SKIP_UPDATE_CHECK=true NO_COLOR=1
export PULUMI_CONFIG_PASSPHRASE=demo-throwaway-passphrase
export PULUMI_BACKEND_URL=file://$work/state
xads=$root/.work/consumer/node_modules/.bin/xads
pack=$root/.work/consumer/node_modules/pulumi-xads/policy-pack/run

rand() { node -e 'process.stdout.write(require("crypto").randomBytes(18).toString("base64url"))'; }
declare -A creds=([consumerKey]=$(rand) [consumerSecret]=$(rand) [accessToken]=$(rand) [accessTokenSecret]=$(rand))

rm -rf "$work" && mkdir -p "$work/state"
program=$root/.work/consumer/gitops-demo
rm -rf "$program" && cp -r examples/quickstart "$program"

log=$work/emulator.log
XADS_CONSUMER_KEY=${creds[consumerKey]} XADS_CONSUMER_SECRET=${creds[consumerSecret]} \
XADS_ACCESS_TOKEN=${creds[accessToken]} XADS_ACCESS_TOKEN_SECRET=${creds[accessTokenSecret]} \
  node dist/emulator/main.js --port 0 > "$log" 2>&1 &
emu_pid=$!
trap 'kill $emu_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q "emulator listening on" "$log" && break; sleep 0.1; done
base=$(sed -n 's/^emulator listening on \(.*\)$/\1/p' "$log" | head -n 1)
[ -n "$base" ] || { echo "the emulator did not start:"; cat "$log"; exit 1; }
echo "== Ads API emulator at $base"

cd "$program"
pulumi stack init dev --non-interactive >/dev/null
pulumi config set xads:accountId 18ce54d4x5t
pulumi config set xads:sandbox true
pulumi config set xads:sandboxBaseUrl "$base/sandbox"
for key in "${!creds[@]}"; do
  # On stdin: a value starting with '-' would be read as a flag, and argv shows in ps.
  printf '%s' "${creds[$key]}" | pulumi config set --secret "xads:$key" >/dev/null
done

echo "== pull request: pulumi preview --json | xads pr-summary (the comment the workflow posts)"
PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json --non-interactive --policy-pack "$pack" > "$work/preview.json"
"$xads" pr-summary "$work/preview.json" | tee "$work/summary.md"

echo "== merge: pulumi up --policy-pack"
pulumi up --yes --non-interactive --policy-pack "$pack" >/dev/null
pulumi stack output --json

campaign=$(pulumi stack output campaignId)
echo "== someone raises campaign $campaign's daily budget to 99.00 in the ads UI (the emulator's control API)"
node -e '
  const [base, id] = process.argv.slice(1);
  fetch(`${base}/_emulator/sandbox/accounts/18ce54d4x5t/campaigns/${id}`, {
    method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ daily_budget_amount_local_micro: 99000000 }),
  }).then((r) => { if (!r.ok) { console.error(`control API answered ${r.status}`); process.exit(1); } });
' "$base" "$campaign"

echo "== nightly: xads drift (exit 1 opens or updates an issue in the workflow)"
set +e
"$xads" drift --stack dev
code=$?
set -e
if [ "$code" -eq 1 ]; then
  echo "xads drift exited 1: drift found, as expected"
else
  echo "xads drift exited $code; expected 1 (drift)"; exit 1
fi
