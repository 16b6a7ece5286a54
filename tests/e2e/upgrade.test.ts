/**
 * Upgrades (docs/upgrades.md): every stack recorded by a release
 * (tests/e2e/upgrade-states.ts: a dynamic-provider stack of a TypeScript
 * program, a provider-plugin stack of a YAML program) is imported into a
 * fresh backend and run by the package as packed now, with the program it
 * was recorded with: refresh and preview find no change, an update of one
 * field goes through in place, destroy deletes every entity. It fails when
 * the path the state requires no longer resolves, when a method or a kind
 * the state names is gone, or when an input changed meaning (the preview
 * would plan a change).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { kindOfResource } from "../../provider/resources";
import { CONSUMER, ExportedResource, output, Stack, useStackEmulator } from "./harness";
import { EARLIER_STATE_ENTRY_POINTS, importRecording, RECORDED_CREDENTIALS, recordedState, Recording, recordings } from "./upgrade-states";

jest.setTimeout(600_000);

const e2e = useStackEmulator({ credentials: RECORDED_CREDENTIALS });

/** The dynamic provider object's members: what `__provider`'s prototype must export (pulumi.dynamic.ResourceProvider). */
const PROVIDER_METHODS = ["check", "configure", "create", "delete", "diff", "read", "update"];

/** A module path as the installed package resolves it from a user's folder: its exports' names and types, or the error. */
function loadInConsumer(path: string): string {
  const script = "const m = require(process.argv[1]); console.log(JSON.stringify(Object.keys(m).sort().map((k) => `${k}:${typeof m[k]}`)))";
  try {
    return execFileSync(process.execPath, ["-e", script, path], { cwd: CONSUMER, encoding: "utf8", stdio: "pipe" }).trim();
  } catch (err) {
    return `does not load: ${(err as { stderr?: string }).stderr?.split("\n").find((l) => l.includes("Error")) ?? String(err)}`;
  }
}

/** The collections of the kinds the recorded programs declare. */
const collections = ["funding_instruments", "campaigns", "line_items", "targeting_criteria", "promoted_tweets", "tracking_tags"];

const xadsResources = (resources: ExportedResource[]) => resources.filter((r) => kindOfResource(r.type, r.inputs) !== undefined || r.type.startsWith("xads:"));

test("there is a recorded stack of each path for this package's version", () => {
  const { version } = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string };
  expect(recordings().filter((r) => r.version === version).map((r) => r.path)).toEqual(["dynamic", "plugin"]);
});

test("the state's entry points of earlier builds resolve in the packed package, to the provider's methods", () => {
  for (const path of EARLIER_STATE_ENTRY_POINTS) {
    expect({ path, exports: loadInConsumer(path) }).toEqual({ path, exports: JSON.stringify(PROVIDER_METHODS.map((m) => `${m}:function`)) });
  }
});

describe.each(recordings().map((r) => [`${r.version} ${r.path}`, r] as const))("the %s stack, upgraded to this package", (_name, rec: Recording) => {
  let stack: Stack;
  let recorded: ExportedResource[];
  const ids = (resources: ExportedResource[]) => resources.map((r) => `${r.urn} ${r.id}`).sort();

  beforeAll(async () => {
    stack = e2e.stack(`upgrade-${rec.version}-${rec.path}`);
    recorded = xadsResources(JSON.parse(recordedState(rec, e2e.emu)).deployment.resources);
    await importRecording(stack, rec);
  });

  test("what the state names is served by the packed package: the paths its providers require, their methods, its kinds and type tokens", () => {
    expect(recorded.length).toBeGreaterThanOrEqual(5);
    if (rec.path === "dynamic") {
      const providers = recorded.map((r) => String(r.inputs?.__provider));
      const paths = [...new Set(providers.flatMap((p) => [...p.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!)))];
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect({ path, exports: loadInConsumer(path) }).toEqual({ path, exports: JSON.stringify(PROVIDER_METHODS.map((m) => `${m}:function`)) });
      for (const r of recorded) expect({ urn: r.urn, kind: kindOfResource(r.type, r.inputs) }).toEqual({ urn: r.urn, kind: expect.any(String) });
    } else {
      // The plugin's tokens are its packed schema's (pulumi-resource-xads serves what schema.json names).
      const schema = JSON.parse(readFileSync(join(CONSUMER, "node_modules", "pulumi-xads", "schema.json"), "utf8")) as { resources: Record<string, unknown> };
      for (const r of recorded) expect({ type: r.type, served: Object.hasOwn(schema.resources, r.type) }).toEqual({ type: r.type, served: true });
    }
  });

  test("every entity the state names is live in the emulator, as recorded", () => {
    const live = new Set(collections.flatMap((c) => e2e.live(c).map((e) => e.id)));
    expect(recorded.filter((r) => !live.has(r.id!)).map((r) => r.urn)).toEqual([]);
  });

  test("refresh finds no change and no error", async () => {
    const refresh = await stack.run(["refresh", "--yes", "--expect-no-changes"]);
    expect({ code: refresh.code, output: output(refresh) }).toMatchObject({ code: 0 });
  });

  test("a preview of the recorded program plans no change", async () => {
    const preview = await stack.preview("--expect-no-changes", "--diff");
    expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
  });

  test("an update of one field (the campaign's name) goes through in place: every id stays", async () => {
    const file = join(stack.dir, rec.path === "dynamic" ? "index.ts" : "Pulumi.yaml");
    const program = readFileSync(file, "utf8");
    expect(program.split("Upgrade campaign").length).toBe(2);
    writeFileSync(file, program.replace("Upgrade campaign", "Upgrade campaign renamed"));
    const up = await stack.run(["up", "--yes", "--skip-preview"]);
    expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });
    const after = xadsResources((await stack.deployment()).resources);
    expect(ids(after)).toEqual(ids(recorded));
    const campaign = after.find((r) => kindOfResource(r.type, r.inputs) === "Campaign")!;
    expect(e2e.live("campaigns").find((c) => c.id === campaign.id)).toMatchObject({ name: "Upgrade campaign renamed" });
  });

  test("destroy deletes every entity the state named", async () => {
    const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect({ code: destroy.code, output: output(destroy) }).toMatchObject({ code: 0 });
    expect(await stack.exported()).toEqual([]);
    const stillLive = collections.flatMap((c) => e2e.live(c).map((e) => e.id)).filter((id) => recorded.some((r) => r.id === id));
    expect(stillLive).toEqual([]);
  });
});
