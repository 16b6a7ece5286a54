/**
 * Settings of an account: tax settings and each user's settings (ref
 * campaign-management/reference.mdx, Tax Settings and User Settings). Both are one record per account (per user) that always
 * exists: PUT changes the fields it names, there is no POST or DELETE. The
 * records live in the account's collections `tax_settings` (id: the account
 * id) and `user_settings` (id: the user id), so the control API can edit
 * them as the ads UI would.
 */
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS, FORMS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, accountFor, one, wireParams } from "../http";
import { given } from "../rules";
import { Account, StoredEntity, NewFields } from "../store";
import { clearable, param, parseParams } from "../wire";

export interface TaxSettings extends StoredEntity {
  account_id: string;
  address_name: string | null;
  client_address_street1: string | null;
  client_address_street2: string | null;
  invoice_jurisdiction: (typeof ENUMS.invoiceJurisdiction)[number];
  tax_category: (typeof ENUMS.taxCategory)[number] | null;
  tax_exemption_id: string | null;
  tax_id: string | null;
}

export interface UserSettings extends StoredEntity {
  user_id: string;
  notification_email: string | null;
  contact_phone: string | null;
  contact_phone_extension: string | null;
  subscribe_email_types: string[];
}

/**
 * ref campaign-management/reference.mdx, PUT tax_settings: all optional. Texts (no lengths given):
 * the real platform takes free text; an empty value unsets it, as for other PUTs.
 * client_address_*: "Set this when the ads account is owned by an agency", which the
 * platform does not enforce in anything shown: accepted on any account.
 */
const taxParams = z.object({
  address_name: clearable(param.name()),
  client_address_street1: clearable(param.text()),
  client_address_street2: clearable(param.text()),
  invoice_jurisdiction: param.oneOf(ENUMS.invoiceJurisdiction).optional(),
  tax_category: clearable(param.oneOf(ENUMS.taxCategory)),
  tax_exemption_id: clearable(param.text()),
  tax_id: clearable(param.text()),
});

/** subscribe_email_types: comma-separated; empty unsubscribes from all. */
const emailTypes = z.string()
  .transform((s) => (s === "" ? [] : s.split(",").map((v) => v.trim())))
  .pipe(z.array(z.string().regex(FORMS.emailType, "values must be capitals and _, e.g. ACCOUNT_PERFORMANCE")));

/**
 * ref campaign-management/reference.mdx, PUT user_settings: all optional strings; the real platform
 * refuses a notification e-mail that is not an address.
 */
const userParams = z.object({
  notification_email: clearable(z.email({ error: "must be an e-mail address" })),
  contact_phone: clearable(param.text()),
  contact_phone_extension: clearable(param.text()),
  subscribe_email_types: emailTypes.optional(),
});

/** ref campaign-management/reference.mdx, GET user_settings: user_id is a long; kept as its digits (user ids pass 2^53). */
const userIdParam = z.object({ user_id: z.string().regex(/^\d+$/, "must be a whole number in decimal digits") });

interface UserRoute {
  Params: { account_id: string; user_id: string };
}

/** Defaults: the real platform starts with nothing set and jurisdiction NOT_SET. */
function taxDefaults(accountId: string): NewFields<TaxSettings> {
  return {
    account_id: accountId, address_name: null, client_address_street1: null, client_address_street2: null,
    invoice_jurisdiction: "NOT_SET", tax_category: null, tax_exemption_id: null, tax_id: null,
  };
}

function userDefaults(userId: string): NewFields<UserSettings> {
  return { user_id: userId, notification_email: null, contact_phone: null, contact_phone_extension: null, subscribe_email_types: [] };
}

/** The record of a settings collection, made with its defaults on first use. */
function singleton<T extends StoredEntity>(account: Account, collection: string, id: string, defaults: () => NewFields<T>): T {
  const c = account.collection<T>(collection);
  return c.get(id) ?? c.insert(defaults(), id);
}

/**
 * Tax settings as answered by the real platform (tests/conformance corpus): the billing address fields (what
 * address_name sets comes back as address_company), bill_to and
 * business_relationship; no id or timestamps. address_name,
 * client_address_* and tax_exemption_id are kept, never answered.
 */
function taxAnswer(t: TaxSettings): Record<string, unknown> {
  const {
    id: _id, created_at: _c, updated_at: _u, deleted: _d, account_id: _a,
    address_name, client_address_street1: _s1, client_address_street2: _s2, tax_exemption_id: _e, ...answered
  } = t;
  return {
    ...answered,
    address_company: address_name,
    address_first_name: null, address_last_name: null, address_email: null,
    address_street1: null, address_street2: null, address_city: null, address_region: null, address_postal_code: null, address_country: null,
    bill_to: "NOT_SET", business_relationship: "SELF",
  };
}

/**
 * User settings as answered. The real platform (tests/conformance
 * corpus): the three contact fields, phone fields "" when unset, no id or
 * timestamps; subscribe_email_types is kept, never answered.
 */
function userAnswer(u: UserSettings): Record<string, unknown> {
  return { notification_email: u.notification_email, contact_phone: u.contact_phone ?? "", contact_phone_extension: u.contact_phone_extension ?? "" };
}

export const accountSettingRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const account = (req: FastifyRequest<AccountRoute>) => accountFor(app.emulator.store.env(env), req, req.params.account_id);
  const tax = (a: Account) => singleton<TaxSettings>(a, "tax_settings", a.id, () => taxDefaults(a.id));

  // ref campaign-management/reference.mdx, GET tax_settings: the record.
  app.get<AccountRoute>("/12/accounts/:account_id/tax_settings", async (req) => one(req, taxAnswer(tax(account(req)))));

  app.put<AccountRoute>("/12/accounts/:account_id/tax_settings", async (req) => {
    const a = account(req);
    const patch = given(parseParams(taxParams, wireParams(req)));
    return one(req, taxAnswer(a.collection<TaxSettings>("tax_settings").update(tax(a).id, patch as Partial<TaxSettings>)));
  });

  /** The settings of a user of the account; a user without access is 404, like a missing account. */
  const user = (req: FastifyRequest<UserRoute>) => {
    const a = account(req);
    const { user_id } = parseParams(userIdParam, { user_id: req.params.user_id });
    if (!a.userIds.has(user_id)) throw ApiError.notFound(`user ${user_id} has no access to account ${a.id}`);
    return { a, userId: user_id, record: singleton<UserSettings>(a, "user_settings", user_id, () => userDefaults(user_id)) };
  };

  app.get<UserRoute>("/12/accounts/:account_id/user_settings/:user_id", async (req) => one(req, userAnswer(user(req).record)));

  // ref campaign-management/reference.mdx, PUT user_settings: user context required, not accessible to account admins: a
  // user changes their own settings only, an admin cannot change another's.
  app.put<UserRoute>("/12/accounts/:account_id/user_settings/:user_id", async (req) => {
    const { a, userId, record } = user(req);
    if (userId !== req.api?.userId) {
      throw ApiError.of(403, "INSUFFICIENT_USER_AUTHORIZED_PERMISSION", `user settings of user ${userId} can only be changed by that user (user context required)`);
    }
    const patch = given(parseParams(userParams, wireParams(req)));
    return one(req, userAnswer(a.collection<UserSettings>("user_settings").update(record.id, patch as Partial<UserSettings>)));
  });
};
