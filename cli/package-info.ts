/**
 * The package's own package.json, found from dist/cli (the installed
 * package) or from cli/ (tests run the sources): one folder apart.
 */
import { join } from "node:path";

export interface PackageInfo {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
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
  throw new Error("pulumi-xads: its package.json was not found next to the CLI");
}
