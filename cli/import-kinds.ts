/**
 * What `xads import` lists, one entry per kind: its collection below
 * `/12/accounts/:account_id/`, which inputs refer to other imported
 * entities, and how an entity gets a readable name. Kinds are the
 * registry's (provider/resources/index.ts): a name that is not one does not
 * compile. Order matters: an entity is declared after the entities it refers
 * to.
 */
import { Entity, Query } from "../provider/client/client";
import { ENUMS, LIMITS } from "../provider/limits";
import type { ResourceKind } from "../provider/resources";

export interface ImportKind {
  kind: ResourceKind;
  /** The list endpoint below /12/accounts/:account_id/. */
  collection: string;
  query?: Query;
  /** Only the listed entities this accepts (kinds that share a collection: custom and flexible audiences). */
  where?: (e: Entity) => boolean;
  /** Input field -> the kind whose entity it names (written as `<variable>.id`). */
  refs?: Record<string, ResourceKind>;
  /**
   * A readable name: from the entity's own name, else from what it belongs
   * to (`parent` gives the name chosen for a referenced entity).
   */
  name(e: Entity, parent: (field: string) => string): string;
}

/**
 * A flexible audience is a custom audience record with an audience type and
 * a tree of segments (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences). Its leaves' ids stay literal in the
 * written program. Permissions are not listed: their list is per audience,
 * not below the account.
 */
const isFlexible = (e: Entity) =>
  (ENUMS.flexibleAudienceType as readonly unknown[]).includes(e.audience_type) && (e.child_segments !== undefined || e.segments !== undefined);

const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const lower = (v: unknown) => String(v ?? "").toLowerCase();

export const IMPORT_KINDS: ImportKind[] = [
  {
    kind: "FundingInstrument", collection: "funding_instruments",
    name: (e) => str(e.name) ?? `${lower(e.currency)} ${lower(e.type)}`,
  },
  {
    kind: "Campaign", collection: "campaigns", query: { with_draft: true },
    refs: { fundingInstrumentId: "FundingInstrument" },
    name: (e) => str(e.name) ?? `campaign ${e.id}`,
  },
  {
    kind: "LineItem", collection: "line_items", query: { with_draft: true },
    refs: { campaignId: "Campaign" },
    name: (e, parent) => str(e.name) ?? `${parent("campaignId")} ${lower(e.objective)}`,
  },
  {
    kind: "TrackingTag", collection: "tracking_tags",
    refs: { lineItemId: "LineItem" },
    name: (e, parent) => `${parent("lineItemId")} ${lower(e.tracking_tag_type)}`,
  },
  {
    kind: "PromotedTweet", collection: "promoted_tweets",
    refs: { lineItemId: "LineItem" },
    name: (e, parent) => `${parent("lineItemId")} tweet ${e.tweet_id}`,
  },
  // Card lists take count 1 to 200 (ref creatives/reference.mdx, GET cards), not the usual 1000.
  { kind: "Card", collection: "cards", query: { count: LIMITS.cardCount.max }, name: (e) => str(e.name) ?? `card ${e.id}` },
  { kind: "ImageConversationCard", collection: "cards/image_conversation", name: (e) => str(e.name) ?? `image conversation card ${e.id}` },
  { kind: "VideoConversationCard", collection: "cards/video_conversation", name: (e) => str(e.name) ?? `video conversation card ${e.id}` },
  { kind: "CustomAudience", collection: "custom_audiences", where: (e) => !isFlexible(e), name: (e) => str(e.name) ?? `custom audience ${e.id}` },
  { kind: "FlexibleAudience", collection: "custom_audiences", where: isFlexible, name: (e) => str(e.name) ?? `flexible audience ${e.id}` },
];
