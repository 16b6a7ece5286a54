#!/usr/bin/env bash
# Prints the key build.sh caches a Go program of tools/pulumi under: a hash
# of its module's sources (go.mod, go.sum and every .go file, names and
# contents). A change to any of them, a file added included, gives a new key,
# so a cache made before the change is rebuilt (CI clones fresh but keeps
# the cache).
set -euo pipefail
cd "${1:?usage: source-key.sh <module folder>}"
find . -type f \( -name '*.go' -o -name go.mod -o -name go.sum \) | LC_ALL=C sort | while read -r file; do
  printf '%s\0' "$file"
  cat "$file"
done | sha256sum | cut -c1-12
