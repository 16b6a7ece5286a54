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
source tools/demo-lib.sh
demo_env "$work"
program=$root/.work/consumer/$example
rm -rf "$program" && cp -r "examples/$example" "$program"
start_emulator "$work"
cd "$program"
init_stack

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
