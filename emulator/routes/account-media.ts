/**
 * Account media (ref creatives/reference.mdx, Account Media): the account's media library entries usable as
 * media creatives, by creative type. GET list (`account_media_ids`,
 * `creative_types`, PG, WD, WT), GET one (WD), DELETE. "Assets are added
 * through the media library endpoint", which the emulator does not model: every
 * account holds the entries of SEEDED_ACCOUNT_MEDIA, made on first use.
 */
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS } from "../platform";
import { RouteOptions } from "../context";
import { AccountRoute, echo, EntityRoute, found, one, wireParams } from "../http";
import { ListSpec, listPage, withDeleted } from "../lists";
import { SEEDED_MEDIA } from "../media";
import { resourceContext } from "../resource";
import { Account, StoredEntity } from "../store";
import { param, parseParams } from "../wire";

export type CreativeType = (typeof ENUMS.creativeType)[number];

export interface AccountMedia extends StoredEntity {
  media_key: string;
  creative_type: CreativeType;
}

export const ACCOUNT_MEDIA = "account_media";

/**
 * What every account holds, from the media library (media.ts). The real
 * platform derives `creative_type` from the
 * asset (BANNER and MEDIUM_RECTANGLE for display images by size,
 * INTERSTITIAL for full-screen ones, PREROLL for videos). Ids are 6
 * characters, so they never equal a generated (5-character) one.
 */
export const SEEDED_ACCOUNT_MEDIA: ReadonlyArray<{ id: string; media_key: string; creative_type: CreativeType }> = [
  { id: "am1007", media_key: SEEDED_MEDIA.bannerImage.media_key, creative_type: "BANNER" },
  { id: "am1003", media_key: SEEDED_MEDIA.squareImage.media_key, creative_type: "MEDIUM_RECTANGLE" },
  { id: "am1001", media_key: SEEDED_MEDIA.wideImage.media_key, creative_type: "INTERSTITIAL_LANDSCAPE" },
  { id: "am3001", media_key: SEEDED_MEDIA.video.media_key, creative_type: "PREROLL" },
];

/** The account's account media, seeded on first use (so every account, however made, has them). */
export function accountMediaOf(account: Account) {
  const c = account.collection<AccountMedia>(ACCOUNT_MEDIA);
  if (c.all().length === 0) {
    for (const m of SEEDED_ACCOUNT_MEDIA) c.insert({ media_key: m.media_key, creative_type: m.creative_type }, m.id);
  }
  return c;
}

const listSpec: ListSpec<AccountMedia> = {
  ids: [{ param: "account_media_ids", value: (m) => m.id }],
  sortable: ["created_at", "updated_at", "creative_type"],
};

/**
 * An account media entry as answered. The real platform
 * (tests/conformance corpus) names the asset by `video_id` (a video's media
 * key) or `media_url` (an image's address), never by media_key (kept here
 * to name the asset).
 */
function show(m: AccountMedia): Record<string, unknown> {
  const { media_key, ...entry } = m;
  const video = m.creative_type === "PREROLL" || m.creative_type === "VAST_PREROLL";
  return { ...entry, video_id: video ? media_key : null, media_url: video ? null : `https://pbs.twimg.com/media/${media_key}.jpg` };
}

const listParams = z.object({ creative_types: param.listOf(ENUMS.creativeType, 1, ENUMS.creativeType.length).optional() });

export const accountMediaRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const base = `/12/accounts/:account_id/${ACCOUNT_MEDIA}`;
  const media = (req: FastifyRequest<AccountRoute>) => accountMediaOf(resourceContext(app, env, req).account);

  app.get<AccountRoute>(base, async (req) => {
    const params = wireParams(req);
    const { creative_types } = parseParams(listParams, params);
    const all = media(req).all().filter((m) => !creative_types || creative_types.includes(m.creative_type));
    const page = listPage(all, params, listSpec);
    return { request: echo(req), ...page, data: page.data.map(show) };
  });

  app.get<EntityRoute>(`${base}/:id`, async (req) =>
    one(req, show(found(media(req).get(req.params.id), "account media", req.params.id, withDeleted(wireParams(req))))));

  app.delete<EntityRoute>(`${base}/:id`, async (req) => {
    const c = media(req);
    found(c.get(req.params.id), "account media", req.params.id);
    return one(req, show(c.markDeleted(req.params.id)));
  });
};
