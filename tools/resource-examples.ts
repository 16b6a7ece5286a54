/**
 * The example of each kind's reference page (docs/resources/<Kind>.md): the
 * program fragment of its row in the e2e walk (tests/e2e/walk-table.ts,
 * version 1's arguments), which a real `pulumi up` runs against the
 * emulator, so a page shows what the walk proves and a new kind's example
 * is its walk row. A string `${name.id}` refers to the resource `name` (of
 * the support resources or the example itself); `${siblingAccountId}` is
 * another ads account the program is given.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { DEMO_ACCOUNT_ID } from "../emulator";
import type { ResourceKind } from "../provider/resources";

export interface Example {
  /** The resource's name in the program (its variable too). */
  name: string;
  args: Record<string, unknown>;
}

/** A fixed time in the future (the walk takes a month from now, which a committed page cannot). */
export const SCHEDULED_AT = "2027-01-15T09:00:00Z";

/** The other accounts of the walk, as the examples name them (given to the program). */
const ACCOUNTS = { sibling: "${siblingAccountId}", other: "${otherAccountId}" };

/** What the pages read of the walk table (tests/e2e/walk-table.ts). */
interface WalkTable {
  ROWS: readonly { kind: string; name: string; args(v: 1, a: typeof ACCOUNTS): Record<string, unknown> }[];
  support(a: typeof ACCOUNTS): { type: string; name: string; args: Record<string, unknown> }[];
}

/**
 * The walk table, required by its path: a static import would compile the
 * e2e tests into the package's dist/ (tools/*.ts are built). The generator
 * runs under ts-node and the tests under jest, which both load it.
 */
function walkTable(): WalkTable {
  // Its rows' expected live values use jest's asymmetric matchers (expect.anything()): outside jest (the generator), jest's own expect.
  (globalThis as { expect?: unknown }).expect ??= (require("expect") as { expect: unknown }).expect;
  let root = __dirname;
  while (!existsSync(join(root, "package.json"))) root = dirname(root);
  return require(join(root, "tests/e2e/walk-table")) as WalkTable;
}

/**
 * A walk row's arguments as a page shows them: the stack's own account left
 * to `xads:accountId`, and the walk's time a month from now as the page's
 * fixed future time.
 */
export function asOnPage(args: Record<string, unknown>): Record<string, unknown> {
  const { accountId, ...rest } = args;
  const out: Record<string, unknown> = accountId === DEMO_ACCOUNT_ID ? rest : args;
  return "scheduledAt" in out ? { ...out, scheduledAt: SCHEDULED_AT } : out;
}

/** The resources examples refer to: the walk's prerequisites (support), in the order a program declares them. */
export function supportResources(): (Example & { kind: ResourceKind })[] {
  return walkTable().support(ACCOUNTS).map((s) => ({ kind: s.type as ResourceKind, name: s.name, args: asOnPage(s.args) }));
}

/** One example per kind: version 1 of its walk row (accounts other than the stack's are given). */
export function examples(): Record<ResourceKind, Example> {
  return Object.fromEntries(walkTable().ROWS.map((row) => [row.kind, { name: row.name, args: asOnPage(row.args(1, ACCOUNTS)) }])) as Record<ResourceKind, Example>;
}
