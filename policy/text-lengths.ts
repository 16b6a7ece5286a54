/**
 * Text lengths of section 8 of the Advertising API document, one table for
 * every kind, so a new limit is one line. Characters are counted as code
 * points (the platform counts characters; an emoji is one).
 */
import { ResourceValidationPolicy } from "@pulumi/policy";
import { LIMITS } from "../provider/limits";
import { forKinds } from "./define";
import { CARD_KINDS, characters, CONVERSATION_CARD_KINDS, Kind, POST_KINDS, subject, text } from "./resources";

interface TextLimit {
  kinds: readonly Kind[];
  fields: readonly string[];
  max: number;
  /** Call-to-action hashtags: counted without their leading `#`. */
  hashtag?: true;
}

const CTAS = ["firstCta", "secondCta", "thirdCta", "fourthCta"] as const;

export const TEXT_LIMITS: readonly TextLimit[] = [
  { kinds: ["Campaign"], fields: ["name"], max: LIMITS.text.campaignName },
  { kinds: ["Campaign"], fields: ["purchaseOrderNumber"], max: LIMITS.text.purchaseOrderNumber },
  { kinds: ["LineItem"], fields: ["name"], max: LIMITS.text.lineItemName },
  { kinds: CARD_KINDS, fields: ["name"], max: LIMITS.text.cardName },
  { kinds: POST_KINDS, fields: ["name"], max: LIMITS.text.tweetName },
  { kinds: ["Tweet"], fields: ["videoTitle"], max: LIMITS.text.videoTitle },
  { kinds: ["Tweet"], fields: ["videoDescription"], max: LIMITS.text.videoDescription },
  { kinds: CONVERSATION_CARD_KINDS, fields: ["title"], max: LIMITS.text.conversationCardTitle },
  { kinds: CONVERSATION_CARD_KINDS, fields: ["thankYouText"], max: LIMITS.text.thankYouText },
  { kinds: CONVERSATION_CARD_KINDS, fields: CTAS, max: LIMITS.text.ctaHashtag, hashtag: true },
];

const KINDS_WITH_TEXT = [...new Set(TEXT_LIMITS.flatMap((l) => l.kinds))];

export const textLengths: ResourceValidationPolicy = {
  name: "xads-text-lengths",
  description: "Names, purchase order numbers, video titles and descriptions, conversation card titles, thank-you texts and CTA hashtags within the platform's lengths.",
  enforcementLevel: "mandatory",
  validateResource: forKinds(KINDS_WITH_TEXT, (resource, _config, report) => {
    for (const limit of TEXT_LIMITS.filter((l) => l.kinds.includes(resource.kind))) {
      for (const field of limit.fields) {
        const value = text(resource, field);
        if (value === undefined) continue;
        const length = characters(limit.hashtag ? value.replace(/^#/, "") : value);
        if (length <= limit.max) continue;
        const counted = limit.hashtag ? ` without the "#"` : "";
        report(`${subject(resource)} ${field} is ${length} characters${counted}; the platform allows at most ${limit.max}`);
      }
    }
  }),
};
