#!/usr/bin/env bash
# make demo-policy: the quickstart previewed through the policy pack's
# folder (policy-pack, as installed with the package), with a pack
# config that caps a campaign's daily budget at 20 USD and makes that cap
# mandatory. The quickstart's campaign spends 50 USD a day: the preview fails
# with that one violation. Preview calls no API, so no emulator is needed.
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
# demo) does not follow are switched off, to show one violation. The stack's
# credentials are placeholders, so the pack does not list the account's live
# campaigns (it would try at the sandbox address, and say so as an advisory).
config=$work/policy-config.json
cat > "$config" <<'JSON'
{
  "xads-active-campaigns-per-account": { "countUnmanagedCampaigns": false },
  "xads-campaign-budget-caps": { "enforcementLevel": "mandatory", "maxDailyBudget": { "USD": 20 } },
  "xads-purchase-order-required": { "enforcementLevel": "disabled" },
  "xads-protect-irreversible-deletes": { "enforcementLevel": "disabled" }
}
JSON

cd "$program"
pulumi stack init dev --non-interactive >/dev/null
pulumi config set xads:accountId 18ce54d4x5t
pulumi config set xads:sandbox true
for key in consumerKey consumerSecret accessToken accessTokenSecret; do
  pulumi config set --secret "xads:$key" "demo-only-$key"
done

echo "== policy pack config ($config)"
cat "$config"
echo "== pulumi preview --policy-pack $pack --policy-pack-config $config"
if pulumi preview --non-interactive --policy-pack "$pack" --policy-pack-config "$config"; then
  echo "== the preview passed: the policy pack should have refused it"; exit 1
fi
echo "== the policy pack refused the preview (xads-campaign-budget-caps, mandatory here), before any API call"
