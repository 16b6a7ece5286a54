/**
 * Video conversation card (ref creatives/reference.mdx, Video Conversation Cards): a 16:9 video with
 * hashtag calls to action. The shared fields, rules and lifecycle are in
 * conversation-card.ts.
 */
import { z } from "zod";
import { mediaKeyInput } from "./card";
import { conversationCard, keptMedia } from "./conversation-card";

const kind = conversationCard({
  kind: "VideoConversationCard",
  description: "A video conversation card: a 16:9 video with up to four hashtag calls to action. Every field changes in place.",
  segment: "cards/video_conversation",
  noun: "video conversation card",
  media: {
    mediaKey: mediaKeyInput.describe("A video in the media library, aspect 16:9."),
    // xdevplatform/docs x-ads-api/creatives/reference.mdx, video conversation cards: every answer has poster_media_url, none poster_media_key.
    posterMediaKey: keptMedia(mediaKeyInput.optional().describe("Poster image; the platform uses the video's first frame when not set. The API answers only its address (posterMediaUrl): the declared key is kept.")),
    unlockedImageMediaKey: keptMedia(mediaKeyInput.optional().describe("Image shown once unlocked. Write-only: the API never returns it.")),
    unlockedVideoMediaKey: keptMedia(mediaKeyInput.optional().describe("Video shown once unlocked. Write-only: the API never returns it.")),
  },
  mediaRules: {
    mediaKey: { category: "video", rule: "The video must be in the media library, with aspect 16:9." },
    posterMediaKey: { category: "image", rule: "The poster must be an image in the media library." },
    unlockedImageMediaKey: { category: "image", rule: "The unlocked image must be an image in the media library." },
    unlockedVideoMediaKey: { category: "video", rule: "The unlocked video must be a video in the media library." },
  },
  outputs: {
    posterMediaUrl: z.string().describe("Where the platform serves the poster: the posterMediaKey image, or the video's first frame. It changes when the live poster does."),
  },
});

export const videoConversationCardInputs = kind.inputs;
export type VideoConversationCardInputs = z.infer<typeof videoConversationCardInputs>;
export type VideoConversationCardOutputs = VideoConversationCardInputs & { cardUri?: string; posterMediaUrl?: string; createdAt?: string };
export const videoConversationCard = kind.definition;
