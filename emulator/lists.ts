/**
 * List endpoints (ref campaign-management/reference.mdx, GET accounts and the other lists): PG (count, cursor, sort_by), IDS filters, WD
 * (with_deleted), WT (with_total_count), `q` prefix search and, for
 * campaigns and line items, with_draft. One implementation for every
 * resource; a resource only declares its filters.
 */
import { z } from "zod";
import { LIMITS } from "./platform";
import { ApiError } from "./errors";
import { StoredEntity } from "./store";
import { param, parseParams, WireParams } from "./wire";

export interface IdsFilter<T> {
  /** The IDS parameter, e.g. `funding_instrument_ids`. */
  param: string;
  /** The value of an entity the filter compares with. */
  value: (e: T) => string | null | undefined;
}

export interface ListSpec<T extends StoredEntity> {
  ids: ReadonlyArray<IdsFilter<T>>;
  /** `q`: case-insensitive prefix of this text (the name). */
  search?: (e: T) => string | null | undefined;
  /** with_draft: entities this says are drafts are left out unless asked for. */
  isDraft?: (e: T) => boolean;
  /**
   * Attributes sort_by accepts: the real platform sorts by documented attributes
   * such as created_at, updated_at, name and entity_status.
   */
  sortable: readonly string[];
  /** `count` bounds when not the usual 1 to 1000, default 200 (cards: 1 to 200, default 100, ref creatives/reference.mdx, GET cards). */
  count?: { max: number; default: number };
  /** Longest `q` when under the usual 255 (cards: 80, ref creatives/reference.mdx, GET cards). */
  searchMax?: number;
}

export interface ListPage<T> {
  data: T[];
  next_cursor: string | null;
  total_count?: number;
}

const listParams = z.object({
  count: param.int(LIMITS.count.min, LIMITS.count.max).optional(),
  cursor: z.string().min(1).optional(),
  sort_by: z.string().optional(),
  with_deleted: param.bool().optional(),
  with_total_count: param.bool().optional(),
  with_draft: param.bool().optional(),
  q: param.text(LIMITS.searchQuery.max, LIMITS.searchQuery.min).optional(),
});

/** One page of `all` (every entity of the collection, creation order). */
export function listPage<T extends StoredEntity>(all: readonly T[], params: WireParams, spec: ListSpec<T>): ListPage<T> {
  const p = parseParams(listParams, params);
  const ids = parseParams(idsParams(spec), params);
  if (spec.count && p.count !== undefined && p.count > spec.count.max) throw ApiError.invalid("count", `count must be at most ${spec.count.max}, got ${p.count}`);
  if (spec.searchMax !== undefined && p.q !== undefined && p.q.length > spec.searchMax) {
    throw ApiError.invalid("q", `q must be at most ${spec.searchMax} characters, got ${p.q.length}`);
  }
  if (p.with_total_count && p.cursor !== undefined) {
    throw ApiError.invalid("with_total_count", "with_total_count cannot be combined with cursor");
  }
  const ordered = p.sort_by === undefined ? all : sortBy(all, p.sort_by, spec.sortable);
  const q = p.q?.toLowerCase();
  const keep = (e: T): boolean =>
    (p.with_deleted === true || !e.deleted)
    && (!spec.isDraft || p.with_draft === true || !spec.isDraft(e))
    && (q === undefined || !spec.search || (spec.search(e) ?? "").toLowerCase().startsWith(q))
    && spec.ids.every((f) => {
      const wanted = ids[f.param];
      return wanted === undefined || wanted.includes(f.value(e) ?? "");
    });

  const start = p.cursor === undefined ? 0 : positionAfter(ordered, p.cursor);
  const count = p.count ?? spec.count?.default ?? LIMITS.count.default;
  const page: T[] = [];
  let more = false;
  for (let i = start; i < ordered.length; i++) {
    if (!keep(ordered[i])) continue;
    if (page.length === count) {
      more = true;
      break;
    }
    page.push(ordered[i]);
  }
  return {
    data: page,
    next_cursor: more ? encodeCursor(page[page.length - 1].id) : null,
    ...(p.with_total_count ? { total_count: ordered.filter(keep).length } : {}),
  };
}

function idsParams<T extends StoredEntity>(spec: ListSpec<T>) {
  return z.object(Object.fromEntries(spec.ids.map((f) => [f.param, param.ids().optional()])));
}

/**
 * The real platform answers an opaque next_cursor (ref
 * fundamentals/pagination.mdx), null on the last page. Here it
 * names the last entity of the page, so a page boundary survives entities
 * created or deleted between two requests.
 */
function encodeCursor(lastId: string): string {
  return Buffer.from(`after:${lastId}`).toString("base64url");
}

function positionAfter<T extends StoredEntity>(ordered: readonly T[], cursor: string): number {
  const decoded = Buffer.from(cursor, "base64url").toString();
  const index = decoded.startsWith("after:") ? ordered.findIndex((e) => e.id === decoded.slice(6)) : -1;
  if (index < 0) throw ApiError.invalid("cursor", `cursor ${JSON.stringify(cursor)} is not one this list returned`);
  return index + 1;
}

/** `attribute-asc` or `attribute-desc`; a stable sort, so ties keep creation order. */
function sortBy<T extends StoredEntity>(all: readonly T[], sort: string, sortable: readonly string[]): T[] {
  const m = /^([a-z_]+)-(asc|desc)$/.exec(sort);
  if (!m || !sortable.includes(m[1])) {
    const options = sortable.flatMap((a) => [`${a}-asc`, `${a}-desc`]).join(", ");
    throw ApiError.invalid("sort_by", `sort_by must be one of ${options}, got ${JSON.stringify(sort)}`);
  }
  const [, attribute, direction] = m;
  const sign = direction === "asc" ? 1 : -1;
  const value = (e: T) => (e as unknown as Record<string, unknown>)[attribute];
  return [...all].sort((a, b) => compareValues(value(a), value(b), sign));
}

/** Numbers by value, everything else as text; nulls last in either direction. */
function compareValues(a: unknown, b: unknown, sign: number): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return sign * (a - b);
  const x = String(a);
  const y = String(b);
  return x === y ? 0 : sign * (x < y ? -1 : 1);
}

const singleParams = z.object({ with_deleted: param.bool().optional() });

/** WD of a single-record GET (ref campaign-management/reference.mdx, GET accounts/:account_id: every single GET takes `with_deleted`). */
export function withDeleted(params: WireParams): boolean {
  return parseParams(singleParams, params).with_deleted === true;
}
