/**
 * pulumi-xads: Ads API entities as Pulumi resources.
 *
 *     import * as xads from "pulumi-xads";
 *     const campaign = new xads.Campaign("spring", { fundingInstrumentId, name: "Spring", dailyBudgetAmountLocalMicro: 5_000_000 });
 */
export * from "./resources";
export * from "./data-sources";
export { typeToken } from "../provider/resources";
export { LIMITS, ENUMS } from "../provider/limits";
export * from "./recommendations";
export * from "./tweet-previews";
export * from "./reference-reads";
export * from "./audience-estimate";
