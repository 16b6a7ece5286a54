import { isManagedBy, LiveCampaign, liveCampaignsFromEnv, unmanagedActive } from "../live-campaigns";
import { resourceOf } from "../resources";
import { campaign } from "./fixtures";
import { Declared, resourceArgs, unknown } from "./util";
import { resourceChecks } from "../resource-checks";

const view = (d: Declared) => resourceOf(resourceArgs(resourceChecks, d))!;
const live = (over: Partial<LiveCampaign> = {}): LiveCampaign => ({
  id: "8wku2", name: "Spring sale", fundingInstrumentId: "hw6ie", entityStatus: "ACTIVE", createdAt: "2026-03-01T10:00:00Z", ...over,
});

describe("which live campaigns a stack manages", () => {
  test("a campaign adopted by id manages that live campaign, whatever its name", () => {
    expect(isManagedBy(live({ name: "Renamed in the UI" }), view(campaign({ adoptId: "8wku2" })))).toBe(true);
  });

  test("otherwise name and funding instrument match, and the creation time once the state has it", () => {
    expect(isManagedBy(live(), view(campaign()))).toBe(true);
    expect(isManagedBy(live(), view(campaign({ createdAt: "2026-03-01T10:00:00Z" })))).toBe(true);
    expect(isManagedBy(live(), view(campaign({ createdAt: "2025-01-01T00:00:00Z" })))).toBe(false);
    expect(isManagedBy(live(), view(campaign({ name: "Summer sale" })))).toBe(false);
    expect(isManagedBy(live(), view(campaign({ fundingInstrumentId: "other" })))).toBe(false);
  });

  test("a campaign whose funding instrument is not known yet (created in this change) manages no live one", () => {
    expect(isManagedBy(live(), view(campaign({ fundingInstrumentId: unknown })))).toBe(false);
  });

  test("unmanaged active campaigns: live, ACTIVE, and matched by none of the stack's", () => {
    const campaigns = [view(campaign()), view(campaign({ name: "Paused one" }, { name: "p" }))];
    const all = [
      live(),
      live({ id: "a1", name: "Paused one", entityStatus: "ACTIVE" }),
      live({ id: "a2", name: "Someone else's", entityStatus: "ACTIVE" }),
      live({ id: "a3", name: "Someone else's paused", entityStatus: "PAUSED" }),
      live({ id: "a4", name: "A draft", entityStatus: "DRAFT" }),
    ];
    expect(unmanagedActive(all, campaigns).map((c) => c.id)).toEqual(["a2"]);
  });
});

describe("read credentials", () => {
  test("without the four XADS_* credentials the pack counts the stack only", () => {
    expect(liveCampaignsFromEnv({})).toBeUndefined();
    expect(liveCampaignsFromEnv({ XADS_CONSUMER_KEY: "k", XADS_CONSUMER_SECRET: "s" })).toBeUndefined();
  });

  test("with them, it lists live campaigns through the project's client", () => {
    const env = { XADS_CONSUMER_KEY: "k", XADS_CONSUMER_SECRET: "s", XADS_ACCESS_TOKEN: "t", XADS_ACCESS_TOKEN_SECRET: "ts" };
    expect(liveCampaignsFromEnv(env)).toEqual({ list: expect.any(Function) });
  });
});
