/**
 * The registry: every resource kind, one line each. A new resource is a new
 * file in this folder and one line here; the SDK, the shim and schema.json
 * all read this list.
 */
import { ResourceDefinition } from "./define";
import { campaign } from "./campaign";
import { fundingInstrument } from "./funding-instrument";
import { lineItem } from "./line-item";
import { trackingTag } from "./tracking-tag";
import { promotedTweet } from "./promoted-tweet";
import { card } from "./card";
import { imageConversationCard } from "./image-conversation-card";
import { videoConversationCard } from "./video-conversation-card";
import { promotedAccount } from "./promoted-account";
import { lineItemCuratedCategory } from "./line-item-curated-category";
import { targetingCriterion } from "./targeting-criterion";
import { draftTweet } from "./draft-tweet";
import { scheduledTweet } from "./scheduled-tweet";
import { tweet } from "./tweet";
import { scheduledPromotedTweet } from "./scheduled-promoted-tweet";
import { mediaCreative } from "./media-creative";
import { sandboxAccount } from "./sandbox-account";
import { accountFeatures } from "./account-features";
import { taxSettings } from "./tax-settings";
import { userSettings } from "./user-settings";
import { customAudience } from "./custom-audience";
import { customAudienceMembers } from "./custom-audience-members";
import { doNotReachList } from "./do-not-reach-list";
import { doNotReachListMembers } from "./do-not-reach-list-members";
import { flexibleAudience } from "./flexible-audience";
import { customAudiencePermission } from "./custom-audience-permission";
import { tailoredAudiencePermission } from "./tailored-audience-permission";
import { appList } from "./app-list";
import { prerollCallToAction } from "./preroll-call-to-action";

export const RESOURCES = {
  FundingInstrument: fundingInstrument,
  Campaign: campaign,
  LineItem: lineItem,
  TrackingTag: trackingTag,
  PromotedTweet: promotedTweet,
  Card: card,
  ImageConversationCard: imageConversationCard,
  VideoConversationCard: videoConversationCard,
  PromotedAccount: promotedAccount,
  LineItemCuratedCategory: lineItemCuratedCategory,
  TargetingCriterion: targetingCriterion,
  DraftTweet: draftTweet,
  ScheduledTweet: scheduledTweet,
  Tweet: tweet,
  ScheduledPromotedTweet: scheduledPromotedTweet,
  MediaCreative: mediaCreative,
  SandboxAccount: sandboxAccount,
  AccountFeatures: accountFeatures,
  TaxSettings: taxSettings,
  UserSettings: userSettings,
  CustomAudience: customAudience,
  CustomAudienceMembers: customAudienceMembers,
  DoNotReachList: doNotReachList,
  DoNotReachListMembers: doNotReachListMembers,
  FlexibleAudience: flexibleAudience,
  CustomAudiencePermission: customAudiencePermission,
  TailoredAudiencePermission: tailoredAudiencePermission,
  AppList: appList,
  PrerollCallToAction: prerollCallToAction,
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceKind = keyof typeof RESOURCES;

/** The inputs of a kind after validation (defaults filled in), from its definition's type. */
export type InputsOf<K extends ResourceKind> = (typeof RESOURCES)[K] extends ResourceDefinition<infer I, infer _O> ? I : never;

/** The state of a kind: its inputs and the properties the platform fills in. */
export type OutputsOf<K extends ResourceKind> = (typeof RESOURCES)[K] extends ResourceDefinition<infer _I, infer O> ? O : never;

export function definitionOf(kind: string): ResourceDefinition {
  const def = (RESOURCES as Record<string, ResourceDefinition>)[kind];
  if (!def) throw new Error(`unknown xads resource kind ${kind}`);
  return def;
}

/** The type token of a kind, e.g. pulumi-nodejs:dynamic/xads:Campaign. */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/xads:${kind}`;
}

/** The type token of a kind as the provider plugin serves it, e.g. xads:index:Campaign (provider/schema.ts). */
export function pluginTypeToken(kind: string): string {
  return `xads:index:${kind}`;
}

/** The token of a data source as the provider plugin serves it (Invoke), e.g. xads:index:getAccounts: the same module as its types. */
export const pluginFunctionToken = (name: string): string => pluginTypeToken(name);

/** The type token of a URN `urn:pulumi:<stack>::<project>::<parent$...$type>::<name>`. */
export function typeOfUrn(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

/** A resource's name in its program: the URN's last segment. */
export function nameOfUrn(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/**
 * The xads kind of a resource, whichever way it was declared: the SDK's
 * dynamic type (`pulumi-nodejs:dynamic/xads:Campaign`), the plugin's
 * (`xads:index:Campaign`), or the generic dynamic type whose serialized
 * shim (`__provider` among its inputs or outputs) names the kind. Undefined
 * for anything else, a kind the registry does not have included. The one
 * test every command and policy uses to tell an xads resource.
 */
export function kindOfResource(type: string | undefined, props?: Readonly<Record<string, unknown>>): ResourceKind | undefined {
  const kind = /^(?:pulumi-nodejs:dynamic\/xads|xads:index):(\w+)$/.exec(type ?? "")?.[1]
    ?? (type === "pulumi-nodejs:dynamic:Resource" && typeof props?.__provider === "string"
      // The shim names it as `__provider.kind = "..."`; states written by earlier versions (closures) as `with({ kind: "..." })`.
      ? /(?:\.kind = |with\(\{ kind: )"(\w+)"/.exec(props.__provider)?.[1]
      : undefined);
  return kind !== undefined && Object.hasOwn(RESOURCES, kind) ? (kind as ResourceKind) : undefined;
}
