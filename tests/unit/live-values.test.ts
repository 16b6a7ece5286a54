/**
 * xads pr-summary's "before" is the platform's value now (cli/live-values.ts):
 * a field an update writes that changed on the platform after the preview
 * shows its live value as before, gets a caution saying up sends nothing to
 * it, and a gone entity says so; a read that fails changes nothing.
 */
import { updatesToRead, withLive, withLiveValues } from "../../cli/live-values";
import { PreviewModel, PreviewStep } from "../../cli/preview-input";
import { renderPrSummary } from "../../cli/pr-summary-render";

const CAMPAIGN = "pulumi-nodejs:dynamic/xads:Campaign";
const olds = { accountId: "a1", fundingInstrumentId: "f1", name: "Spring", dailyBudgetAmountLocalMicro: 60_000_000, entityStatus: "ACTIVE", deletionProtection: false };
function step(name: string, extra: Partial<PreviewStep> = {}): PreviewStep {
  return {
    op: "update", urn: `urn:pulumi:dev::p::${CAMPAIGN}::${name}`, type: CAMPAIGN, kind: "Campaign", name, id: `${name}-id`, replaceReasons: [],
    oldInputs: olds, oldOutputs: { ...olds, currency: "USD" }, newInputs: { ...olds, dailyBudgetAmountLocalMicro: 80_000_000 }, ...extra,
  };
}
const model = (steps: PreviewStep[]): PreviewModel => ({ source: "digest", stack: "dev", project: "p", steps, changeSummary: { update: steps.length }, diagnostics: [], policyViolations: [], policyPacks: [] });

test("a budget raised on the platform after the preview: before is the live value, the preview's is kept as the state's", () => {
  const s = withLive(step("spring"), { ...olds, dailyBudgetAmountLocalMicro: 99_000_000, entityStatus: "PAUSED" });
  expect(s.oldInputs).toMatchObject({ dailyBudgetAmountLocalMicro: 99_000_000, entityStatus: "ACTIVE" });
  expect(s.oldOutputs).toMatchObject({ dailyBudgetAmountLocalMicro: 99_000_000 });
  expect(s.inputsBeforeRefresh).toMatchObject({ dailyBudgetAmountLocalMicro: 60_000_000 });
  // Only the fields the update writes: the status it leaves alone is not the review's.
  expect(s.movedAfterPreview).toEqual([{ field: "dailyBudgetAmountLocalMicro", previewed: 60_000_000, live: 99_000_000 }]);
  // Unchanged live values: the step as it was.
  const same = step("same");
  expect(withLive(same, olds)).toBe(same);
});

test("the summary shows the live value as before and a caution naming the field, both values and what up does", async () => {
  const read = jest.fn(async (s: PreviewStep) => (s.name === "gone" ? undefined : s.name === "broken" ? Promise.reject(new Error("503")) : { ...olds, dailyBudgetAmountLocalMicro: 99_000_000 }));
  const m = await withLiveValues(model([step("spring"), step("gone"), step("broken")]), read);
  expect(read).toHaveBeenCalledTimes(3);
  const md = renderPrSummary(m);
  expect(md).toContain("**2 resources changed on the platform after the preview was made**");
  expect(md).toContain("`dailyBudgetAmountLocalMicro` is `USD 99.00` now, `USD 60.00` in the preview");
  expect(md).toContain("gone from the platform (deleted outside the program): `pulumi up` fails on it; `pulumi refresh` drops it, and the next up creates it again");
  expect(md).toContain("`pulumi up` sends nothing to them (it never overwrites a live value the preview did not show)");
  // The field table's before is the live value.
  expect(md).toMatch(/\| `dailyBudgetAmountLocalMicro` \| `USD 99\.00` \| `USD 80\.00` \|/);
  // A read that failed leaves its step as the preview had it.
  expect(m.steps.find((s) => s.name === "broken")).toEqual(step("broken"));
});

test("only updates of xads resources with an id and a state are read", () => {
  const m = model([step("a"), step("b", { op: "create", id: undefined }), step("c", { kind: undefined }), step("d", { oldInputs: undefined })]);
  expect(updatesToRead(m).map((s) => s.name)).toEqual(["a"]);
});
