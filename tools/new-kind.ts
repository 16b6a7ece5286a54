/**
 * `npm run new-kind -- <Name> <collection>`: scaffolds the six hand-written
 * files of a new resource kind (CONTRIBUTING.md), each with TODOs that
 * compile, and adds its registry line; then prints what to fill in. The
 * corpus fixtures it writes fail the corpus tests until their TODOs are
 * replaced with the official reference's examples: a fixture is never
 * invented.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Scaffold {
  /** New files, relative to the repository's root. */
  created: Record<string, string>;
  /** Edited files (the registry and the walk table), their whole new text. */
  edited: Record<string, string>;
}

/** `AppList` -> `app-list`. */
export const kebab = (kind: string) => kind.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
/** `AppList` -> `appList`. */
const camel = (kind: string) => kind[0]!.toLowerCase() + kind.slice(1);
/** `AppList` -> `app list`. */
const words = (kind: string) => kebab(kind).replace(/-/g, " ");

/** The corpus file name of an endpoint below the account, e.g. `GET.12.accounts.account_id.app_lists.json`. */
const fixtureName = (method: string, collection: string) => `${method}.12.accounts.account_id.${collection.replace(/\//g, ".")}.json`;

function declaration(kind: string, collection: string): string {
  const v = camel(kind);
  return `/**
 * ${words(kind)}: TODO what it is, citing the official reference
 * (xdevplatform/docs x-ads-api/<file>.mdx, <section>): its endpoints and
 * what the platform cannot do (no PUT: \`immutable: true\`; no DELETE:
 * \`leftInPlace\`).
 */
import { z } from "zod";
import { accountIdInput, adoptIdInput, name } from "./common";
import { defineResource } from "./define";

// --------------------------------------------------------------- schema ---

export const ${v}Inputs = z.strictObject({
  accountId: accountIdInput,
  // TODO: the platform's fields, each declared once beside its type (createOnly, computed, clearable, field(..., { wire })).
  name: name().describe("TODO: the ${words(kind)}'s name."),
  adoptId: adoptIdInput,
}).describe("TODO: what a ${words(kind)} is, in one or two sentences.");

export type ${kind}Inputs = z.infer<typeof ${v}Inputs>;

// ------------------------------------------------------------ lifecycle ---

export const ${v} = defineResource("${kind}", ${v}Inputs, {
  collection: "${collection}",
});
`;
}

function route(kind: string, collection: string): string {
  const v = camel(kind);
  return `/**
 * ${words(kind)}: TODO the endpoints of the official reference
 * (xdevplatform/docs x-ads-api/<file>.mdx, <section>), their parameters and
 * limits.
 */
import { z } from "zod";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";

export interface ${kind} extends StoredEntity {
  name: string;
}

// TODO: the POST's parameters, as the reference's table gives them.
const createParams = z.object({ name: param.name() });

function create(_ctx: ResourceContext, params: WireParams): NewFields<${kind}> {
  return parseParams(createParams, params);
}

export const ${v}s: ResourceSpec<${kind}> = {
  collection: "${collection}",
  noun: "${words(kind)}",
  list: () => ({ ids: [{ param: "${collection.split("/").pop()!.replace(/ies$/, "y").replace(/s$/, "")}_ids", value: (e) => e.id }], sortable: ["created_at", "updated_at"] }),
  create,
  // TODO: update (a PUT's parameters and rules), where the platform has one.
  deletable: true,
};

export const ${v}Routes = resourceRoutes(${v}s);
`;
}

function fixture(method: "GET" | "POST", collection: string): string {
  const example = method === "GET" ? `GET https://ads-api.x.com/12/accounts/18ce54d4x5t/${collection}` : `POST https://ads-api.x.com/12/accounts/18ce54d4x5t/${collection}?name=TODO`;
  return `${JSON.stringify({
    endpoint: `${method} /12/accounts/:account_id/${collection}`,
    base: "ads",
    source: ["TODO: owner/repo:path of the official reference or SDK fixture (xdevplatform/docs:x-ads-api/<file>.mdx)"],
    section: `${method} accounts/:account_id/${collection}`,
    notes: "TODO: what to notice; mends made to the source",
    request: { form: "query", example, params: { account_id: "path segment, id string; required" } },
    response: { status: 200, body: { request: { params: {} }, data: "TODO: the reference's example response, every key kept" } },
  }, null, 2)}\n`;
}

function unitTest(kind: string): string {
  const v = camel(kind);
  return `import { ${v} } from "../../provider/resources/${kebab(kind)}";

const valid = () => ({ accountId: "18ce54d4x5t", name: "TODO" });
const reasons = (news: Record<string, unknown>) => (${v}.check({}, news).failures ?? []).map((f) => f.reason);

describe("${kind}", () => {
  test("valid inputs pass", () => {
    expect(reasons(valid())).toEqual([]);
  });

  // TODO: each limit refused with its exact message (the field, the value's problem, the limit); diff replaces exactly the create-only fields.
});
`;
}

function walkRow(kind: string, collection: string): string {
  return `  {
    // TODO: the walk of ${kind}: a change of version 2, an edit made outside the stack, an adoption (or a skip with the reason of each).
    kind: "${kind}", name: "${camel(kind)}", collection: "${collection}",
    args: (v) => ({ name: v === 1 ? "Walk ${words(kind)}" : "Walk ${words(kind)} 2" }),
    created: { name: "Walk ${words(kind)}" },
    update: { skip: "TODO" },
    edit: { skip: "TODO" },
    adopt: { skip: "TODO" },
    destroy: { deletes: true },
  },
`;
}

/** The new files and the edits of the registry and the walk table, from their current text. */
export function scaffold(kind: string, collection: string, current: { registry: string; walkTable: string }): Scaffold {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(kind)) throw new Error(`the kind must be PascalCase, e.g. AppList (got "${kind}")`);
  if (!/^[a-z][a-z0-9_]*(\/[a-z][a-z0-9_]*)?$/.test(collection)) throw new Error(`the collection must be the platform's snake_case path below the account, e.g. app_lists (got "${collection}")`);
  const v = camel(kind);
  const lastImport = current.registry.lastIndexOf("\nimport ");
  const afterImports = current.registry.indexOf("\n", lastImport + 1) + 1;
  const close = current.registry.indexOf("} as const satisfies");
  if (lastImport < 0 || close < 0) throw new Error("provider/resources/index.ts has no imports or no RESOURCES registry to add to");
  const registry = current.registry.slice(0, afterImports) + `import { ${v} } from "./${kebab(kind)}";\n`
    + current.registry.slice(afterImports, close) + `  ${kind}: ${v},\n` + current.registry.slice(close);
  const rowsEnd = current.walkTable.lastIndexOf("];");
  if (rowsEnd < 0) throw new Error("tests/e2e/walk-table.ts has no ROWS to add to");
  return {
    created: {
      [`provider/resources/${kebab(kind)}.ts`]: declaration(kind, collection),
      [`emulator/routes/${collection.replace(/[_/]/g, "-")}.ts`]: route(kind, collection),
      [`tests/conformance/corpus/${fixtureName("GET", collection)}`]: fixture("GET", collection),
      [`tests/conformance/corpus/${fixtureName("POST", collection)}`]: fixture("POST", collection),
      [`tests/unit/${kebab(kind)}.test.ts`]: unitTest(kind),
    },
    edited: {
      "provider/resources/index.ts": registry,
      "tests/e2e/walk-table.ts": current.walkTable.slice(0, rowsEnd) + walkRow(kind, collection) + current.walkTable.slice(rowsEnd),
    },
  };
}

function main(): void {
  const [kind, collection] = process.argv.slice(2);
  if (!kind || !collection) {
    console.error("npm run new-kind -- <Name> <collection>   e.g. npm run new-kind -- AppList app_lists");
    process.exit(2);
  }
  const root = join(__dirname, "..");
  const read = (path: string) => readFileSync(join(root, path), "utf8");
  const s = scaffold(kind, collection, { registry: read("provider/resources/index.ts"), walkTable: read("tests/e2e/walk-table.ts") });
  const taken = Object.keys(s.created).filter((path) => existsSync(join(root, path)));
  if (taken.length > 0) throw new Error(`not overwritten: ${taken.join(", ")} exist`);
  for (const [path, text] of Object.entries({ ...s.created, ...s.edited })) writeFileSync(join(root, path), text);
  console.log([
    `${kind}: scaffolded (CONTRIBUTING.md says what each file holds):`,
    ...Object.keys(s.created).map((p) => `  new   ${p}`),
    ...Object.keys(s.edited).map((p) => `  added ${kind} to ${p}`),
    "",
    "Fill in every TODO:",
    "  - the declaration: the platform's fields, what each is (createOnly, computed, clearable, wire name), immutable / leftInPlace, rules;",
    "  - the emulator route: the parameters, rules and limits of the official reference (no code shared with provider/);",
    "  - the corpus fixtures: the reference's example requests and responses, every key kept (format: tests/conformance/README.md),",
    "    and a fixture of each other endpoint the kind calls (PUT and DELETE of one entity, the GET of one);",
    "  - the unit test and the walk row.",
    "Then:",
    "  make generate",
    `  make test-kind KIND=${kind}`,
  ].join("\n"));
}

if (require.main === module) main();
