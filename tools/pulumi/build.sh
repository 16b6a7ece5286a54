#!/usr/bin/env bash
# Builds the real Pulumi CLI, the Node.js, YAML, Python and Go language hosts and the
# dynamic provider shim from Go modules (docs/architecture.md rule 2) into a cache outside the
# clone, keyed by version, so a fresh clone (CI) reuses what a first run built.
# Prints the directory that holds the binaries on its last line.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
version=v3.259.0
yaml_version=v1.25.0
cache=${XADS_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-xads/pulumi-$version}
log() { echo "[make pulumi] $*" >&2; }

# A supported pulumi already on PATH, together with its language hosts and
# shim, is used as it is.
if [ -z "${XADS_PULUMI_FORCE_BUILD:-}" ] && command -v pulumi >/dev/null 2>&1 \
   && [ "$(pulumi version 2>/dev/null)" = "$version" ] \
   && command -v pulumi-language-nodejs >/dev/null 2>&1 \
   && command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1 \
   && command -v pulumi-language-yaml >/dev/null 2>&1; then
  log "using pulumi $version from PATH"
  dirname "$(command -v pulumi)"
  exit 0
fi

export GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-mod=mod

# The YAML language host (pulumi-yaml, its own module), for YAML programs
# that use the pulumi-resource-xads plugin. Its version is kept in
# pulumi-language-yaml.version beside it, so a cache of the CLI alone gets
# it added, once.
build_yaml() {
  if [ -x "$cache/pulumi-language-yaml" ] && [ "$(cat "$cache/pulumi-language-yaml.version" 2>/dev/null)" = "$yaml_version" ]; then
    return
  fi
  log "building pulumi-language-yaml $yaml_version (github.com/pulumi/pulumi-yaml)"
  (cd "$here/language-yaml" && go build -trimpath -ldflags "-w -s" -o "$cache/pulumi-language-yaml.tmp" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
  mv "$cache/pulumi-language-yaml.tmp" "$cache/pulumi-language-yaml"
  echo "$yaml_version" > "$cache/pulumi-language-yaml.version"
}

# The Python language host, for Python programs on the generated SDK (make
# python-sdk). The proxy refuses its standalone module
# (.../sdk/python/cmd/pulumi-language-python/v3); the package inside sdk/v3
# v3.68.0 (the Node.js host's module) runs Python programs with CLI 3.259
# and the pulumi Python SDK 3.259. It runs pulumi-language-python-exec, a
# script of the same module, found beside it. Added once to a cache of the CLI alone.
build_python() {
  if [ -x "$cache/pulumi-language-python" ] && [ -x "$cache/pulumi-language-python-exec" ]; then
    return
  fi
  log "building pulumi-language-python (sdk/v3 v3.68.0, the newest the module proxy serves)"
  (cd "$here/language-host" && go build -trimpath -ldflags "-w -s" -o "$cache/pulumi-language-python.tmp" github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python)
  local sdkdir
  sdkdir=$(cd "$here/language-host" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)
  install -m 0755 "$sdkdir/python/cmd/pulumi-language-python-exec" "$cache/pulumi-language-python-exec"
  mv "$cache/pulumi-language-python.tmp" "$cache/pulumi-language-python"
}

# The Go language host, for Go programs on the generated SDK (make go-sdk).
# The proxy refuses its standalone module (.../sdk/go/pulumi-language-go/v3);
# the package inside sdk/v3 v3.62.0, the newest sdk/v3 that holds it, builds
# and runs Go programs with CLI 3.259 and the pulumi Go SDK 3.259 (it passes
# the engine's addresses and config to the program in the PULUMI_* variables
# the SDK still reads). It runs `go build` on the program, so a Go program
# needs go on PATH. Added once to a cache of the CLI alone.
build_go() {
  if [ -x "$cache/pulumi-language-go" ]; then
    return
  fi
  log "building pulumi-language-go (sdk/v3 v3.62.0, the newest sdk/v3 that holds it)"
  (cd "$here/language-go" && go build -trimpath -ldflags "-w -s" -o "$cache/pulumi-language-go.tmp" github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go)
  mv "$cache/pulumi-language-go.tmp" "$cache/pulumi-language-go"
}

# The Node.js language host: the package inside sdk/v3 v3.68.0 (the newest the
# module proxy serves), which runs JS and TS programs with CLI 3.259 but does
# not generate programs, behind tools/pulumi/language-nodejs, which forwards
# every call to it and serves GenerateProgram (the code `pulumi import`
# writes) with pkg/v3 codegen/nodejs at the CLI's version. The proxy takes the
# name pulumi-language-nodejs, the host pulumi-language-nodejs-v3.68.0 beside
# it. The proxy is rebuilt whenever its sources change (source-key.sh; it
# serves RunPlugin too, for policy packs given as a folder: runplugin.go).
# A cache made before the proxy has the host under the first name: it is
# copied to the second, and the proxy replaces it in one rename, so a CLI
# running meanwhile always finds a host.
build_nodejs() {
  local key
  key=$("$here/source-key.sh" "$here/language-nodejs")
  if [ -x "$cache/pulumi-language-nodejs-v3.68.0" ] && [ -x "$cache/pulumi-language-nodejs" ] \
     && [ "$(cat "$cache/pulumi-language-nodejs.version" 2>/dev/null)" = "$key" ]; then
    return
  fi
  if [ ! -x "$cache/pulumi-language-nodejs-v3.68.0" ]; then
    if [ -x "$cache/pulumi-language-nodejs" ] && [ ! -f "$cache/pulumi-language-nodejs.version" ]; then
      cp "$cache/pulumi-language-nodejs" "$cache/pulumi-language-nodejs-v3.68.0.tmp"
    else
      log "building pulumi-language-nodejs-v3.68.0 (sdk/v3 v3.68.0, the newest the module proxy serves)"
      (cd "$here/language-host" && go build -trimpath -ldflags "$ldflags" -o "$cache/pulumi-language-nodejs-v3.68.0.tmp" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs)
    fi
    mv "$cache/pulumi-language-nodejs-v3.68.0.tmp" "$cache/pulumi-language-nodejs-v3.68.0"
  fi
  log "building pulumi-language-nodejs (tools/pulumi/language-nodejs: the v3.68.0 host with program generation from pkg/v3 codegen/nodejs)"
  (cd "$here/language-nodejs" && go build -trimpath -ldflags "-w -s" -o "$cache/pulumi-language-nodejs.tmp" .)
  mv "$cache/pulumi-language-nodejs.tmp" "$cache/pulumi-language-nodejs"
  echo "$key" > "$cache/pulumi-language-nodejs.version"
}

ldflags="-w -s -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version"

if [ -x "$cache/pulumi" ] && [ -x "$cache/pulumi-language-nodejs" ] \
   && [ -x "$cache/pulumi-resource-pulumi-nodejs" ] \
   && [ "$("$cache/pulumi" version 2>/dev/null)" = "$version" ]; then
  build_nodejs
  build_yaml
  build_python
  build_go
  log "pulumi $version already built in $cache"
  echo "$cache"
  exit 0
fi

mkdir -p "$cache"

log "building pulumi $version from Go modules (a cold build takes a few minutes)"
(cd "$here/cli" && go build -trimpath -ldflags "$ldflags" -o "$cache/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
mv "$cache/pulumi.tmp" "$cache/pulumi"

build_nodejs

# The dynamic provider shim is a script shipped in the sdk module; the CLI
# looks for it beside its own binary and on PATH, never in node_modules.
sdkdir=$(cd "$here/cli" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)
install -m 0755 "$sdkdir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$cache/pulumi-resource-pulumi-nodejs"

build_yaml
build_python
build_go

log "pulumi $("$cache/pulumi" version) ready in $cache"
echo "$cache"
