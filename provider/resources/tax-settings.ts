/**
 * Tax settings (ref campaign-management/reference.mdx, Tax Settings): one record per account that
 * always exists. PUT /accounts/:account_id/tax_settings changes the fields
 * it names; there is no create and no delete. Create reads what is there,
 * then PUTs the declared fields; destroy leaves the settings as they are
 * and says so. Fields left out of the program are not managed.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ACCOUNT_SETTINGS } from "../limits";
import { declaresASetting, settingsLifecycle } from "./account-settings";
import { accountIdInput, computed, name, text } from "./common";
import { field } from "./fields";
import { defineResource } from "./define";
import { readLive } from "./framework";

// --------------------------------------------------------------- schema ---

/** ref campaign-management/reference.mdx, PUT tax_settings gives no lengths: any non-empty text. */
const setting = (what: string) => computed(text().optional().describe(what));

/**
 * Set by the PUT and never answered by GET or PUT (tests/conformance
 * corpus): the outputs keep the declared value, and a change made in the
 * ads UI cannot be seen.
 */
const unread = (what: string) => field(text().optional().describe(`${what} The platform does not answer it back: the declared value is kept.`), { computed: true, writeOnly: true });

export const taxSettingsInputs = z.strictObject({
  accountId: accountIdInput,
  // Read back as address_company (tests/conformance corpus): see outputsFrom.
  addressName: computed(name().optional().describe("The name on the billing address (the platform answers it as address_company).")),
  clientAddressStreet1: unread("The client's street address, line 1 (set when an agency owns the account)."),
  clientAddressStreet2: unread("The client's street address, line 2 (set when an agency owns the account)."),
  invoiceJurisdiction: computed(z.enum(ACCOUNT_SETTINGS.invoiceJurisdiction).optional().describe("LOI_SAPIN, NONE or NOT_SET.")),
  taxCategory: computed(z.enum(ACCOUNT_SETTINGS.taxCategory).optional().describe("BUSINESS_NO_VAT, BUSINESS_WITH_VAT or INDIVIDUAL.")),
  taxExemptionId: unread("The tax exemption id."),
  taxId: setting("The tax id (e.g. a VAT number)."),
}).describe("The tax settings of an ads account (one per account). Declared fields are set with PUT and change in place; the others are read, not managed. Destroy leaves the settings on the platform as they are.");

export type TaxSettingsInputs = z.infer<typeof taxSettingsInputs>;

// ref campaign-management/reference.mdx: GET /accounts/:account_id/tax_settings beside the PUT.
const path = (t: { accountId: string }) => `/12/accounts/${t.accountId}/tax_settings`;

// ------------------------------------------------------------ lifecycle ---

export const taxSettings = defineResource("TaxSettings", taxSettingsInputs, {
  // The platform's record has no created_at (tests/conformance/corpus).
  timestamps: false,
  rules: [declaresASetting(taxSettingsInputs)],
  collection: "tax_settings",
  notImported: "the account's one settings record, not a list, which a program declares without adoptId (its create takes the record over); fields it sets are not all read back",
  // The PUT's address_name is answered as address_company.
  outputsFrom: (outs, _declared, e) => (typeof e.address_company === "string" && e.address_company !== "" ? { ...outs, addressName: e.address_company } : outs),
  // A deleted account (404) takes its settings with it.
  find: (ctx, t) => readLive(() => ctx.client.get<Entity>(path(t))),
  // The platform has no DELETE for tax settings: leave them.
  leftInPlace: (id) => `tax settings of account ${id} stay on the platform as they are: the Ads API cannot delete tax settings; they are only removed from the stack`,
  overrides: (standard) => settingsLifecycle(standard, path, (t) => t.accountId),
});
