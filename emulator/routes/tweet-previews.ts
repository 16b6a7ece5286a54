/**
 * Previews of posts (xdevplatform/docs x-ads-api/creatives/reference.mdx,
 * "Tweet Previews" and "Draft Tweets"):
 * - GET accounts/:account_id/tweet_previews: an iframe per post of
 *   `tweet_ids` (up to 200), all of `tweet_type`. An id of another type gets
 *   no preview (the reference, tweet_ids); an unknown or deleted one neither:
 *   the answer leaves it out, no error.
 * - POST accounts/:account_id/draft_tweets/preview/:draft_tweet_id: a
 *   notification to the authenticated user's devices. The emulator has no
 *   devices: it keeps each one sent in the account's `draft_tweet_previews`
 *   (the control API lists it: GET /_emulator/:env/accounts/:id/draft_tweet_previews).
 *
 * The iframes point at this emulator's own rendering of the post
 * (/ads-manager/tweet-preview/index.html, the platform's path on its media
 * host), so a preview opens where the emulator runs.
 */
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS } from "../platform";
import { RouteOptions } from "../context";
import { AccountRoute, echo, found, wireParams } from "../http";
import { resourceContext } from "../resource";
import { AnyEntity } from "../store";
import { param, parseParams } from "../wire";
import { DRAFT_TWEETS, Post, PUBLISHED_TWEETS, SCHEDULED_TWEETS, ScheduledTweet } from "./posts";

/** The reference: "Up to 200 IDs may be provided." */
const TWEET_IDS_PER_REQUEST = 200;

/** Where the emulator keeps the device previews it was asked to send. */
export const DRAFT_TWEET_PREVIEWS = "draft_tweet_previews";

const RENDER_PATH = "/ads-manager/tweet-preview/index.html";

const COLLECTION_OF_TYPE: Record<(typeof ENUMS.tweetType)[number], string> = {
  DRAFT: DRAFT_TWEETS, SCHEDULED: SCHEDULED_TWEETS, PUBLISHED: PUBLISHED_TWEETS,
};

const previewParams = z.object({
  tweet_ids: param.list(1, TWEET_IDS_PER_REQUEST).pipe(z.array(z.string().regex(/^\d+$/, "must be Tweet ids in decimal digits"))),
  tweet_type: param.oneOf(ENUMS.tweetType),
});

/** What the rendering shows of a post, carried in the iframe's address (as the platform's `data=`). */
interface Rendered {
  tweet_type: string;
  tweet_id: string;
  user: string;
  text: string | null;
  card_uri: string | null;
  media_keys: string[];
  scheduled_at?: string;
}

function iframe(origin: string, r: Rendered): string {
  const data = encodeURIComponent(Buffer.from(JSON.stringify(r)).toString("base64"));
  // The platform's form (single quotes, no closing tag), as the reference's example answers it.
  return `<iframe class='tweet-preview' src='${origin}${RENDER_PATH}?data=${data}'>`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

function renderPage(r: Rendered): string {
  const lines = [
    `<p class="author">@${escapeHtml(r.user)} &middot; ${escapeHtml(r.tweet_type)} ${escapeHtml(r.tweet_id)}${r.scheduled_at ? ` &middot; scheduled for ${escapeHtml(r.scheduled_at)}` : ""}</p>`,
    `<p class="text">${escapeHtml(r.text ?? "")}</p>`,
    ...(r.media_keys.length ? [`<p class="media">media: ${r.media_keys.map(escapeHtml).join(", ")}</p>`] : []),
    ...(r.card_uri ? [`<p class="card">card: ${escapeHtml(r.card_uri)}</p>`] : []),
  ];
  return `<!doctype html><html><head><meta charset="utf-8"><title>Tweet preview (Ads API emulator)</title></head><body>${lines.join("")}</body></html>`;
}

export const tweetPreviewRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const base = "/12/accounts/:account_id";
  const { user } = app.emulator.auth;
  const screenNameOf = (userId: string) => (userId === user.id ? user.screenName : `user_${userId}`);
  const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? "localhost"}`;

  app.get<AccountRoute>(`${base}/tweet_previews`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const p = parseParams(previewParams, wireParams(req));
    const posts = ctx.account.collection<Post>(COLLECTION_OF_TYPE[p.tweet_type]);
    const data = [...new Set(p.tweet_ids)].flatMap((id) => {
      const post = posts.get(id);
      if (!post || post.deleted) return [];
      const scheduledAt = p.tweet_type === "SCHEDULED" ? { scheduled_at: (post as ScheduledTweet).scheduled_at } : {};
      const rendered: Rendered = {
        tweet_type: p.tweet_type, tweet_id: id, user: screenNameOf(post.user_id), text: post.text, card_uri: post.card_uri, media_keys: post.media_keys, ...scheduledAt,
      };
      return [{ tweet_id: id, preview: iframe(origin(req), rendered) }];
    });
    return { request: echo(req), data };
  });

  app.post<{ Params: { account_id: string; id: string } }>(`${base}/draft_tweets/preview/:id`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const draft = found(ctx.account.collection<Post>(DRAFT_TWEETS).get(req.params.id), "draft Tweet", req.params.id);
    const to = req.api?.userId ?? user.id;
    ctx.account.collection<AnyEntity>(DRAFT_TWEET_PREVIEWS).insert({ draft_tweet_id: draft.id, user_id: to, screen_name: screenNameOf(to) } as never);
    // The reference's answer: the path's parameters echoed, and a message; no `data`.
    return {
      request: { params: { account_id: req.params.account_id, draft_tweet_id: req.params.id } },
      message: `See @${screenNameOf(to)}'s notifications in the X app to preview your Tweet.`,
    };
  });

  // The rendering the iframes point at: a page of the post, everything escaped. Once, outside the API bases.
  if (env === "production") {
    app.get(RENDER_PATH, async (req, reply) => {
      const { data } = parseParams(z.object({ data: z.string().min(1) }), req.query as Record<string, string>);
      let rendered: Rendered;
      try {
        rendered = JSON.parse(Buffer.from(data, "base64").toString("utf8")) as Rendered;
      } catch {
        return reply.status(400).type("text/plain").send("data is not a preview of this emulator");
      }
      return reply.type("text/html; charset=utf-8").send(renderPage({ ...rendered, media_keys: rendered.media_keys ?? [] }));
    });
  }
};
