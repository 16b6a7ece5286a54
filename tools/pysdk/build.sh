#!/usr/bin/env bash
# Builds tools/pysdk (Pulumi's Python codegen, pkg/v3 at the CLI's version)
# into the cache of the Pulumi CLI's sibling folder, keyed by that version
# and by the tool's own sources, so a fresh clone (CI) reuses what a first
# run built. `build.sh [schema.json out-dir]` also runs it: the Python SDK is
# written to out-dir. Prints the tool's path on its last line.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
version=$(grep -o 'github.com/pulumi/pulumi/pkg/v3 v[0-9.]*' "$here/go.mod" | cut -d' ' -f2)
key=$(cat "$here/go.mod" "$here/go.sum" "$here/main.go" | sha256sum | cut -c1-12)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-xads/pysdk-$version-$key
log() { echo "[make python-sdk] $*" >&2; }

if [ ! -x "$cache/pysdk" ]; then
  log "building tools/pysdk on github.com/pulumi/pulumi/pkg/v3 $version (codegen/python)"
  mkdir -p "$cache"
  (cd "$here" && GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -ldflags "-w -s" -o "$cache/pysdk.tmp" .)
  mv "$cache/pysdk.tmp" "$cache/pysdk"
fi

if [ $# -eq 2 ]; then
  # The lock tests/python/venv.sh takes too: two jest workers never rewrite the folder while pip reads it.
  mkdir -p "$(dirname "$2")"
  exec 9>"$2.lock"
  flock 9
  "$cache/pysdk" "$1" "$2"
  log "Python SDK written to $2"
fi
echo "$cache/pysdk"
