/**
 * Cards and posts (section 4.11 and the limits of section 8): a card's
 * content is either `components` or `slides`, swipeable media hold 2 to 6
 * items, and a post carries 4 images, or 1 animated GIF, or 1 video.
 */
import { ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { LIMITS, mediaTypeOfKey } from "../provider/limits";
import { forKinds, forStack } from "./define";
import { POST_KINDS, Props, subject, UNKNOWN } from "./resources";

export const cardComponentsOrSlides: ResourceValidationPolicy = {
  name: "xads-card-components-or-slides",
  description: "A card has exactly one of components or slides.",
  enforcementLevel: "mandatory",
  validateResource: forKinds(["Card"], (card, _config, report) => {
    // A value not known yet is still a value that is set.
    const hasComponents = card.props.components !== undefined;
    const hasSlides = card.props.slides !== undefined;
    if (hasComponents && hasSlides) report(`${subject(card)} sets both components and slides; the platform takes exactly one of them`);
    if (!hasComponents && !hasSlides) report(`${subject(card)} sets neither components nor slides; the platform requires exactly one of them`);
  }),
};

/** Each component of a card with where it sits, e.g. `slides[1][0]`. */
function componentsOf(props: Props): { path: string; component: unknown }[] {
  const out: { path: string; component: unknown }[] = [];
  if (Array.isArray(props.components)) props.components.forEach((c, i) => out.push({ path: `components[${i}]`, component: c }));
  if (Array.isArray(props.slides)) {
    props.slides.forEach((slide, s) => {
      if (Array.isArray(slide)) slide.forEach((c, i) => out.push({ path: `slides[${s}][${i}]`, component: c }));
    });
  }
  return out;
}

export const cardSwipeableMedia: ResourceValidationPolicy = {
  name: "xads-card-swipeable-media",
  description: `A SWIPEABLE_MEDIA component holds ${LIMITS.swipeableMedia.min} to ${LIMITS.swipeableMedia.max} media.`,
  enforcementLevel: "mandatory",
  validateResource: forKinds(["Card"], (card, _config, report) => {
    const { min, max } = LIMITS.swipeableMedia;
    for (const { path, component } of componentsOf(card.props)) {
      const c = component as { type?: unknown; mediaKeys?: unknown } | null;
      if (c?.type !== "SWIPEABLE_MEDIA" || !Array.isArray(c.mediaKeys)) continue;
      const count = c.mediaKeys.length;
      if (count >= min && count <= max) continue;
      report(`${subject(card)} ${path} (SWIPEABLE_MEDIA) mediaKeys holds ${count} ${count === 1 ? "item" : "items"}; the platform allows ${min} to ${max}`);
    }
  }),
};

type MediaType = "image" | "animated GIF" | "video" | "other";

/**
 * The media type a media key names, by its prefix: the prefixes live in
 * provider/limits.ts (`LIMITS.mediaKeyPrefixes`, the real platform's
 * `<category>_<media id>`), shared with the resources' validation. Other
 * prefixes are counted, not classified.
 */
export function mediaType(key: string): MediaType {
  switch (mediaTypeOfKey(key)) {
    case "IMAGE": return "image";
    case "GIF": return "animated GIF";
    case "VIDEO": return "video";
    default: return "other";
  }
}

/** `media_keys` is comma-separated on the wire; an SDK may take a list. */
function mediaKeysOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return value.split(",").map((k) => k.trim()).filter((k) => k !== "");
  return undefined;
}

const MEDIA_LABELS: Record<MediaType | "unknown", [one: string, many: string]> = {
  "image": ["image", "images"],
  "animated GIF": ["animated GIF", "animated GIFs"],
  "video": ["video", "videos"],
  "other": ["of another type", "of another type"],
  "unknown": ["not known yet", "not known yet"],
};

/** e.g. `1 video, 2 images`. */
function describeMedia(keys: readonly unknown[]): string {
  const counts = new Map<MediaType | "unknown", number>();
  for (const k of keys) {
    const type = typeof k === "string" ? mediaType(k) : "unknown";
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts].map(([type, n]) => `${n} ${MEDIA_LABELS[type][n === 1 ? 0 : 1]}`).join(", ");
}

export const postMedia: ResourceValidationPolicy = {
  name: "xads-post-media",
  description: `A post (published or draft) carries up to ${LIMITS.tweetMedia.images} images, or ${LIMITS.tweetMedia.gifs} animated GIF, or ${LIMITS.tweetMedia.videos} video.`,
  enforcementLevel: "mandatory",
  validateResource: forKinds(POST_KINDS, (post, _config, report) => {
    const keys = mediaKeysOf(post.props.mediaKeys);
    if (!keys || keys.length === 0) return;
    const { images, gifs, videos } = LIMITS.tweetMedia;
    const types = keys.map((k) => (typeof k === "string" ? mediaType(k) : undefined));
    const gifCount = types.filter((t) => t === "animated GIF").length;
    const videoCount = types.filter((t) => t === "video").length;
    const tooMany = keys.length > images
      || (gifCount > 0 && keys.length > gifs)
      || (videoCount > 0 && keys.length > videos);
    if (!tooMany) return;
    report(`${subject(post)} mediaKeys holds ${describeMedia(keys)}; the platform allows ${images} images, or ${gifs} animated GIF, or ${videos} video`);
  }),
};

/**
 * seed 4.6: a media creative's `landing_url` is required when its line item's
 * objective is WEBSITE_CLICKS. The resource's own check cannot see the line
 * item; this stack rule can when the line item is in the same program (also
 * during preview, while the line item's id is not known yet).
 */
export const mediaCreativeLandingUrl: StackValidationPolicy = {
  name: "xads-media-creative-landing-url",
  description: "A media creative on a WEBSITE_CLICKS line item of the stack has a landingUrl.",
  enforcementLevel: "mandatory",
  validateStack: forStack((stack, _config, report) => {
    for (const creative of stack.ofKind("MediaCreative")) {
      if (creative.props.landingUrl !== undefined) continue;
      const lineItem = stack.sourceOf(creative, "lineItemId", "LineItem");
      const objective = lineItem?.props.objective;
      if (!lineItem || objective === UNKNOWN || objective !== "WEBSITE_CLICKS") continue;
      report(`${subject(creative)} has no landingUrl; the platform requires one because ${subject(lineItem)} has objective WEBSITE_CLICKS`, creative.urn);
    }
  }),
};
