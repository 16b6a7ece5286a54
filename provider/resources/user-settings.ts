/**
 * User settings (ref campaign-management/reference.mdx, User Settings): one record per user of an
 * account. GET/PUT /accounts/:account_id/user_settings/:user_id; PUT needs
 * user context and changes only the authenticated user's own settings (an
 * account admin cannot change another user's). No create, no delete:
 * create reads what is there, then PUTs the declared fields; destroy leaves
 * the settings as they are and says so.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ACCOUNT_SETTINGS } from "../limits";
import { declaresASetting, settingsLifecycle } from "./account-settings";
import { accountIdInput, computed, text } from "./common";
import { defineResource } from "./define";
import { field } from "./fields";
import { CheckFailure, Context, readLive, rule } from "./framework";

// --------------------------------------------------------------- schema ---

export const userSettingsInputs = z.strictObject({
  accountId: accountIdInput,
  // In the path; unset, it is the authenticated user, resolved at create: not a change.
  userId: field(z.string().regex(/^\d+$/, { error: "must be a user id (decimal digits)" }).optional()
    .describe("The user (a long, as a string). Defaults to the authenticated user: the only one whose settings the credentials can change."),
  { createOnly: true, computed: true, inPath: true }),
  notificationEmail: computed(z.email({ error: "must be an e-mail address" }).optional().describe("Where the platform sends this user's notifications.")),
  contactPhone: computed(text().optional().describe("The user's contact phone number.")),
  contactPhoneExtension: computed(text().optional().describe("The extension of the contact phone number.")),
  // An empty list is a value here: unsubscribed from all. The platform never answers it (tests/conformance
  // corpus: GET and PUT answer the contact fields only): sent when declared, the declared value kept.
  subscribeEmailTypes: field(z.array(z.string().regex(ACCOUNT_SETTINGS.emailType, { error: "must be an e-mail type in capitals and _, e.g. ACCOUNT_PERFORMANCE" }))
    .optional().describe("The e-mails the user subscribes to, e.g. ACCOUNT_PERFORMANCE, PERFORMANCE_IMPROVEMENT. An empty list unsubscribes from all. The platform does not answer it back: the declared value is kept."),
  { computed: true, emptyIsValue: true, writeOnly: true }),
}).describe("A user's settings on an ads account (notification e-mail, contact phone, e-mail subscriptions); by default the authenticated user's, the only ones the credentials can change. Declared fields change in place; destroy leaves the settings as they are.");

export type UserSettingsInputs = z.infer<typeof userSettingsInputs>;

const path = (u: { accountId: string; userId?: string }) => `/12/accounts/${u.accountId}/user_settings/${u.userId}`;

/** ref campaign-management/reference.mdx, PUT user_settings: a value given twice in subscribeEmailTypes is a mistake. */
function repeatedTypes(inputs: UserSettingsInputs): CheckFailure[] {
  const types = inputs.subscribeEmailTypes ?? [];
  const twice = types.filter((t, i) => types.indexOf(t) !== i);
  return twice.length > 0 ? [{ property: "subscribeEmailTypes", reason: `subscribeEmailTypes must not repeat a value (${[...new Set(twice)].join(", ")} given more than once)` }] : [];
}

/** The user the credentials act for (ref campaign-management/reference.mdx, GET authenticated_user_access). */
async function authenticatedUser(ctx: Context, accountId: string): Promise<string> {
  // The real platform answers { user_id, permissions }.
  const access = await ctx.client.get<{ user_id: string }>(`/12/accounts/${accountId}/authenticated_user_access`);
  return String(access.user_id);
}

// ------------------------------------------------------------ lifecycle ---

export const userSettings = defineResource("UserSettings", userSettingsInputs, {
  // The platform's record has no created_at (tests/conformance/corpus).
  timestamps: false,
  rules: [declaresASetting(userSettingsInputs), rule(["subscribeEmailTypes"], repeatedTypes)],
  path,
  find: (ctx, u) => readLive(() => ctx.client.get<Entity>(path(u))),
  // The platform has no DELETE for user settings: leave them.
  leftInPlace: (id) => `user settings ${id} stay on the platform as they are: the Ads API cannot delete user settings; they are only removed from the stack`,
  overrides: (standard) => {
    const settings = settingsLifecycle(standard, path, (u) => `${u.accountId}/${u.userId}`);
    return {
      ...settings,
      create: async (ctx, inputs) => settings.create(ctx, { ...inputs, userId: inputs.userId ?? (await authenticatedUser(ctx, inputs.accountId)) }),
    };
  },
});
