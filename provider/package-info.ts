/**
 * The package's own package.json, found from dist/<folder> (the installed
 * package) or from <folder>/ (tests run the sources): one folder apart. The
 * one source of the package's version (the `xads` command's, the plugin's
 * GetPluginInfo, schema.json's, the version pulumi-xads/native registers) and
 * of the plugin's download URL (its `pulumi.server`, as Pulumi's provider
 * packages name it: schema.json's pluginDownloadURL). `make release` writes
 * both into the released copies (tools/release.sh).
 */
import { join } from "node:path";

export interface PackageInfo {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  /**
   * Where the Pulumi CLI downloads the plugin pulumi-resource-xads when a
   * program asks for it and it is not installed (docs/plugin.md). No
   * `resource: true` beside it: that would make the CLI fetch the plugin for
   * every TypeScript program, the dynamic ones that never start it included.
   */
  pulumi?: { name?: string; server?: string };
}

export function packageInfo(): PackageInfo {
  for (const up of ["../..", ".."]) {
    try {
      const pkg = require(join(__dirname, up, "package.json")) as Partial<PackageInfo>;
      if (pkg.name === "pulumi-xads") return { dependencies: {}, devDependencies: {}, version: "unknown", ...pkg } as PackageInfo;
    } catch {
      // not at this level
    }
  }
  throw new Error("pulumi-xads: its package.json was not found next to its code");
}

/** The plugin's download URL of package.json (`pulumi.server`), if it names one. */
export const pluginDownloadURL = (pkg: PackageInfo = packageInfo()): string | undefined => pkg.pulumi?.server;
