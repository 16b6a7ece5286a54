/**
 * Image conversation card (ref creatives/reference.mdx, Image Conversation Cards): a 1.91:1 image of
 * at least 800 px with hashtag calls to action. The shared fields, rules and
 * lifecycle are in conversation-card.ts.
 */
import { z } from "zod";
import { LIMITS } from "../limits";
import { mediaKeyInput } from "./card";
import { conversationCard, keptMedia } from "./conversation-card";

const { conversationImage: image, unlockedImage: unlocked } = LIMITS.cards;

const kind = conversationCard({
  kind: "ImageConversationCard",
  description: "An image conversation card: an image with up to four hashtag calls to action. Every field changes in place.",
  segment: "cards/image_conversation",
  noun: "image conversation card",
  media: {
    mediaKey: mediaKeyInput.describe(`An image in the media library, at least ${image.minWidth} px wide, aspect 1.91:1.`),
    unlockedImageMediaKey: keptMedia(mediaKeyInput.optional().describe(`Image shown once unlocked, aspect 5:2, at least ${unlocked.minWidth} px wide. Write-only: the API never returns it.`)),
  },
  mediaRules: {
    mediaKey: { category: "image", rule: `The image must be in the media library, at least ${image.minWidth} px wide, with aspect 1.91:1.` },
    unlockedImageMediaKey: { category: "image", rule: `The unlocked image must be in the media library, at least ${unlocked.minWidth} px wide, with aspect 5:2.` },
  },
});

export const imageConversationCardInputs = kind.inputs;
export type ImageConversationCardInputs = z.infer<typeof imageConversationCardInputs>;
export type ImageConversationCardOutputs = ImageConversationCardInputs & { cardUri?: string; createdAt?: string };
export const imageConversationCard = kind.definition;
