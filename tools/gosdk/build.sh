#!/usr/bin/env bash
# Builds tools/gosdk (Pulumi's Go codegen, pkg/v3 at the CLI's version) into
# the cache of the Pulumi CLI's sibling folder, keyed by that version and by
# the tool's own sources, as tools/pysdk/build.sh does. `build.sh [schema.json
# out-dir]` also runs it: the Go SDK's module is written to out-dir and
# tidied (go mod tidy: its go.mod lists every module it builds with, go.sum
# their hashes, from the module proxy), so `go build` in a program that
# requires it changes nothing there. Prints the tool's path on its last line.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
version=$(grep -o 'github.com/pulumi/pulumi/pkg/v3 v[0-9.]*' "$here/go.mod" | cut -d' ' -f2)
key=$(cat "$here/go.mod" "$here/go.sum" "$here/main.go" | sha256sum | cut -c1-12)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-xads/gosdk-$version-$key
log() { echo "[make go-sdk] $*" >&2; }
export GOTOOLCHAIN=local GOFLAGS=-mod=mod

if [ ! -x "$cache/gosdk" ]; then
  log "building tools/gosdk on github.com/pulumi/pulumi/pkg/v3 $version (codegen/go)"
  mkdir -p "$cache"
  (cd "$here" && CGO_ENABLED=0 go build -trimpath -ldflags "-w -s" -o "$cache/gosdk.tmp" .)
  mv "$cache/gosdk.tmp" "$cache/gosdk"
fi

if [ $# -eq 2 ]; then
  # Two jest workers (the Go SDK's test and the Go program's e2e file) never rewrite the folder while the other builds on it.
  mkdir -p "$(dirname "$2")"
  exec 9>"$2.lock"
  flock 9
  # The same schema and tool as the module there: left as it is, so the builds on it stay cached.
  stamp=$(cat "$1" "$cache/gosdk" | sha256sum | cut -c1-64)
  if [ "$(cat "$2.sha256" 2>/dev/null)" != "$stamp" ]; then
    "$cache/gosdk" "$1" "$2"
    (cd "$2" && go mod tidy)
    echo "$stamp" > "$2.sha256"
    log "Go SDK written to $2"
  fi
fi
echo "$cache/gosdk"
