/**
 * `xads pr-summary --previews <file.html>`: the platform's own rendering of
 * every post (Tweet, DraftTweet, ScheduledTweet) a preview creates,
 * updates or replaces, in one HTML file a reviewer opens beside the
 * summary (a CI artifact), and the summary's line that links to it.
 *
 * What each post shows:
 * - its declared content (text, media, card, schedule; old -> new for a
 *   change), always, escaped;
 * - the platform's rendering (GET tweet_previews, an iframe) of the post
 *   live now: for an update or a replacement that is the post before the
 *   change, said so; a new post has no id before `pulumi up`, so its
 *   rendering is said to come after up.
 * A rendering that cannot be had is "preview unavailable: <reason>" for
 * that post; the summary never fails for it. Rendering is pure
 * (postsOfPreview, renderPreviewsHtml, previewsMarkdown); fetchRenderings
 * is the one side effect.
 */
import { writeFileSync } from "node:fs";
import { dirname, posix, relative, resolve, sep } from "node:path";
import { AdsClient } from "../provider/client/client";
import { redact } from "../provider/client/errors";
import { ProviderConfig } from "../provider/config";
import { TWEET_PREVIEWS } from "../provider/limits";
import { definitionOf, RESOURCES } from "../provider/resources";
import { TweetType, tweetTypeOf } from "../provider/resources/posts";
import { listTweetPreviews } from "../provider/tweet-previews";
import { CliError } from "./errors";
import { PreviewClients } from "./preview-client";
import { PreviewModel } from "./preview-input";
import { blind, Props, UNKNOWN } from "./properties";

/** The content fields of a post shown beside its rendering, in this order. */
const CONTENT = ["text", "mediaKeys", "cardUri", "scheduledAt", "nullcast", "name"] as const;

export type Rendering = { src: string } | { unavailable: string };

export interface PostPreview {
  name: string;
  kind: string;
  op: "create" | "update" | "replace";
  tweetType: TweetType;
  accountId?: string;
  /** The live post's id (update, replace); none for a create. */
  id?: string;
  /** The content fields the change touches (update: old -> new) or declares (create, replace). */
  fields: { field: string; old?: unknown; new: unknown }[];
  rendering?: Rendering;
}

const SHOWN_OPS = new Set(["create", "update", "replace"]);

/** The post kinds: the declarations that read posts by a `tweet_type`. */
function tweetTypeOfKind(kind: string | undefined): TweetType | undefined {
  return kind !== undefined && kind in RESOURCES ? tweetTypeOf(definitionOf(kind)) : undefined;
}

const str = (v: unknown) => (typeof v === "string" && v !== "" && v !== UNKNOWN ? v : undefined);

/** The new and changed posts of a preview, each with what it declares (pure). */
export function postsOfPreview(model: PreviewModel): PostPreview[] {
  return model.steps.flatMap((s): PostPreview[] => {
    const tweetType = tweetTypeOfKind(s.kind);
    if (!tweetType || !SHOWN_OPS.has(s.op)) return [];
    const op = s.op as PostPreview["op"];
    const olds: Props = op === "create" ? {} : { ...s.oldOutputs, ...s.oldInputs };
    const news: Props = s.newInputs ?? {};
    const fields = CONTENT.filter((f) => news[f] !== undefined || olds[f] !== undefined)
      .map((f) => ({ field: f, old: olds[f], new: news[f] }))
      .filter((c) => op !== "update" || JSON.stringify(c.old ?? null) !== JSON.stringify(c.new ?? null))
      .map((c) => (op === "update" ? c : { field: c.field, new: c.new }));
    const accountId = str(news.accountId) ?? str(s.oldOutputs?.accountId) ?? str(s.oldInputs?.accountId);
    return [{
      name: s.name, kind: s.kind!, op, tweetType, fields,
      ...(accountId ? { accountId } : {}),
      ...(op !== "create" && s.id ? { id: s.id } : {}),
    }];
  }).sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

/**
 * The `src` of the platform's iframe, when it is an http(s) address; the
 * rest of the platform's markup is not copied into the page.
 */
export function iframeSource(preview: string): string | undefined {
  const src = /\bsrc\s*=\s*(['"])(.*?)\1/is.exec(preview)?.[2];
  if (!src) return undefined;
  try {
    const url = new URL(src);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface RenderingSource {
  ctx?: { client: AdsClient; config: ProviderConfig };
  /** Why there is no client (no credentials), said for each post that needed one. */
  noCredentials?: string;
  secrets?: string[];
}

/**
 * Each post with its rendering or the reason it has none: one GET
 * tweet_previews per account and type (200 ids a call). A failed call
 * fails only its posts' renderings.
 */
export async function fetchRenderings(posts: PostPreview[], source: RenderingSource): Promise<PostPreview[]> {
  const out = posts.map((p) => ({ ...p }));
  const groups = new Map<string, PostPreview[]>();
  for (const p of out) {
    if (!p.id) {
      p.rendering = { unavailable: "a new post has no id before pulumi up: the platform renders it once it exists (its declared content is above)" };
      continue;
    }
    if (!source.ctx) {
      p.rendering = { unavailable: `no credentials to ask the platform for it (${source.noCredentials ?? "none configured"})` };
      continue;
    }
    const accountId = p.accountId ?? source.ctx.config.accountId;
    if (!accountId) {
      p.rendering = { unavailable: "its account is unknown: the state names none and xads:accountId is not set" };
      continue;
    }
    p.accountId = accountId;
    const key = `${accountId} ${p.tweetType}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const [key, group] of groups) {
    const [accountId, tweetType] = key.split(" ") as [string, TweetType];
    for (let i = 0; i < group.length; i += TWEET_PREVIEWS.tweetIdsPerRequest) {
      const chunk = group.slice(i, i + TWEET_PREVIEWS.tweetIdsPerRequest);
      let found: Map<string, string> | Error;
      try {
        const previews = await listTweetPreviews(source.ctx!, { accountId, tweetIds: chunk.map((p) => p.id!), tweetType });
        found = new Map(previews.map((r) => [r.tweetId, r.preview]));
      } catch (err) {
        found = err instanceof Error ? err : new Error(String(err));
      }
      for (const p of chunk) {
        if (found instanceof Error) {
          p.rendering = { unavailable: redact(found.message, source.secrets ?? []) };
          continue;
        }
        const preview = found.get(p.id!);
        const src = preview === undefined ? undefined : iframeSource(preview);
        p.rendering = src ? { src }
          : { unavailable: preview === undefined ? `the platform has no ${tweetType} post ${p.id} to render (deleted, or no longer ${tweetType.toLowerCase()})` : "the platform's answer is not an iframe of an http(s) address" };
      }
    }
  }
  return out;
}

// ------------------------------------------------------------ HTML ---

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML content and quoted attributes alike. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function shown(v: unknown): string {
  if (v === undefined || v === null) return "(none)";
  if (v === UNKNOWN) return "(known after apply)";
  const b = blind(v);
  if (typeof b === "string") return b;
  return JSON.stringify(b).split(JSON.stringify(UNKNOWN)).join("(known after apply)");
}

const OP_WORDS: Record<PostPreview["op"], string> = { create: "new", update: "changed", replace: "replaced" };

function renderingHtml(p: PostPreview): string {
  const r = p.rendering;
  if (!r) return `<p class="unavailable">preview unavailable: not asked for</p>`;
  if ("unavailable" in r) return `<p class="unavailable">preview unavailable: ${escapeHtml(r.unavailable)}</p>`;
  const caption = p.op === "create" ? "the platform's rendering"
    : p.op === "update" ? "the platform's rendering of the post live now, before this change"
    : "the platform's rendering of the post being replaced (live now)";
  return `<p class="caption">${escapeHtml(caption)}</p>\n<iframe class="tweet-preview" src="${escapeHtml(r.src)}" title="${escapeHtml(`${p.name}: ${caption}`)}" loading="lazy" sandbox="allow-scripts allow-same-origin allow-popups" referrerpolicy="no-referrer"></iframe>`;
}

function fieldsHtml(p: PostPreview): string {
  if (p.fields.length === 0) return `<p class="fields">no content field changes</p>`;
  const rows = p.fields.map((f) => {
    const value = p.op === "update" ? `${escapeHtml(shown(f.old))} &rarr; ${escapeHtml(shown(f.new))}` : escapeHtml(shown(f.new));
    return `<tr><th>${escapeHtml(f.field)}</th><td>${value}</td></tr>`;
  });
  return `<table class="fields">${rows.join("")}</table>`;
}

/** The whole page: one section per post (pure; every value escaped). */
export function renderPreviewsHtml(posts: PostPreview[], meta: { stack?: string; project?: string } = {}): string {
  const title = `Post previews${meta.stack ? ` of stack ${meta.stack}` : ""}${meta.project ? ` (project ${meta.project})` : ""}`;
  const sections = posts.map((p) => [
    `<section class="post">`,
    `<h2>${escapeHtml(p.name)} <small>(${escapeHtml(p.kind)}, ${OP_WORDS[p.op]}${p.id ? `, id ${escapeHtml(p.id)}` : ""})</small></h2>`,
    fieldsHtml(p),
    renderingHtml(p),
    `</section>`,
  ].join("\n"));
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8">`,
    // Only the platform's renderings may load: nothing else runs in this page.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; frame-src https: http:; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(title)}</title>`,
    "<style>body{font-family:sans-serif;max-width:42rem;margin:2rem auto}section{border-top:1px solid #ccc;padding:1rem 0}th{text-align:left;padding-right:1rem;vertical-align:top}td{white-space:pre-wrap}iframe{width:100%;min-height:24rem;border:1px solid #ddd}.unavailable{color:#a40}</style>",
    "</head><body>",
    `<h1>${escapeHtml(title)}</h1>`,
    posts.length === 0 ? "<p>No post is created, changed or replaced by this preview.</p>" : sections.join("\n"),
    "</body></html>",
    "",
  ].join("\n");
}

// -------------------------------------------------------- Markdown ---

/** The link to the page, relative to where the Markdown is written (stdout: the current folder), with / separators. */
export function previewsLink(htmlFile: string, markdownFile?: string, cwd = process.cwd()): string {
  const from = markdownFile ? dirname(resolve(cwd, markdownFile)) : cwd;
  return relative(from, resolve(cwd, htmlFile)).split(sep).join(posix.sep);
}

/** The summary's section about the page: where it is and how many posts it shows how (pure). */
export function previewsMarkdown(link: string, posts: PostPreview[], noCredentials?: string): string {
  const rendered = posts.filter((p) => p.rendering && "src" in p.rendering).length;
  const fresh = posts.filter((p) => !p.id).length;
  const unavailable = posts.length - rendered - fresh;
  const md = (s: string) => s.replace(/([\\`*_[\]<>|])/g, "\\$1");
  const counts = posts.length === 0 ? "no post is created, changed or replaced"
    : [
      `${posts.length} post${posts.length === 1 ? "" : "s"}`,
      `${rendered} rendered by the platform`,
      ...(fresh > 0 ? [`${fresh} new: rendered after \`pulumi up\` (their declared content is shown)`] : []),
      ...(unavailable > 0 ? [`${unavailable} preview unavailable`] : []),
    ].join(", ");
  return [
    "### Post previews",
    "",
    `previews: [${md(link)}](${encodeURI(link)}) (${counts})`,
    ...(noCredentials && unavailable > 0 ? ["", `Renderings need Ads API credentials: ${md(noCredentials)}`] : []),
    "",
  ].join("\n");
}

// ------------------------------------------------------- the option ---

/**
 * Writes the page of the preview's new and changed posts to `htmlFile` and
 * answers the summary's section that links to it (relative to
 * `markdownFile`, or the current folder when the summary goes to stdout).
 */
export async function writePreviews(model: PreviewModel, htmlFile: string, markdownFile: string | undefined, clientsOf: () => Promise<PreviewClients>): Promise<string> {
  const posts = postsOfPreview(model);
  const clients = posts.some((p) => p.id) ? await clientsOf() : undefined;
  // Each account's posts through that account's provider (cli/preview-client.ts).
  const withRenderings: PostPreview[] = [];
  let noCredentials: string | undefined;
  for (const accountId of new Set(posts.map((p) => p.accountId))) {
    const source: RenderingSource = clients ? clients(accountId) : {};
    noCredentials ??= source.noCredentials;
    withRenderings.push(...(await fetchRenderings(posts.filter((p) => p.accountId === accountId), source)));
  }
  // In postsOfPreview's order.
  withRenderings.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  try {
    writeFileSync(htmlFile, renderPreviewsHtml(withRenderings, model));
  } catch (err) {
    throw new CliError(`cannot write the previews to ${htmlFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return previewsMarkdown(previewsLink(htmlFile, markdownFile), withRenderings, noCredentials);
}
