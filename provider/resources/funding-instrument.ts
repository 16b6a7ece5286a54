/**
 * Funding instrument (ref campaign-management/reference.mdx, Funding
 * Instruments). Created only in the sandbox; the platform has no update for
 * it, so every change replaces it, and a DELETE in the sandbox only
 * (ref campaign-management/reference.mdx, DELETE funding_instruments:
 * "SANDBOX ONLY"): destroy deletes a sandbox stack's instrument, and leaves a
 * production one on the platform (and says so).
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ENUMS } from "../limits";
import { accountIdInput, adoptIdInput, currencyCode, isoTime } from "./common";
import { defineResource } from "./define";
import { field } from "./fields";

// --------------------------------------------------------------- schema ---

export const fundingInstrumentInputs = z.strictObject({
  accountId: accountIdInput,
  // POST funding_instruments takes `currency` "expressed in ISO-4217" (ref campaign-management/reference.mdx); which codes the
  // platform recognizes is ref fundamentals/currency.mdx's list (ENUMS.currency): another is refused in check.
  currency: currencyCode.describe("ISO-4217 currency code, one the Ads API recognizes (e.g. USD, EUR, JPY: the list is in the X Ads API reference's Currency page)."),
  // The platform answers times in its own format: the declared text is kept while both are the same instant.
  startTime: field(isoTime.describe("ISO 8601 date the instrument becomes active."), { instant: true }),
  type: z.enum(ENUMS.fundingInstrumentType).default("CREDIT_CARD").describe("Instrument type (sandbox; real platform values). CREDIT_CARD by default."),
  adoptId: adoptIdInput,
}).describe("A funding instrument, created in the sandbox only (no cost). The platform cannot update one: changes replace it. Destroy deletes it in the sandbox (the Ads API's DELETE of funding instruments is sandbox only); in production it leaves it in place, and says so.");

export type FundingInstrumentInputs = z.infer<typeof fundingInstrumentInputs>;
export type FundingInstrumentOutputs = FundingInstrumentInputs & { entityStatus?: string; createdAt?: string };

const path = (fi: { accountId: string }) => `/12/accounts/${fi.accountId}/funding_instruments`;

// ------------------------------------------------------------ lifecycle ---

export const fundingInstrument = defineResource("FundingInstrument", fundingInstrumentInputs, {
  immutable: true,
  outputs: { entityStatus: z.string().describe("ACTIVE while it can fund campaigns.") },
  collection: "funding_instruments",
  describe: (fi) => `${fi.type} funding instrument in ${fi.currency} from ${fi.startTime}`,
  // An instrument has no name: one of the same currency, type and start, created since the POST, is the one it made.
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(path(items[0]!)),
    matches: (fi, e) => e.currency === fi.currency && e.type === fi.type && Date.parse(String(e.start_time)) === Date.parse(fi.startTime),
  },
  // ref campaign-management/reference.mdx, DELETE funding_instruments is SANDBOX ONLY: destroy sends it in the sandbox,
  // and leaves the instrument in production, where the platform has no DELETE.
  sandboxDelete: true,
  leftInPlace: (id) => `funding instrument ${id} stays on the platform: the Ads API cannot delete funding instruments outside the sandbox; it is only removed from the stack`,
  overrides: (standard) => ({
    async create(ctx, inputs) {
      if (!inputs.adoptId && !ctx.config.sandbox) {
        throw new Error("funding instruments can only be created in the sandbox (set xads:sandbox true); adopt a live one with adoptId, or look one up with getFundingInstruments");
      }
      return standard.create(ctx, inputs);
    },
  }),
});
