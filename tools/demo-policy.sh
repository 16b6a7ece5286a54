#!/usr/bin/env bash
# make demo-policy: the quickstart previewed through the policy pack's
# folder (policy-pack, as installed with the package), with a pack
# config that caps a campaign's daily budget at 20 USD and makes that cap
# mandatory. The quickstart's campaign spends 50 USD a day: the preview fails
# with that one violation. Preview writes nothing but reads (the provider
# checks access to the account, provider/access.ts): the stack is on the
# bundled emulator's sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$root/.work/demo-policy
source tools/demo-lib.sh
demo_env "$work"
program=$root/.work/consumer/quickstart-policy
rm -rf "$program" && cp -r examples/quickstart "$program"
pack=$root/.work/consumer/node_modules/pulumi-xads/policy-pack

# The cap, made mandatory; two advisory guardrails the quickstart (a sandbox
# demo) does not follow are switched off, to show one violation; the count of
# the account's live campaigns is left out (the emulator's account has none).
config=$work/policy-config.json
cat > "$config" <<'JSON'
{
  "xads-active-campaigns-per-account": { "countUnmanagedCampaigns": false },
  "xads-campaign-budget-caps": { "enforcementLevel": "mandatory", "maxDailyBudget": { "USD": 20 } },
  "xads-purchase-order-required": { "enforcementLevel": "disabled" },
  "xads-protect-irreversible-deletes": { "enforcementLevel": "disabled" }
}
JSON

start_emulator "$work"
cd "$program"
init_stack >/dev/null

echo "== policy pack config ($config)"
cat "$config"
echo "== pulumi preview --policy-pack $pack --policy-pack-config $config"
set +e
pulumi preview --non-interactive --policy-pack "$pack" --policy-pack-config "$config" 2>&1 | tee "$work/preview.txt"
code=${PIPESTATUS[0]}
set -e
# Refused by the pack, not by anything else that fails a preview.
if [ "$code" -eq 0 ] || ! grep -q 'mandatory.*xads-campaign-budget-caps' "$work/preview.txt"; then
  echo "== the preview exited $code without the pack's xads-campaign-budget-caps violation: the policy pack should have refused it"; exit 1
fi
echo "== the policy pack refused the preview (xads-campaign-budget-caps, mandatory here), before any write"
