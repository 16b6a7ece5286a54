/**
 * The acceptance walk of every resource kind with the real pulumi CLI, in
 * the Terraform order: create, a second preview with no changes, update or
 * replace, refresh after an out-of-band edit, adoption with adoptId,
 * destroy. What each kind does at each step is a row of walk-table.ts; all
 * kinds share one stack, so each step is one command for all of them.
 */
import { ACCOUNT_ID, ExportedResource, expectNoCredentialsIn, output, ProgramResource, Stack, urnName, useStackEmulator } from "./harness";
import { Accounts, isSkip, ROWS as ALL_ROWS, support, Version, WalkContext, WalkRow } from "./walk-table";

jest.setTimeout(600_000);

/** XADS_KIND=<Kind> (make test-kind; XADS_WALK_KIND, its former name, too) walks that kind's rows alone; unset, every row. */
const ONLY = process.env.XADS_KIND ?? process.env.XADS_WALK_KIND;
const ROWS = ONLY ? ALL_ROWS.filter((r) => r.kind === ONLY) : ALL_ROWS;
if (ROWS.length === 0) {
  throw new Error(`XADS_KIND=${ONLY} has no row in tests/e2e/walk-table.ts (kinds: ${[...new Set(ALL_ROWS.map((r) => r.kind))].join(", ")})`);
}

const e2e = useStackEmulator();
let stack: Stack;
let accounts: Accounts;
/** The stack's outputs after the last up: each resource's id by name. */
let ids: Record<string, string>;
/** The adopted resources, by the row they adopt for: their live ids and accounts. */
const adopted = new Map<WalkRow, { spec: ProgramResource; id: string; account: string }>();

const ctx = (): WalkContext => ({ ids, api: e2e.api(), emu: e2e.emu, accounts });
const accountOf = (row: WalkRow) => row.account?.(accounts) ?? ACCOUNT_ID;
const fields = (f: Record<string, unknown> | ((ids: Record<string, string>) => Record<string, unknown>)) => (typeof f === "function" ? f(ids) : f);
const updateOf = (row: WalkRow) => (isSkip(row.update) ? {} : fields(row.update.live));
/** What a row's live entity holds once version 2 is applied. */
const declared = (row: WalkRow) => ({ ...fields(row.created), ...updateOf(row) });

/** The live entity of a resource id, undefined when gone (deleted or missing). */
async function probe(row: WalkRow, id: string, account = accountOf(row)): Promise<Record<string, unknown> | undefined> {
  if (row.probe) return row.probe(ctx(), id, account);
  const entity = e2e.emu.control.entities("sandbox", account, row.collection!, { withDeleted: true }).find((e) => e.id === id);
  return entity && !entity.deleted ? entity : undefined;
}

/** Each row's live entity (by the current ids), keyed by resource name, for one diff of all rows. */
async function liveByName(rows = ROWS): Promise<Record<string, unknown>> {
  return Object.fromEntries(await Promise.all(rows.map(async (r) => [r.name, await probe(r, ids[r.name]!)])));
}

/** The program: the rows' prerequisites, every row at version `v`, then the adopted resources. */
function program(v: Version, options: { unprotect?: boolean } = {}): ProgramResource[] {
  const prerequisites = support(accounts);
  // The rows' needs and what those refer to ("${name.id}"): a prerequisite refers only to earlier ones.
  const needed = new Set(ROWS.flatMap((r) => r.needs ?? []));
  for (const s of [...prerequisites].reverse()) {
    if (needed.has(s.name)) for (const [, ref] of JSON.stringify(s.args).matchAll(/\$\{(\w+)\./g)) needed.add(ref!);
  }
  const unprotect = (row: WalkRow, args: Record<string, unknown>) => (options.unprotect && row.protected ? { ...args, deletionProtection: false } : args);
  return [
    ...prerequisites.filter((s) => needed.has(s.name)),
    ...ROWS.map((r): ProgramResource => ({ type: r.kind, name: r.name, args: unprotect(r, r.args(v, accounts)) })),
    ...ROWS.flatMap((r) => {
      const a = adopted.get(r);
      return a ? [{ ...a.spec, args: unprotect(r, a.spec.args) }] : [];
    }),
  ];
}

/** pulumi up, failing with what the CLI printed; then the new ids. */
async function up(): Promise<void> {
  await stack.must(["up", "--yes", "--skip-preview"]);
  ids = await stack.outputs();
}

beforeAll(async () => {
  accounts = {
    sibling: e2e.emu.control.createAccount("sandbox", { name: "Walk sibling" }).id,
    other: e2e.emu.control.createAccount("sandbox", { name: "Walk other" }).id,
  };
  stack = e2e.stack("walk");
  stack.writeProgram(program(1));
  await stack.init();
});

test("create: one up creates every kind, each live as declared", async () => {
  await up();
  expect(await liveByName()).toMatchObject(Object.fromEntries(ROWS.map((r) => [r.name, fields(r.created)])));
});

test("a second preview shows no changes", async () => {
  await stack.must(["preview", "--expect-no-changes"]);
});

test("update or replace: the preview plans each change as the table says (a replace names its field), and up applies it", async () => {
  const walked = ROWS.flatMap((row) => (isSkip(row.update) ? [] : [{ row, ...row.update }]));
  const before = { ...ids };
  stack.writeProgram(program(2));
  const preview = await stack.must(["preview", "--json"]);
  type Step = { op: string; urn: string; replaceReasons?: string[]; oldState?: { inputs?: Record<string, unknown> }; newState?: { inputs?: Record<string, unknown> } };
  const steps = JSON.parse(preview.stdout).steps as Step[];
  const plans = Object.fromEntries(walked.map(({ row, replaces, field }) => {
    const mine = steps.filter((s) => urnName(s.urn) === row.name);
    const update = mine.find((s) => s.op === "update");
    return [row.name, {
      op: mine.some((s) => s.op === "replace") ? "replace" : update ? "update" : mine.map((s) => s.op).join(","),
      // A replace says which create-only field forces it; an update changes the field in the inputs.
      field: replaces ? mine.flatMap((s) => s.replaceReasons ?? []).includes(field) : JSON.stringify(update?.oldState?.inputs?.[field]) !== JSON.stringify(update?.newState?.inputs?.[field]),
    }];
  }));
  expect(plans).toEqual(Object.fromEntries(walked.map(({ row, replaces }) => [row.name, { op: replaces ? "replace" : "update", field: true }])));

  await up();
  expect(Object.fromEntries(walked.map(({ row }) => [row.name, ids[row.name] === before[row.name]])))
    .toEqual(Object.fromEntries(walked.map(({ row, replaces }) => [row.name, !replaces])));
  expect(await liveByName(walked.map((w) => w.row))).toMatchObject(Object.fromEntries(walked.map(({ row }) => [row.name, declared(row)])));
  // A replacement deletes the old entity, where the platform can delete it.
  const replaced = walked.filter((w) => w.replaces && "deletes" in w.row.destroy).map((w) => w.row);
  expect(Object.fromEntries(await Promise.all(replaced.map(async (r) => [r.name, await probe(r, before[r.name]!)]))))
    .toEqual(Object.fromEntries(replaced.map((r) => [r.name, undefined])));
});

test("refresh after out-of-band edits shows each edited field, drops what the ads UI removed, and up puts the program back", async () => {
  const edited = ROWS.flatMap((row) => (isSkip(row.edit) || "remove" in row.edit ? [] : [{ row, ...row.edit }]));
  const removed = ROWS.filter((row) => "remove" in row.edit);
  for (const { row, apply, patch } of edited) {
    if (apply) await apply(ctx(), ids[row.name]!);
    else e2e.emu.control.edit("sandbox", accountOf(row), row.collection!, String((await probe(row, ids[row.name]!))!.id), patch!);
  }
  for (const row of removed) e2e.emu.control.remove("sandbox", accountOf(row), row.collection!, ids[row.name]!);

  await stack.must(["refresh", "--yes", "--skip-preview"]);
  const state = new Map<string, ExportedResource>((await stack.exported()).map((r) => [urnName(r.urn), r]));
  expect(Object.fromEntries(edited.map(({ row }) => [row.name, state.get(row.name)?.outputs])))
    .toMatchObject(Object.fromEntries(edited.map(({ row, shows }) => [row.name, shows])));
  expect(removed.filter((r) => state.has(r.name)).map((r) => r.name)).toEqual([]);

  await up();
  const changed = [...edited.map((e) => e.row), ...removed];
  expect(await liveByName(changed)).toMatchObject(Object.fromEntries(changed.map((r) => [r.name, declared(r)])));
});

test("adoption: entities made outside the stack are taken over by adoptId without any write, and a preview then shows no changes", async () => {
  // Nothing the platform lacks was ever called (it answers 405).
  expect(e2e.emu.control.requests().filter((r) => r.status === 405)).toEqual([]);
  for (const row of ROWS) {
    if (isSkip(row.adopt)) continue;
    const { id, args } = await row.adopt.seed(ctx());
    adopted.set(row, { id, account: String(args.accountId ?? accountOf(row)), spec: { type: row.kind, name: `${row.name}Adopted`, args: { ...args, adoptId: id } } });
  }
  e2e.emu.control.clearRequests();
  stack.writeProgram(program(2));
  await up();
  expect(e2e.writes()).toEqual([]);
  expect(Object.fromEntries([...adopted.values()].map((a) => [a.spec.name, ids[a.spec.name]])))
    .toEqual(Object.fromEntries([...adopted.values()].map((a) => [a.spec.name, a.id])));
  await stack.must(["preview", "--expect-no-changes"]);
});

test("destroy, once deletionProtection is off, deletes what the platform can delete and says what stays", async () => {
  stack.writeProgram(program(2, { unprotect: true }));
  await up();
  const destroy = await stack.must(["destroy", "--yes", "--skip-preview"]);
  const all = [
    ...ROWS.map((row) => ({ row, name: row.name, id: ids[row.name]!, account: accountOf(row) })),
    ...[...adopted].map(([row, a]) => ({ row, name: a.spec.name, id: a.id, account: a.account })),
  ];
  const left = Object.fromEntries(await Promise.all(all.map(async ({ row, name, id, account }) => [name, (await probe(row, id, account)) !== undefined])));
  expect(left).toEqual(Object.fromEntries(all.map(({ row, name }) => [name, "stays" in row.destroy])));
  for (const row of ROWS) if (row.destroy.says) expect(output(destroy)).toMatch(row.destroy.says);
  expect(await stack.exported()).toEqual([]);
  expect(e2e.emu.control.requests().filter((r) => r.status === 405)).toEqual([]);
});

test("no credential reached the state or anything the CLI printed", async () => {
  await expectNoCredentialsIn(stack);
});
