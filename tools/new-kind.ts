/**
 * `npm run new-kind -- <Name> <collection> [--no-put] [--no-delete]`:
 * scaffolds every hand-written file of a new resource kind
 * (CONTRIBUTING.md, "A new kind, file by file"): its declaration, emulator
 * route, one corpus fixture per endpoint its declaration implies (the list,
 * the GET of one, the POST, the PUT and DELETE of one unless `--no-put`
 * (`immutable`) or `--no-delete` (`leftInPlace`)), its unit test, and its
 * lines in the registry and the walk table. What only the official
 * reference can say is a placeholder holding PLACEHOLDER: a test fails
 * while one remains (tests/unit/new-kind.test.ts), so a fixture is never
 * invented. The rest (adoption test, replay case with its PUT, the parent
 * the conformance drive makes) is derived from the registry and the walk
 * row.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { idsParamOf } from "../provider/resources/declaration";

/** What marks a value only the reference can give; no committed file may hold it. */
export const PLACEHOLDER = "FILL-IN";
/** A placeholder saying what to fill in. */
const fill = (what: string) => `${PLACEHOLDER}: ${what}`;

/** What the platform cannot do, from the reference: no PUT, no DELETE. */
export interface Operations {
  /** The platform has no PUT of one entity (`immutable: true`). */
  noPut?: boolean;
  /** The platform has no DELETE (`leftInPlace`). */
  noDelete?: boolean;
}

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

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** `app_lists` -> `app_list_id`: the path parameter of one entity, by the platform's convention. */
const idParam = (collection: string) => idsParamOf(collection.split("/").pop()!).replace(/_ids$/, "_id");

/** The endpoint template of the collection (`one`: of one entity), e.g. `/12/accounts/:account_id/app_lists/:app_list_id`. */
const template = (collection: string, one: boolean) => `/12/accounts/:account_id/${collection}${one ? `/:${idParam(collection)}` : ""}`;

/** The corpus file name of an endpoint below the account, e.g. `GET.12.accounts.account_id.app_lists.app_list_id.json`. */
const fixtureName = (method: Method, collection: string, one: boolean) =>
  `${method}.12.accounts.account_id.${collection.replace(/\//g, ".")}${one ? `.${idParam(collection)}` : ""}.json`;

/** The endpoints a kind's standard lifecycle calls or the reference records (tests/conformance/corpus.ts resourceEndpoints), as [method, one entity]. */
function endpointsOf(ops: Operations): [Method, boolean][] {
  return [["GET", false], ["GET", true], ["POST", false], ...(ops.noPut ? [] : [["PUT", true]] as [Method, boolean][]), ...(ops.noDelete ? [] : [["DELETE", true]] as [Method, boolean][])];
}

function declaration(kind: string, collection: string, ops: Operations): string {
  const v = camel(kind);
  const options = [
    `  collection: "${collection}",`,
    ...(ops.noPut ? ["  // The platform has no PUT of one entity (the reference's section lists none)."] : []),
    ...(ops.noPut ? ["  immutable: true,"] : []),
    ...(ops.noDelete ? ["  // The platform has no DELETE (the reference's section lists none): destroy leaves the entity."] : []),
    ...(ops.noDelete ? [`  leftInPlace: (id) => \`the platform has no DELETE: ${words(kind)} \${id} is left in place\`,`] : []),
  ];
  return `/**
 * ${words(kind)}: ${fill("what it is, citing the official reference (xdevplatform/docs x-ads-api/<file>.mdx, <section>)")}.
 * Its enums and limits shared with other kinds are in provider/limits.ts (CONTRIBUTING.md, "Enums and limits").
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
${options.join("\n")}
});
`;
}

function route(kind: string, collection: string, ops: Operations): string {
  const v = camel(kind);
  return `/**
 * ${words(kind)}: ${fill("the endpoints of the official reference (xdevplatform/docs x-ads-api/<file>.mdx, <section>)")},
 * their parameters and limits.
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
  list: () => ({ ids: [{ param: "${idsParamOf(collection.split("/").pop()!)}", value: (e) => e.id }], sortable: ["created_at", "updated_at"] }),
  create,
${ops.noPut ? "" : "  // TODO: update (the PUT's parameters and rules, as the reference's table gives them).\n"}  deletable: ${ops.noDelete ? "false" : "true"},
};

export const ${v}Routes = resourceRoutes(${v}s);
`;
}

/** A fixture of one endpoint: its form, with placeholders where only the reference's section can say. */
function fixture(method: Method, collection: string, one: boolean): string {
  const path = template(collection, one);
  const concrete = path.replace(":account_id", "18ce54d4x5t").replace(`:${idParam(collection)}`, fill("the example's id"));
  return `${JSON.stringify({
    endpoint: `${method} ${path}`,
    base: "ads",
    source: [fill("owner/repo:path of the official reference or SDK fixture, e.g. xdevplatform/docs:x-ads-api/<file>.mdx")],
    section: `${method} ${path.slice("/12/".length)}`,
    notes: fill("what to notice; mends made to the source; or an empty string"),
    request: {
      form: "query",
      example: `${method} https://ads-api.x.com/12${concrete.slice("/12".length)}${method === "POST" || method === "PUT" ? `?${fill("the example's parameters")}` : ""}`,
      params: {
        account_id: "path segment, id string; required",
        ...(one ? { [idParam(collection)]: "path segment, id string; required" } : {}),
        [fill("each parameter of the reference's table")]: "query, <its form>; required or optional",
      },
    },
    response: { status: 200, body: fill("the reference's example response, envelope and every key kept") },
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
export function scaffold(kind: string, collection: string, current: { registry: string; walkTable: string }, ops: Operations = {}): Scaffold {
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
      [`provider/resources/${kebab(kind)}.ts`]: declaration(kind, collection, ops),
      [`emulator/routes/${collection.replace(/[_/]/g, "-")}.ts`]: route(kind, collection, ops),
      ...Object.fromEntries(endpointsOf(ops).map(([method, one]) => [`tests/conformance/corpus/${fixtureName(method, collection, one)}`, fixture(method, collection, one)])),
      [`tests/unit/${kebab(kind)}.test.ts`]: unitTest(kind),
    },
    edited: {
      "provider/resources/index.ts": registry,
      "tests/e2e/walk-table.ts": current.walkTable.slice(0, rowsEnd) + walkRow(kind, collection) + current.walkTable.slice(rowsEnd),
    },
  };
}

const USAGE = "npm run new-kind -- <Name> <collection> [--no-put] [--no-delete]   e.g. npm run new-kind -- AppList app_lists --no-put";

function main(): void {
  const args = process.argv.slice(2);
  const [kind, collection, ...flags] = args;
  const unknown = flags.filter((f) => !["--no-put", "--no-delete"].includes(f));
  if (!kind || !collection || unknown.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const root = join(__dirname, "..");
  const read = (path: string) => readFileSync(join(root, path), "utf8");
  const ops = { noPut: flags.includes("--no-put"), noDelete: flags.includes("--no-delete") };
  const s = scaffold(kind, collection, { registry: read("provider/resources/index.ts"), walkTable: read("tests/e2e/walk-table.ts") }, ops);
  const taken = Object.keys(s.created).filter((path) => existsSync(join(root, path)));
  if (taken.length > 0) throw new Error(`not overwritten: ${taken.join(", ")} exist`);
  for (const [path, text] of Object.entries({ ...s.created, ...s.edited })) writeFileSync(join(root, path), text);
  console.log([
    `${kind}: scaffolded (CONTRIBUTING.md, "A new kind, file by file", says what each file holds):`,
    ...Object.keys(s.created).map((p) => `  new   ${p}`),
    ...Object.keys(s.edited).map((p) => `  added ${kind} to ${p}`),
    "",
    `Replace every ${PLACEHOLDER} with what the official reference says (tests/unit/new-kind.test.ts fails while one remains), and every TODO:`,
    "  - the declaration: the platform's fields, what each is (createOnly, computed, clearable, wire name), rules;",
    "  - the emulator route: the parameters, rules and limits of the official reference (no code shared with provider/);",
    "  - the corpus fixtures: the reference's example requests and responses, every key kept (format: tests/conformance/README.md);",
    "    delete a fixture of an endpoint the reference does not have (then declare immutable or leftInPlace);",
    "  - the unit test and the walk row (a parent it needs: a support resource of walk-table.ts, `needs`).",
    "Then:",
    "  make generate",
    `  make test-kind KIND=${kind}`,
  ].join("\n"));
}

if (require.main === module) main();
