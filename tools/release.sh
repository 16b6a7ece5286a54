#!/usr/bin/env bash
# `make release VERSION=x.y.z [PLUGIN_DOWNLOAD_URL=...]`: the release artefacts of
# one version into .work/release/ (docs/releasing.md):
#   pulumi-xads-<v>.tgz                          the npm package (make pack's, its version and plugin URL written in)
#   pulumi_xads-<v>-py3-none-any.whl, pulumi_xads-<v>.tar.gz
#                                                the Python package, generated from that package's schema.json
#   pulumi-resource-xads-v<v>-<os>-<arch>.tar.gz the plugin for linux and darwin on amd64 and arm64, as
#                                                `pulumi plugin install` and pluginDownloadURL fetch it
#   SHA256SUMS
# One version everywhere: package.json's (the `xads --version`, the plugin's
# GetPluginInfo, the version pulumi-xads/native registers), schema.json's and
# the Python package's are the one given here. Reused while its inputs, the
# version and the URL are unchanged.
#
# `release.sh <version> <out-dir> [plugin-download-url]`; the URL defaults to
# package.json's pulumi.server. Needs what make release builds first: the
# packed package (.work/pulumi-xads.tgz), dist/ and the Python SDK's venv.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
version=${1:?release.sh <version> <out-dir> [plugin-download-url]}
out=${2:?release.sh <version> <out-dir> [plugin-download-url]}
url=${3:-$(node -p 'require(process.argv[1]).pulumi.server' "$root/package.json")}
work="$root/.work"
tarball="$work/pulumi-xads.tgz"
venv="$work/venv-python-sdk"
log() { echo "[make release] $*" >&2; }

if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "make release: VERSION must be a semantic version x.y.z (got '$version')" >&2
  exit 2
fi
for need in "$tarball" "$root/dist/provider/schema.js" "$venv/bin/python"; do
  [ -e "$need" ] || { echo "make release: $need is missing (make release builds it first)" >&2; exit 2; }
done

key=$( { echo "$version $url"; sha256sum "$tarball" "$root/package-lock.json" "$0" "$("$root/tools/pysdk/build.sh" 2>/dev/null | tail -n 1)"; } | sha256sum | cut -c1-16)
if [ "$(cat "$out/.key" 2>/dev/null)" = "$key" ]; then
  log "release $version already in $out"
  exit 0
fi

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$(mktemp -d "$work/release-stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# --- npm: make pack's tarball, its package.json's version and pulumi.server and its
# schema.json written for this release, packed again with npm.
log "npm package pulumi-xads $version"
tar -xzf "$tarball" -C "$stage"
node - "$stage/package" "$version" "$url" <<'EOF'
const [dir, version, url] = process.argv.slice(2);
const { readFileSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const file = join(dir, "package.json");
const pkg = JSON.parse(readFileSync(file, "utf8"));
pkg.version = version;
pkg.pulumi = { ...pkg.pulumi, server: url };
writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
const { renderSchema } = require(join(dir, "dist", "provider", "schema.js"));
writeFileSync(join(dir, "schema.json"), renderSchema(version, url));
EOF
(cd "$stage" && npm pack ./package --pack-destination "$out" --loglevel=error >/dev/null)
test -f "$out/pulumi-xads-$version.tgz"

# --- Python: Pulumi's Python codegen (tools/pysdk) on that schema.json; the wheel and
# sdist built by setuptools' PEP 517 hooks in the Python SDK's venv (setuptools pinned
# there with its hash: nothing downloaded at build time).
log "Python package pulumi_xads $version"
"$root/tools/pysdk/build.sh" "$stage/package/schema.json" "$stage/python-sdk" >/dev/null
# Each from a copy of its own: what one leaves behind (its build folders) the other's
# package discovery would take for a second package.
for kind in sdist wheel; do
  cp -r "$stage/python-sdk" "$stage/python-$kind"
  (cd "$stage/python-$kind" && "$venv/bin/python" -c "import sys, setuptools.build_meta as b; getattr(b, 'build_$kind')(sys.argv[1])" "$out") \
    >"$stage/python-build.log" 2>&1 || { cat "$stage/python-build.log" >&2; exit 1; }
done
test -f "$out/pulumi_xads-$version-py3-none-any.whl"
test -f "$out/pulumi_xads-$version.tar.gz"

# --- The plugin: the package's files, its production dependencies exactly as the
# lockfile has them, and a launcher named as the CLI runs it. Plain JavaScript
# with no native module (checked below): one content for every os and arch,
# run by the Node.js (20.19+) on the machine's PATH.
log "plugin pulumi-resource-xads $version (linux, darwin; amd64, arm64)"
plugin="$stage/plugin"
cp -r "$stage/package" "$plugin"
cp "$root/package-lock.json" "$plugin/"
(cd "$plugin" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
rm -f "$plugin/package-lock.json"
if native=$(find "$plugin/node_modules" -name '*.node' | head -n 1) && [ -n "$native" ]; then
  echo "make release: $native is a native module: the plugin archive would need one per platform" >&2
  exit 1
fi
cat > "$plugin/pulumi-resource-xads" <<'EOF'
#!/bin/sh
# pulumi-resource-xads, as `pulumi plugin install` (or a pluginDownloadURL) installs it:
# the package pulumi-xads and its dependencies beside this file, run by Node.js 20.19+.
here=$(dirname "$(readlink -f "$0")")
if ! command -v node >/dev/null 2>&1; then
  echo "pulumi-resource-xads: Node.js 20.19+ must be on PATH (the plugin is JavaScript)" >&2
  exit 1
fi
exec node "$here/dist/sdk/plugin.js" "$@"
EOF
chmod 0755 "$plugin/pulumi-resource-xads"
first="$out/pulumi-resource-xads-v$version-linux-amd64.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$plugin" -cf - . | gzip -n > "$first"
for target in linux-arm64 darwin-amd64 darwin-arm64; do
  cp "$first" "$out/pulumi-resource-xads-v$version-$target.tar.gz"
done

(cd "$out" && sha256sum -- *.tgz *.whl *.tar.gz > SHA256SUMS)
echo "$key" > "$out/.key"
log "release $version in $out: $(cd "$out" && ls | tr '\n' ' ')"
