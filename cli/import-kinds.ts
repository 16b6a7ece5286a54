/**
 * What `xads import` lists, derived from the registry
 * (provider/resources/index.ts): every kind that declares its collection
 * below `/12/accounts/:account_id/`, but those whose declaration gives a
 * reason not to (`notImported`). Its inputs that name another imported
 * kind's entity (`lineItemId`: a LineItem) are references; entities are
 * declared after the entities they refer to. SPECIFICS adds what a
 * declaration does not say: a list query, a filter of a shared collection,
 * a list the platform answers only per parent, a readable name.
 */
import { Entity, Query } from "../provider/client/client";
import { ENUMS, LIMITS } from "../provider/limits";
import { RESOURCES, type ResourceKind } from "../provider/resources";
import { nounOf } from "../provider/resources/declaration";

export interface ImportKind {
  kind: ResourceKind;
  /** The list endpoint below /12/accounts/:account_id/. */
  collection: string;
  query?: Query;
  /** Only the listed entities this accepts (kinds that share a collection: custom and flexible audiences). */
  where?: (e: Entity) => boolean;
  /**
   * A list the platform answers only for some parents, a required filter
   * (targeting criteria by line_item_ids): the ids of the parent kind's
   * listed entities, up to 200 a call, so the calls stay one per 200 parents.
   */
  by?: { param: string; parent: ResourceKind };
  /**
   * The list's records lack fields the entity has (the declaration's
   * `readsOne`: app lists answer id and name only): each listed entity is
   * read by id (`<collection>/<id>`) for what the program declares.
   */
  readEach?: boolean;
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
 * a tree of segments (xdevplatform/docs x-ads-api/audiences/reference.mdx,
 * POST batch custom_audiences). Its leaves' ids stay literal in the written
 * program.
 */
const isFlexible = (e: Entity) =>
  (ENUMS.flexibleAudienceType as readonly unknown[]).includes(e.audience_type) && (e.child_segments !== undefined || e.segments !== undefined);

const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const lower = (v: unknown) => String(v ?? "").toLowerCase();

/** Per kind, what its declaration does not say. */
const SPECIFICS: Partial<Record<ResourceKind, Partial<Pick<ImportKind, "query" | "where" | "by" | "name">>>> = {
  FundingInstrument: { name: (e) => str(e.name) ?? `${lower(e.currency)} ${lower(e.type)}` },
  // Drafts are entities of the account too (with_draft), as reads ask.
  Campaign: { query: { with_draft: true } },
  LineItem: { query: { with_draft: true }, name: (e, parent) => str(e.name) ?? `${parent("campaignId")} ${lower(e.objective)}` },
  TrackingTag: { name: (e, parent) => `${parent("lineItemId")} ${lower(e.tracking_tag_type)}` },
  PromotedTweet: { name: (e, parent) => `${parent("lineItemId")} tweet ${e.tweet_id}` },
  // GET targeting_criteria requires line_item_ids, up to 200 (xdevplatform/docs x-ads-api/campaign-management/reference.mdx, GET targeting_criteria).
  TargetingCriterion: {
    by: { param: "line_item_ids", parent: "LineItem" },
    name: (e, parent) => `${parent("lineItemId")} ${lower(e.targeting_type)} ${String(e.targeting_value ?? e.id)}`,
  },
  // The list takes no count (tests/conformance corpus, GET do_not_reach_lists: with_deleted only).
  DoNotReachList: { query: { count: null } },
  // Card lists take count 1 to 200 (xdevplatform/docs x-ads-api/creatives/reference.mdx, GET cards), not the usual 1000.
  Card: { query: { count: LIMITS.cardCount.max } },
  CustomAudience: { where: (e) => !isFlexible(e) },
  FlexibleAudience: { where: isFlexible },
};

/** The inputs of a kind that name an entity of another imported kind: `lineItemId` -> LineItem. */
function refsOf(kind: ResourceKind, imported: ReadonlySet<string>): Record<string, ResourceKind> {
  return Object.fromEntries(RESOURCES[kind].fields.inputs
    .filter((f) => /^[a-z]\w*Id$/.test(f) && f !== "accountId" && f !== "adoptId")
    .map((f) => [f, f[0]!.toUpperCase() + f.slice(1, -2)] as const)
    .filter(([, target]) => target !== kind && imported.has(target))) as Record<string, ResourceKind>;
}

/** The kinds in the registry's order, each after the kinds it refers to. */
function referencedFirst(kinds: readonly ImportKind[]): ImportKind[] {
  const out: ImportKind[] = [];
  const visit = (k: ImportKind) => {
    if (out.includes(k)) return;
    for (const target of Object.values(k.refs ?? {})) visit(kinds.find((x) => x.kind === target)!);
    out.push(k);
  };
  kinds.forEach(visit);
  return out;
}

function importKinds(): ImportKind[] {
  const kinds = (Object.keys(RESOURCES) as ResourceKind[]).filter((k) => RESOURCES[k].collection !== undefined && RESOURCES[k].notImported === undefined);
  const imported = new Set<string>(kinds);
  return referencedFirst(kinds.map((kind) => {
    const refs = refsOf(kind, imported);
    const [parentField] = Object.keys(refs);
    const noun = nounOf(kind);
    return {
      kind,
      collection: RESOURCES[kind].collection!,
      ...(RESOURCES[kind].readsOne !== undefined ? { readEach: true } : {}),
      ...(parentField ? { refs } : {}),
      name: (e, parent) => str(e.name) ?? (parentField ? `${parent(parentField)} ${noun} ${e.id}` : `${noun} ${e.id}`),
      ...SPECIFICS[kind],
    };
  }));
}

export const IMPORT_KINDS: readonly ImportKind[] = importKinds();

/**
 * The queries that list a kind's entities: its query, or, for a kind the
 * platform lists only per parent (`by`), one per up to 200 of the parents'
 * ids (`parents`: the ids listed of a kind), none when there are none.
 */
export function listQueries(spec: ImportKind, parents: (kind: ResourceKind) => readonly string[]): Query[] {
  if (!spec.by) return [spec.query ?? {}];
  const ids = parents(spec.by.parent);
  const queries: Query[] = [];
  for (let i = 0; i < ids.length; i += LIMITS.idsPerFilter) queries.push({ ...spec.query, [spec.by.param]: ids.slice(i, i + LIMITS.idsPerFilter) });
  return queries;
}
