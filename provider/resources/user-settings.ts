/**
 * User settings (Advertising API section 4.2): one record per user of an
 * account. GET/PUT /accounts/:account_id/user_settings/:user_id; PUT needs
 * user context and changes only the authenticated user's own settings (an
 * account admin cannot change another user's). No create, no delete:
 * create reads what is there, then PUTs the declared fields; destroy leaves
 * the settings as they are and says so.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ACCOUNT_SETTINGS } from "../limits";
import { accountIdInput } from "./common";
import { CheckFailure, Context, declaresSomething, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate } from "./framework";

// --------------------------------------------------------------- schema ---

export const userSettingsInputs = z.strictObject({
  accountId: accountIdInput,
  userId: z.string().regex(/^\d+$/, { error: "must be a user id (decimal digits)" }).optional()
    .describe("The user (a long, as a string). Defaults to the authenticated user: the only one whose settings the credentials can change. Create-only."),
  notificationEmail: z.email({ error: "must be an e-mail address" }).optional().describe("Where the platform sends this user's notifications."),
  contactPhone: z.string().min(1).optional().describe("The user's contact phone number."),
  contactPhoneExtension: z.string().min(1).optional().describe("The extension of the contact phone number."),
  subscribeEmailTypes: z.array(z.string().regex(ACCOUNT_SETTINGS.emailType, { error: "must be an e-mail type in capitals and _, e.g. ACCOUNT_PERFORMANCE" }))
    .optional().describe("The e-mails the user subscribes to, e.g. ACCOUNT_PERFORMANCE, PERFORMANCE_IMPROVEMENT. An empty list unsubscribes from all."),
});

export type UserSettingsInputs = z.infer<typeof userSettingsInputs>;
export type UserSettingsOutputs = UserSettingsInputs & { userId: string };

export const USER_SETTINGS_FIELDS = ["notificationEmail", "contactPhone", "contactPhoneExtension", "subscribeEmailTypes"] as const;
export const USER_SETTINGS_CREATE_ONLY = ["accountId", "userId"] as const;

const path = (accountId: string, userId: string) => `/12/accounts/${accountId}/user_settings/${userId}`;

/** seed 4.2: a value given twice in subscribeEmailTypes is a mistake. */
function repeatedTypes(inputs: UserSettingsInputs): CheckFailure[] {
  const types = inputs.subscribeEmailTypes ?? [];
  const twice = types.filter((t, i) => types.indexOf(t) !== i);
  return twice.length > 0 ? [{ property: "subscribeEmailTypes", reason: `subscribeEmailTypes must not repeat a value (${[...new Set(twice)].join(", ")} given more than once)` }] : [];
}

/**
 * Outputs: the live record over the inputs. An empty subscription list is a
 * value here (unsubscribed from all), kept when declared.
 */
function outputs(inputs: Partial<UserSettingsInputs>, userId: string, live: Entity): UserSettingsOutputs {
  const outs = toOutputs<UserSettingsOutputs>(inputs, live, USER_SETTINGS_FIELDS);
  if (Array.isArray(live.subscribe_email_types) && live.subscribe_email_types.length === 0 && inputs.subscribeEmailTypes?.length === 0) outs.subscribeEmailTypes = [];
  return { ...outs, accountId: inputs.accountId!, userId };
}

/** The user the credentials act for (seed 4.2 GET authenticated_user_access). */
async function authenticatedUser(ctx: Context, accountId: string): Promise<string> {
  // seed: not shown (response shape); real platform answers { user_id, permissions }.
  const access = await ctx.client.get<{ user_id: string }>(`/12/accounts/${accountId}/authenticated_user_access`);
  return String(access.user_id);
}

// ------------------------------------------------------------ lifecycle ---

export const userSettings: ResourceDefinition<UserSettingsInputs, UserSettingsOutputs> = {
  kind: "UserSettings",
  description: "A user's settings on an ads account (notification e-mail, contact phone, e-mail subscriptions); by default the authenticated user's, the only ones the credentials can change. Declared fields change in place; destroy leaves the settings as they are.",
  inputs: userSettingsInputs,
  outputs: {},
  createOnly: USER_SETTINGS_CREATE_ONLY,

  check(_olds, news) {
    return validate(userSettingsInputs, news, (i) => [...declaresSomething(USER_SETTINGS_FIELDS)(i), ...repeatedTypes(i)]);
  },

  diff(_id, olds, news) {
    // userId left unset means the authenticated user, resolved at create: not a change.
    return diffFields(olds, news, [...USER_SETTINGS_CREATE_ONLY, ...USER_SETTINGS_FIELDS], USER_SETTINGS_CREATE_ONLY, ["userId", ...USER_SETTINGS_FIELDS]);
  },

  async create(ctx, inputs) {
    const userId = inputs.userId ?? (await authenticatedUser(ctx, inputs.accountId));
    // Read first, so the outputs hold every field, the undeclared ones too.
    const before = await ctx.client.get<Entity>(path(inputs.accountId, userId));
    const after = await ctx.client.put<Entity>(path(inputs.accountId, userId), toWire(inputs, USER_SETTINGS_FIELDS));
    return { id: `${inputs.accountId}/${userId}`, outs: outputs(inputs, userId, { ...before, ...after }) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.get<Entity>(path(props.accountId, props.userId)));
    return live && { id, props: outputs(props, props.userId, live) };
  },

  async update(ctx, _id, olds, news) {
    const after = await ctx.client.put<Entity>(path(olds.accountId, olds.userId), toWire(news, USER_SETTINGS_FIELDS));
    return { ...olds, ...outputs(news, olds.userId, after) };
  },

  async delete(_ctx, id) {
    // The platform has no DELETE for user settings: leave them.
    process.stderr.write(`user settings ${id} stay on the platform as they are: the Ads API cannot delete user settings; they are only removed from the stack\n`);
  },
};
