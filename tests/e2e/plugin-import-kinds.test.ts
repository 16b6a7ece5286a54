/**
 * `pulumi import` of one entity of each kind that an id alone did not
 * import, through the provider plugin, with the real CLI and one YAML
 * program: each entity made by API as the acceptance walk adopts it
 * (walk-table.ts), imported with no write to the platform, under the id
 * form its kind declares (`<lineItemId>:<id>` for a targeting criterion,
 * `<audienceId>:<id>` for an audience permission); the state keeps the
 * entity's own id, as a create records it, the code holds every value the
 * walk declares (a draft's text among them), and with all of the code in
 * the program the next preview shows no changes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Entity } from "../../provider/client";
import { definitionOf, pluginTypeToken } from "../../provider/resources";
import { ACCOUNT_ID, output, Stack, useStackEmulator } from "./harness";
import { isSkip, resolvedRefs, ROWS, seedSupport, WalkContext } from "./walk-table";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
const KINDS = ["TargetingCriterion", "CustomAudiencePermission", "TailoredAudiencePermission", "DoNotReachList", "DraftTweet", "ScheduledTweet", "SandboxAccount"];
/** The support entities the walk's rows refer to (walk-table.ts seedSupport), by name. */
let ids: Record<string, string> = {};
/** Per kind: the entity made by API, the arguments the walk declares it with, and the code pulumi import wrote. */
const made = new Map<string, { id: string; args: Record<string, unknown>; code?: string }>();

/** The walk's arguments with its references (`${buyers.id}`) as the ids they name. */
const resolved = (args: Record<string, unknown>) => resolvedRefs(args, ids);

/** The id pulumi import takes: the parents the kind's import id carries (read from the walk's arguments), then the entity's own. */
const importIdOf = (kind: string, { id, args }: { id: string; args: Record<string, unknown> }) =>
  [...definitionOf(kind).importId.map((f) => resolved(args)[f]), id].join(":");

beforeAll(async () => {
  const api = e2e.api();
  ids = await seedSupport(api);
  // Permissions are granted to another account of the business; the do-not-reach list is the stack's account's (one per account).
  const other = e2e.emu.control.createAccount("sandbox", { name: "Import other" }).id;
  const ctx: WalkContext = { ids, api, emu: e2e.emu, accounts: { sibling: other, other } };
  for (const kind of KINDS) {
    const row = ROWS.find((r) => r.kind === kind);
    if (!row || isSkip(row.adopt)) throw new Error(`the walk has no adoption of ${kind}`);
    const seeded = kind === "DoNotReachList"
      ? { id: (await api.post<Entity>(`/12/accounts/${ACCOUNT_ID}/do_not_reach_lists`, { description: "Imported opt-outs" })).id, args: { description: "Imported opt-outs" } }
      : await row.adopt.seed(ctx);
    made.set(kind, seeded);
  }
  stack = e2e.stack("plugin-import-kinds");
  stack.writeYamlProgram("resources: {}\n");
  await stack.init();
});

test("a targeting criterion's own id alone is refused naming the id form, and nothing is imported or written", async () => {
  e2e.emu.control.clearRequests();
  const refused = await stack.run(["import", "xads:index:TargetingCriterion", "bare", made.get("TargetingCriterion")!.id, "--yes"]);
  expect(refused.code).not.toBe(0);
  expect(output(refused)).toContain("the import id of a targeting criterion must be <lineItemId>:<id>");
  expect(e2e.writes()).toEqual([]);
  expect(await stack.exportedOf("TargetingCriterion")).toEqual([]);
});

test.each(KINDS)("pulumi import of a %s takes it with no write, under its own id, and the code holds the values the walk declares", async (kind) => {
  const entity = made.get(kind)!;
  e2e.emu.control.clearRequests();
  const file = `${kind}.yaml`;
  const imported = await stack.run(["import", pluginTypeToken(kind), `imported-${kind.toLowerCase()}`, importIdOf(kind, entity), "--yes", "--out", file]);
  expect({ kind, code: imported.code, output: output(imported) }).toMatchObject({ kind, code: 0 });
  expect(e2e.writes()).toEqual([]);

  const [state] = await stack.exportedOf(kind);
  // The id a create records: the entity's own, whatever the import id carried.
  expect(state?.id).toBe(entity.id);
  const { accountId: _, ...declared } = resolved(entity.args);
  // What the platform may fill in is left to it, as the walk's program may leave it (unset: not managed) ...
  const computed = definitionOf(kind).fields.computed;
  const managed = Object.fromEntries(Object.entries(declared).filter(([f]) => !computed.includes(f)));
  expect({ kind, inputs: state?.inputs ?? {} }).toMatchObject({ kind, inputs: managed });
  // ... but what check asks the program for: a post's text, required without media.
  if (computed.includes("text")) expect({ kind, text: state?.inputs?.text }).toEqual({ kind, text: declared.text });
  entity.code = readFileSync(join(stack.dir, file), "utf8");
});

test("with the code of every import in the program, the preview shows no changes, and a refresh reads each entity under its own id as it is", async () => {
  const codes = KINDS.map((k) => made.get(k)!.code);
  expect(codes.every((c) => c !== undefined)).toBe(true);
  // Each file is a `resources:` section: one section of all of them.
  const resources = codes.map((c) => c!.replace(/^resources:\n/m, "")).join("");
  stack.writeYamlProgram(`resources:\n${resources}`);
  e2e.emu.control.clearRequests();
  const preview = await stack.preview("--expect-no-changes");
  expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
  // The state's ids and inputs read as a created resource's do: the parents are inputs, the id the entity's own.
  const refreshed = await stack.run(["refresh", "--yes", "--expect-no-changes"]);
  expect({ code: refreshed.code, output: output(refreshed) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
});
