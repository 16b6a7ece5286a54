#!/usr/bin/env bash
# Builds actionlint (github.com/rhysd/actionlint, a Go module at the pinned
# version below) into a cache outside the clone, as tools/pulumi/build.sh
# builds the CLI, so a fresh clone (CI) reuses what a first run built.
# Prints the binary's path on its last line; `actionlint.sh <files...>` also
# runs it on those files (make actionlint: the repository's workflows).
set -euo pipefail

version=v1.7.12
cache=${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-xads/actionlint-$version
log() { echo "[make actionlint] $*" >&2; }

if [ ! -x "$cache/actionlint" ]; then
  log "building actionlint $version (github.com/rhysd/actionlint)"
  mkdir -p "$cache"
  GOTOOLCHAIN=local CGO_ENABLED=0 GOBIN="$cache/bin.tmp" go install -trimpath -ldflags "-w -s" "github.com/rhysd/actionlint/cmd/actionlint@$version"
  mv "$cache/bin.tmp/actionlint" "$cache/actionlint"
  rmdir "$cache/bin.tmp"
fi

if [ $# -gt 0 ]; then
  "$cache/actionlint" "$@"
  log "$# workflow file(s) pass"
fi
echo "$cache/actionlint"
