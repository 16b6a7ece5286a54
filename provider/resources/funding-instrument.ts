/**
 * Funding instrument (Advertising API section 4.5). Created only in the
 * sandbox; the platform has no update and no delete for it, so every change
 * replaces it and destroy leaves it on the platform (and says so).
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ENUMS } from "../limits";
import { accountIdInput, adoptIdInput, isoTime, timestamps } from "./common";
import {
  adopt, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const fundingInstrumentInputs = z.strictObject({
  accountId: accountIdInput,
  currency: z.string().regex(/^[A-Z]{3}$/, { error: "must be an ISO-4217 code of three capital letters, e.g. USD" }).describe("ISO-4217 currency code."),
  startTime: isoTime.describe("ISO 8601 date the instrument becomes active."),
  type: z.enum(ENUMS.fundingInstrumentType).default("CREDIT_CARD").describe("Instrument type (sandbox; real platform values). CREDIT_CARD by default."),
  adoptId: adoptIdInput,
});

export type FundingInstrumentInputs = z.infer<typeof fundingInstrumentInputs>;
export type FundingInstrumentOutputs = FundingInstrumentInputs & { entityStatus?: string; createdAt?: string };

const API_FIELDS = ["currency", "startTime", "type"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "entityStatus", "createdAt"] as const;
export const FUNDING_INSTRUMENT_CREATE_ONLY = ["accountId", ...API_FIELDS] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/funding_instruments`;

/** The platform answers times in its own format: compare instants, keep the input's. */
function sameInstant(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && Date.parse(a) === Date.parse(b);
}

function outputs(inputs: Partial<FundingInstrumentInputs>, entity: Entity): FundingInstrumentOutputs {
  const outs = toOutputs<FundingInstrumentOutputs>(inputs, entity, OUTPUT_FIELDS);
  if (inputs.startTime && sameInstant(inputs.startTime, outs.startTime)) outs.startTime = inputs.startTime;
  return outs;
}

// ------------------------------------------------------------ lifecycle ---

export const fundingInstrument: ResourceDefinition<FundingInstrumentInputs, FundingInstrumentOutputs> = {
  kind: "FundingInstrument",
  description: "A funding instrument, created in the sandbox only (no cost). The platform cannot update or delete one: changes replace it, and destroy leaves it in place.",
  inputs: fundingInstrumentInputs,
  outputs: { entityStatus: z.string().describe("ACTIVE while it can fund campaigns."), ...timestamps },
  createOnly: FUNDING_INSTRUMENT_CREATE_ONLY,

  check(_olds, news) {
    return validate(fundingInstrumentInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...FUNDING_INSTRUMENT_CREATE_ONLY, "adoptId"], FUNDING_INSTRUMENT_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "funding instrument", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    if (!ctx.config.sandbox) {
      throw new Error("funding instruments can only be created in the sandbox (set xads:sandbox true); adopt a live one with adoptId, or look one up with getFundingInstruments");
    }
    // The sandbox creates instruments at no cost, so a POST that got no
    // answer is harmless to repeat: the client still never resends it itself.
    const entity = await ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "funding_instrument_ids", id, query: { with_deleted: true },
    }));
    return live && { id, props: outputs(props, live) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update.
    return olds;
  },

  async delete(_ctx, id) {
    // The platform has no DELETE for funding instruments (seed 4.5): leave it.
    process.stderr.write(`funding instrument ${id} stays on the platform: the Ads API cannot delete funding instruments; it is only removed from the stack\n`);
  },
};
