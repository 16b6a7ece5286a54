#!/usr/bin/env bash
# The official Python SDK's virtual environment for tests/integration/official-sdk.test.ts:
# `venv.sh [dir]` (default .work/venv-sdk) makes it with python3 -m venv and installs
# requirements.txt from PyPI, hashes checked; it is reused while requirements.txt is unchanged.
# Without python3 it says so and succeeds: the test is then skipped, saying why.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:-.work/venv-sdk}
requirements="$here/requirements.txt"
if ! command -v python3 >/dev/null; then
  echo "python3 is not on PATH: the official Python SDK test will be skipped" >&2
  exit 0
fi
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then exit 0; fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
# Written last: a venv whose install broke half-way is made again next time.
cp "$requirements" "$venv/requirements.txt"
