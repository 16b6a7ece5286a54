/**
 * How the platform measures a Tweet's text (LIMITS.tweetText): the
 * emulator's own count, written from the platform's rules, not the
 * provider's (docs/architecture.md rule 9).
 */
import { LIMITS } from "./platform";

/**
 * A link as the platform finds one in a Tweet: http(s):// optional, a host
 * of dotted labels whose last is 2 letters or more, a port, a path not
 * ending in punctuation. (The platform also checks the top-level domain
 * against its list; the emulator takes any.)
 */
const LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@#$/.-])(?:https?://)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#](?:\S*[^\s.,;:!?'")\]}>])?)?`,
  "giu",
);

const EMOJI = new RegExp(String.raw`^\p{RGI_Emoji}$`, "v");
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

function codePointWeight(cp: number): number {
  const light = LIMITS.tweetText.lightRanges.some(([from, to]) => from <= cp && cp <= to);
  return light ? 1 : LIMITS.tweetText.defaultWeight;
}

/** Weighted characters of text without links: an emoji grapheme as a whole, any other grapheme code point by code point. */
function weighOutsideLinks(text: string): number {
  let total = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI.test(segment)) total += LIMITS.tweetText.emojiWeight;
    else for (const ch of segment) total += codePointWeight(ch.codePointAt(0)!);
  }
  return total;
}

/** The weighted length of a Tweet's text, as the platform counts it (at most LIMITS.tweetText.maxWeightedLength). */
export function tweetWeight(raw: string): number {
  const text = raw.normalize("NFC");
  const pieces = text.split(LINK);
  const links = text.match(LINK)?.length ?? 0;
  return pieces.reduce((sum, piece) => sum + weighOutsideLinks(piece), 0) + links * LIMITS.tweetText.urlLength;
}
