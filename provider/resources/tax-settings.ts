/**
 * Tax settings (Advertising API section 4.9): one record per account that
 * always exists. PUT /accounts/:account_id/tax_settings changes the fields
 * it names; there is no create and no delete. Create reads what is there,
 * then PUTs the declared fields; destroy leaves the settings as they are
 * and says so. Fields left out of the program are not managed.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ACCOUNT_SETTINGS } from "../limits";
import { accountIdInput } from "./common";
import { declaresSomething, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate } from "./framework";

// --------------------------------------------------------------- schema ---

/** seed 4.9 gives no lengths: any non-empty text. */
const text = (what: string) => z.string().min(1).optional().describe(what);

export const taxSettingsInputs = z.strictObject({
  accountId: accountIdInput,
  addressName: text("The name on the billing address."),
  clientAddressStreet1: text("The client's street address, line 1 (set when an agency owns the account)."),
  clientAddressStreet2: text("The client's street address, line 2 (set when an agency owns the account)."),
  invoiceJurisdiction: z.enum(ACCOUNT_SETTINGS.invoiceJurisdiction).optional().describe("LOI_SAPIN, NONE or NOT_SET."),
  taxCategory: z.enum(ACCOUNT_SETTINGS.taxCategory).optional().describe("BUSINESS_NO_VAT, BUSINESS_WITH_VAT or INDIVIDUAL."),
  taxExemptionId: text("The tax exemption id."),
  taxId: text("The tax id (e.g. a VAT number)."),
});

export type TaxSettingsInputs = z.infer<typeof taxSettingsInputs>;
export type TaxSettingsOutputs = TaxSettingsInputs;

export const TAX_FIELDS = [
  "addressName", "clientAddressStreet1", "clientAddressStreet2", "invoiceJurisdiction", "taxCategory", "taxExemptionId", "taxId",
] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/tax_settings`;

// ------------------------------------------------------------ lifecycle ---

export const taxSettings: ResourceDefinition<TaxSettingsInputs, TaxSettingsOutputs> = {
  kind: "TaxSettings",
  description: "The tax settings of an ads account (one per account). Declared fields are set with PUT and change in place; the others are read, not managed. Destroy leaves the settings on the platform as they are.",
  inputs: taxSettingsInputs,
  outputs: {},
  createOnly: ["accountId"],

  check(_olds, news) {
    return validate(taxSettingsInputs, news, declaresSomething(TAX_FIELDS));
  },

  diff(_id, olds, news) {
    // Fields left out of the program are not managed: not a difference.
    return diffFields(olds, news, ["accountId", ...TAX_FIELDS], ["accountId"], TAX_FIELDS);
  },

  async create(ctx, inputs) {
    // seed: not shown ("its read endpoints: not shown"); real platform has
    // GET /accounts/:account_id/tax_settings. Read first, so the outputs hold
    // every field, the undeclared ones too.
    const before = await ctx.client.get<Entity>(path(inputs.accountId));
    const after = await ctx.client.put<Entity>(path(inputs.accountId), toWire(inputs, TAX_FIELDS));
    return { id: inputs.accountId, outs: toOutputs<TaxSettingsOutputs>(inputs, { ...before, ...after }, TAX_FIELDS) };
  },

  async read(ctx, id, props) {
    // A deleted account (404) takes its settings with it.
    const live = await readLive(() => ctx.client.get<Entity>(path(props.accountId)));
    return live && { id, props: toOutputs<TaxSettingsOutputs>(props, live, TAX_FIELDS) };
  },

  async update(ctx, _id, olds, news) {
    const after = await ctx.client.put<Entity>(path(news.accountId), toWire(news, TAX_FIELDS));
    return { ...olds, ...toOutputs<TaxSettingsOutputs>(news, after, TAX_FIELDS) };
  },

  async delete(_ctx, id) {
    // The platform has no DELETE for tax settings: leave them.
    process.stderr.write(`tax settings of account ${id} stay on the platform as they are: the Ads API cannot delete tax settings; they are only removed from the stack\n`);
  },
};
