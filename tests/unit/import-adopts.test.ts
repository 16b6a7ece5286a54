/**
 * `xads import` declares what adoption compares: for every kind it lists,
 * each entity of the real platform's recorded list (tests/conformance
 * corpus) declared as import writes it is adopted with nothing the next up
 * would clear or change.
 */
import { IMPORT_KINDS, ImportKind } from "../../cli/import-kinds";
import { definitionOf, RESOURCES } from "../../provider/resources";
import { adoptionRefusals } from "../../provider/resources/framework";
import { recordedForImport } from "../conformance/corpus";

const ACCOUNT = "18ce54d4x5t";

type Listed = Record<string, unknown> & { id: string };

/** The live entities of a kind as import reads them from the recordings (its list; each by id where the list lacks fields). */
const recorded = (spec: ImportKind): Listed[] => recordedForImport(ACCOUNT, spec);

test("import lists every kind with a collection but those whose declaration says why not, each after the kinds it refers to", () => {
  const listed = IMPORT_KINDS.map((k) => k.kind);
  const withCollection = Object.keys(RESOURCES).filter((k) => definitionOf(k).collection !== undefined);
  expect(withCollection.filter((k) => !listed.includes(k as never)).map((k) => [k, definitionOf(k).notImported !== undefined])).toEqual([
    ["TaxSettings", true],
  ]);
  for (const [i, spec] of IMPORT_KINDS.entries()) {
    for (const target of Object.values(spec.refs ?? {})) expect(listed.indexOf(target)).toBeLessThan(i);
  }
  expect(IMPORT_KINDS.find((k) => k.kind === "PromotedAccount")?.refs).toEqual({ lineItemId: "LineItem" });
});

test("every kind import lists has a recorded entity, but flexible audiences (the recorded custom audiences list holds none)", () => {
  expect(IMPORT_KINDS.filter((spec) => recorded(spec).length === 0).map((spec) => spec.kind)).toEqual(["FlexibleAudience"]);
});

test.each(IMPORT_KINDS.filter((spec) => recorded(spec).length > 0).map((spec) => [spec.kind, spec] as const))("an imported %s adopts its recorded live entity without a refusal", (kind, spec) => {
  const listed = recorded(spec);
  const def = definitionOf(kind);
  const refused = listed.flatMap((e) => {
    const checked = def.check({}, { accountId: ACCOUNT, adoptId: e.id, ...def.importedInputs(e) });
    // A recorded value the provider's check refuses is flagged in the written program (drift-import.test.ts): not adoption's concern.
    if (checked.failures) return [];
    return adoptionRefusals(kind, def.fields, checked.inputs as Record<string, unknown>, def.adoptedOf(checked.inputs!, e)).map((r) => `${e.id}: ${r.reason}`);
  });
  expect(refused).toEqual([]);
});
