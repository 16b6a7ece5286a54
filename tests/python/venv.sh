#!/usr/bin/env bash
# The virtual environment of the Python SDK's test (tests/python/test_pulumi_xads.py):
# `venv.sh <venv> <sdk-dir|->` makes it with python3 -m venv, installs requirements.txt
# from PyPI, hashes checked (reused while requirements.txt is unchanged), then
# installs the generated package from sdk-dir (make python-sdk) as a user would,
# with pip, its dependencies checked against what is installed (pip check).
# Without python3 it says so and succeeds: the test is then skipped, saying why.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:?venv.sh <venv> <sdk-dir>}
sdk=${2:?venv.sh <venv> <sdk-dir>}
requirements="$here/requirements.txt"
pip() { "$venv/bin/pip" --quiet --disable-pip-version-check "$@"; }
if ! command -v python3 >/dev/null; then
  echo "python3 is not on PATH: the Python SDK test will be skipped" >&2
  exit 0
fi
# One at a time (the integration and e2e tests may run this at once), and
# never while tools/pysdk/build.sh rewrites sdk-dir: the lock it takes too.
# An sdk-dir of "-": the requirements only (pulumi_xads is then installed by
# name from an index: tests/e2e/install-by-name.test.ts).
if [ "$sdk" = "-" ]; then exec 9>"$venv.lock"; else exec 9>"$sdk.lock"; fi
flock 9
if ! [ -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  pip install --require-hashes -r "$requirements"
  # Written last: a venv whose install broke half-way is made again next time.
  cp "$requirements" "$venv/requirements.txt"
fi
[ "$sdk" = "-" ] && exit 0
# The package's own dependencies come from requirements.txt (--no-deps), and
# pip check fails if they do not satisfy what its pyproject.toml asks for.
# Reinstalled only when the generated files changed: a test importing it
# from this venv meanwhile never sees it half-installed.
digest=$(cd "$sdk" && find . -type f -not -path '*/build/*' -not -name '*.egg-info' -not -path '*.egg-info/*' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-64)
if [ "$(cat "$venv/pulumi_xads.sha256" 2>/dev/null)" != "$digest" ]; then
  rm -f "$venv/pulumi_xads.sha256"
  pip install --no-deps --no-build-isolation --force-reinstall "$sdk"
  echo "$digest" > "$venv/pulumi_xads.sha256"
fi
pip check
