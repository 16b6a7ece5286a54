/**
 * `pulumi import` of a whole account through the provider plugin, with the
 * real CLI and a YAML program: the account holds a live entity of every kind
 * `xads import` imports, each made by API as the acceptance walk adopts it
 * (walk-table.ts). `xads import --format pulumi-import` writes the import
 * file; `pulumi import --file` takes every entity into the stack with no
 * write; the code it writes holds every value each resource manages (what
 * the registry's importedInputs makes of the live entity), and with that
 * code in the program the next preview shows no changes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IMPORT_KINDS, listQueries } from "../../cli/import-kinds";
import type { Entity } from "../../provider/client";
import { definitionOf, pluginTypeToken } from "../../provider/resources";
import { ACCOUNT_ID, output, Stack, useStackEmulator } from "./harness";
import { isSkip, resolvedRefs, ROWS, seedSupport, WalkContext } from "./walk-table";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
/** The support entities the walk's rows refer to (walk-table.ts seedSupport), by name. */
let ids: Record<string, string> = {};
/** Per kind xads import imports: the entity made as the walk adopts one, and the arguments that declare it. */
const made = new Map<string, { id: string; args: Record<string, unknown> }>();
const importFile = () => join(stack.dir, "account.import.json");

/** The walk's arguments with its references (`${usd.id}`) as the ids they name. */
const resolved = <T>(args: T): T => resolvedRefs(args, ids);

/** The live entity of a kind, as xads import reads it (a targeting criterion: listed by its line item; an app list: by id, its list lacking apps). */
async function liveOf(kind: string, id: string): Promise<Entity> {
  const spec = IMPORT_KINDS.find((k) => k.kind === kind)!;
  if (spec.readEach) return e2e.api().get<Entity>(`/12/accounts/${ACCOUNT_ID}/${spec.collection}/${id}`);
  const parentField = Object.entries(spec.refs ?? {}).find(([, k]) => k === spec.by?.parent)?.[0];
  const [query] = listQueries(spec, () => (parentField ? [(resolved(made.get(kind)!.args) as Record<string, string>)[parentField]!] : []));
  const listed = await e2e.api().list<Entity>(`/12/accounts/${ACCOUNT_ID}/${spec.collection}`, query!);
  return listed.find((e) => e.id === id)!;
}

beforeAll(async () => {
  const api = e2e.api();
  ids = await seedSupport(api);
  const ctx: WalkContext = { ids, api, emu: e2e.emu, accounts: { sibling: ACCOUNT_ID, other: ACCOUNT_ID } };
  for (const { kind } of IMPORT_KINDS) {
    const row = ROWS.find((r) => r.kind === kind);
    if (!row || isSkip(row.adopt)) throw new Error(`the walk has no adoption of ${kind}, which xads import imports: add one (walk-table.ts)`);
    made.set(kind, await row.adopt.seed(ctx));
  }
  // Keys the platform answers only as addresses (the poster as poster_media_url): what pulumi import cannot read.
  ids.poster = (await api.post<Entity>(`/12/accounts/${ACCOUNT_ID}/cards/video_conversation`, {
    name: "Poster poll", media_key: "7_3001", poster_media_key: "3_1001", unlocked_video_media_key: "7_3002", title: "Which one?", first_cta: "#One", first_cta_tweet: "One", thank_you_text: "Thanks!",
  })).id;
  stack = e2e.stack("plugin-import-account");
  stack.writeYamlProgram("resources: {}\n");
  await stack.init();
});

test("xads import --format pulumi-import writes the import file of the account: every entity, by the plugin's type tokens", async () => {
  const written = await stack.xads(["import", "--account", ACCOUNT_ID, "--format", "pulumi-import", "--out", importFile()], { env: e2e.env() });
  expect({ code: written.code, output: output(written) }).toMatchObject({ code: 0 });
  const { resources } = JSON.parse(readFileSync(importFile(), "utf8")) as { resources: { type: string; name: string; id: string }[] };
  // By the id pulumi import takes: a targeting criterion's with its line item's.
  for (const [kind, { id }] of made) expect(resources).toContainEqual({ type: pluginTypeToken(kind), name: expect.any(String), id: definitionOf(kind).importIdOf(await liveOf(kind, id)) });
  for (const support of Object.values(ids)) expect(resources.map((r) => r.id)).toContain(support);
});

test("pulumi import --file takes every entity with no write, and the code it writes holds every managed live value and previews no changes", async () => {
  e2e.emu.control.clearRequests();
  const imported = await stack.run(["import", "--file", importFile(), "--yes", "--out", "imported.yaml"]);
  expect({ code: imported.code, output: output(imported) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);

  // What the state's inputs hold is the code pulumi import wrote; the preview below holds the code to them.
  const exported = JSON.parse((await stack.must(["stack", "export"])).stdout) as { deployment: { resources: { type: string; id?: string; inputs?: Record<string, unknown> }[] } };
  for (const [kind, { id, args }] of made) {
    const state = exported.deployment.resources.find((r) => r.type === pluginTypeToken(kind) && r.id === id);
    expect({ kind, inputs: state?.inputs }).toMatchObject({
      kind,
      inputs: { accountId: ACCOUNT_ID, ...definitionOf(kind).importedInputs(await liveOf(kind, id)) },
    });
    // The walk declares the entity with these: each the resource manages is in the code (what the platform fills in is left to it, as xads import leaves it).
    const managed = Object.entries(resolved(args) as object).filter(([f]) => !definitionOf(kind).fields.computed.includes(f));
    expect({ kind, inputs: state?.inputs }).toMatchObject({ kind, inputs: Object.fromEntries(managed) });
  }

  const code = readFileSync(join(stack.dir, "imported.yaml"), "utf8");
  expect(code).toContain("name: Adopted campaign");
  expect(code).toContain("trackingTagUrl: https://tags.example/adopted");
  // Never answered back, so not imported: no difference, and the next up leaves them as they are.
  expect(code).toContain("name: Poster poll");
  for (const key of ["posterMediaKey", "unlockedVideoMediaKey"]) expect(code).not.toContain(key);
  stack.writeYamlProgram(code);
  const preview = await stack.preview("--expect-no-changes");
  expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
  expect(e2e.live("video_conversation_cards").find((c) => c.id === ids.poster)).toMatchObject({ poster_media_key: "3_1001", unlocked_video_media_key: "7_3002" });
});
