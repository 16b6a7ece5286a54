/**
 * A stack's config through the Pulumi Automation API (the `pulumi` CLI on
 * PATH, the backend and passphrase of the environment): read with secrets
 * decrypted in memory, write secrets as `secure:` ciphertext. Failures
 * become one line; no value is ever printed.
 */
import { resolve } from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import { redact } from "../../provider/client/errors";
import { CliError } from "../errors";

export interface StackConfig {
  stackName: string;
  workDir: string;
  /** Every config value of the stack, secrets decrypted (in memory only). */
  values: Record<string, string | undefined>;
  /** Writes all values as secrets in one `pulumi config set-all`: all or none. */
  setSecrets(values: Record<string, string>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** The stack `stackName` (default: the selected one) of the program in `cwd`. */
export async function openStackConfig(cwd: string, stackName: string | undefined): Promise<StackConfig> {
  // Loaded on use: `xads --help` and the commands without a stack stay fast.
  const { LocalWorkspace } = require("@pulumi/pulumi/automation") as typeof automation;
  const workDir = resolve(cwd);
  const ws = await pulumiStep(`open the Pulumi program in ${workDir}`, [], () => LocalWorkspace.create({ workDir }));
  const name = stackName ?? (await pulumiStep("find the selected stack", [], () => ws.stack()))?.name;
  if (!name) throw new CliError(`no stack selected in ${workDir}: pass --stack <name> or run pulumi stack select`);
  const all = await pulumiStep(`read the config of stack ${name}`, [], () => ws.getAllConfig(name));
  const values: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(all)) values[k] = v.value;
  const secrets = Object.values(values).filter((v): v is string => !!v);
  return {
    stackName: name,
    workDir,
    values,
    async setSecrets(next) {
      const map: automation.ConfigMap = {};
      for (const [k, v] of Object.entries(next)) map[k] = { value: v, secret: true };
      await pulumiStep(`store the credentials in stack ${name}`, [...secrets, ...Object.values(next)], () => ws.setAllConfig(name, map));
    },
    async remove(keys) {
      await pulumiStep(`remove ${keys.join(", ")} from stack ${name}`, secrets, () => ws.removeAllConfig(name, keys));
    },
  };
}

/**
 * The stack's state as `pulumi stack export --show-secrets` gives it (the
 * Automation API's exportStack passes that flag): secrets revealed, so it is
 * kept in memory only and never printed. What `xads draft-preview` and `xads
 * recommendations` map names and ids onto, and where the commands read each
 * provider's settings (cli/stack-providers.ts). An empty stack has none.
 */
export async function exportedState<D>(workDir: string, stackName: string): Promise<D> {
  const { LocalWorkspace } = require("@pulumi/pulumi/automation") as typeof automation;
  const ws = await pulumiStep(`open the Pulumi program in ${workDir}`, [], () => LocalWorkspace.create({ workDir }));
  return ((await pulumiStep(`read the state of stack ${stackName}`, [], () => ws.exportStack(stackName))).deployment ?? {}) as D;
}

/** Runs one Automation API call; a failure is one line: what we tried and pulumi's own error line. */
async function pulumiStep<T>(what: string, secrets: string[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new CliError(redact(`could not ${what}: ${pulumiErrorLine(err)}`, secrets));
  }
}

/** `error: ...` of pulumi's stderr, else the first line of the message. */
export function pulumiErrorLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = /(?:^|\s)error: ([^\n]+)/.exec(text)?.[1] ?? text.split("\n").find((l) => l.trim() !== "") ?? "unknown error";
  return line.trim();
}
