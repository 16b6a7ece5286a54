/**
 * A Go program (examples/go) on the generated SDK (make go-sdk), built by the
 * Go language host (make pulumi: sdk/v3 v3.62.0's pulumi-language-go, from
 * the module proxy) with modules from the proxy, through the real CLI and
 * the provider plugin pulumi-resource-xads of the installed package, against
 * the emulator: up, a second preview with no changes, destroy; the state
 * holds no credential (exampleOnGeneratedSdk, as the Python program's
 * tests/e2e/python-plugin.test.ts).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { exampleOnGeneratedSdk, goEnv, prepareGoSdk, pulumiDir, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

exampleOnGeneratedSdk(useStackEmulator(), "go", async () => {
  if (!existsSync(join(pulumiDir(), "pulumi-language-go"))) throw new Error(`no pulumi-language-go in ${pulumiDir()}: run make pulumi (make test does)`);
  await prepareGoSdk();
}, goEnv);
