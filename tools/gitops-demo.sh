#!/usr/bin/env bash
# make gitops-demo: the three GitOps workflows of examples/gitops, run
# locally against the bundled emulator with the real pulumi CLI, the state
# on a PostgreSQL backend as a team's (tools/postgres.sh: started here,
# stopped at the end):
#   pull request: pulumi preview --json -> xads pr-summary (the comment)
#   merge:        pulumi up (through the policy pack)
#   nightly:      an edit made "in the ads UI" -> xads drift (exits 1)
# Credentials are made up for this run and set as stack secrets.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$root/.work/gitops-demo
xads=$root/.work/consumer/node_modules/.bin/xads
pack=$root/.work/consumer/node_modules/pulumi-xads/policy-pack
source tools/demo-lib.sh
demo_env "$work" postgres
program=$root/.work/consumer/gitops-demo
rm -rf "$program" && cp -r examples/quickstart "$program"
start_emulator "$work"
cd "$program"
init_stack >/dev/null

echo "== pull request: pulumi preview --json | xads pr-summary (the comment the workflow posts)"
PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json --non-interactive --policy-pack "$pack" > "$work/preview.json"
"$xads" pr-summary "$work/preview.json" | tee "$work/summary.md"

echo "== merge: xads up --wait-lock 10m -- --policy-pack (waits while another pipeline's update holds the stack)"
"$xads" up --wait-lock 10m -- --yes --non-interactive --policy-pack "$pack" >/dev/null
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
