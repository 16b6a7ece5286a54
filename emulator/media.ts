/**
 * The media library (ref creatives/reference.mdx, POST draft_tweets: "The media asset must be in the account's Media Library"; the
 * upload itself is not emulated). Every account holds the assets
 * below, so posts, cards and media creatives can name them; a test can add
 * more to the account's `media_library` collection through the control API.
 *
 * The real platform's media keys carry the media category in
 * their prefix: `3_` image, `7_` video, `16_` animated GIF.
 */
import { LIMITS } from "./platform";
import { Account, StoredEntity } from "./store";

export type MediaType = "IMAGE" | "GIF" | "VIDEO";

export interface MediaAsset {
  media_key: string;
  media_type: MediaType;
  width: number;
  height: number;
  /** A video's length in milliseconds. */
  duration_ms?: number;
}

export interface MediaLibraryEntry extends StoredEntity, MediaAsset {}

export const MEDIA_LIBRARY_COLLECTION = "media_library";

/** What every account's library holds: names say what each is for. */
export const SEEDED_MEDIA = {
  /** 1.91:1, at least 800 px wide: image conversation cards, website cards. */
  wideImage: { media_key: "3_1001", media_type: "IMAGE", width: 1200, height: 628 },
  wideImage2: { media_key: "3_1002", media_type: "IMAGE", width: 1200, height: 628 },
  squareImage: { media_key: "3_1003", media_type: "IMAGE", width: 800, height: 800 },
  squareImage2: { media_key: "3_1004", media_type: "IMAGE", width: 800, height: 800 },
  squareImage3: { media_key: "3_1005", media_type: "IMAGE", width: 800, height: 800 },
  squareImage4: { media_key: "3_1006", media_type: "IMAGE", width: 800, height: 800 },
  /** 5:2: the unlocked image of conversation cards. */
  bannerImage: { media_key: "3_1007", media_type: "IMAGE", width: 1000, height: 400 },
  /** Too small for conversation cards (under 800 px wide). */
  smallImage: { media_key: "3_1008", media_type: "IMAGE", width: 400, height: 209 },
  gif: { media_key: "16_2001", media_type: "GIF", width: 480, height: 270 },
  /** 16:9: video conversation cards. */
  video: { media_key: "7_3001", media_type: "VIDEO", width: 1920, height: 1080, duration_ms: 15000 },
  video2: { media_key: "7_3002", media_type: "VIDEO", width: 1280, height: 720, duration_ms: 7967 },
} as const satisfies Record<string, MediaAsset>;

const SEEDED_BY_KEY = new Map<string, MediaAsset>(Object.values(SEEDED_MEDIA).map((m) => [m.media_key, m]));

/** The asset a media key names in this account's library, or undefined. */
export function mediaAsset(account: Account, mediaKey: string): MediaAsset | undefined {
  const added = account.collection<MediaLibraryEntry>(MEDIA_LIBRARY_COLLECTION).all().find((m) => !m.deleted && m.media_key === mediaKey);
  return added ?? SEEDED_BY_KEY.get(mediaKey);
}

/** width:height within 1 %, e.g. aspect(asset, 1.91) for 1.91:1. */
export function hasAspect(asset: MediaAsset, ratio: number): boolean {
  return Math.abs(asset.width / asset.height - ratio) / ratio <= 0.01;
}

const MEDIA_WORDS: ReadonlyArray<readonly [MediaType, string, string]> = [
  ["IMAGE", "image", "images"], ["GIF", "animated GIF", "animated GIFs"], ["VIDEO", "video", "videos"],
];

/**
 * ref creatives/reference.mdx, POST tweet: a post carries up to 4 images, or 1 animated GIF, or 1
 * video, never a mix. What breaks that rule ("may hold ... (got ...)"), or
 * undefined. An animated GIF or a video must be alone, checked before the
 * image count, so "1 GIF and 4 images" is answered as a GIF problem.
 */
export function postMediaProblem(types: readonly MediaType[]): string | undefined {
  const count = (type: MediaType) => types.filter((t) => t === type).length;
  const got = `(got ${MEDIA_WORDS.filter(([t]) => count(t) > 0).map(([t, one, many]) => `${count(t)} ${count(t) === 1 ? one : many}`).join(", ")})`;
  const { images, gifs, videos } = LIMITS.tweetMedia;
  for (const [type, most, word] of [["GIF", gifs, "animated GIF"], ["VIDEO", videos, "video"]] as const) {
    if (count(type) > 0 && types.length > most) return `may hold ${most} ${word} and nothing else ${got}`;
  }
  return types.length > images ? `may hold at most ${images} images ${got}` : undefined;
}

/**
 * Where the platform serves an asset, as cards answer it: the real platform
 * (tests/conformance corpus, conversation cards): images under
 * pbs.twimg.com/media, videos as a VMAP under video.twimg.com, a video's
 * first frame under pbs.twimg.com/amplify_video_thumb; cards' media_metadata
 * names the video file itself.
 */
export const MEDIA_URLS = {
  image: (key: string) => `https://pbs.twimg.com/media/${key}.jpg`,
  video: (key: string) => `https://video.twimg.com/amplify_video/vmap/${key}.vmap`,
  firstFrame: (key: string) => `https://pbs.twimg.com/amplify_video_thumb/${key}/img/first-frame.jpg`,
  /** A video's file at its size (cards' media_metadata: video.twimg.com/amplify_video/<id>/vid/<w>x<h>/<name>.mp4). */
  videoFile: (key: string, size: { width: number; height: number }) => `https://video.twimg.com/amplify_video/${key}/vid/${size.width}x${size.height}/video.mp4`,
};

/** width:height in lowest terms (1920x1080 is 16:9). */
export function aspectRatio(asset: { width: number; height: number }): [number, number] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(asset.width, asset.height) || 1;
  return [asset.width / d, asset.height / d];
}
