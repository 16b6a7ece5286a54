/**
 * The application's registered webhooks (xdevplatform/docs openapi.json (GET /2/webhooks)), as GET
 * 2/webhooks lists them. Registration, validation and delivery signatures
 * are not modelled, so tests
 * and demos add them through the control API. None are seeded.
 */
import { randomInt } from "node:crypto";
import { Clock } from "./store";

export interface Webhook {
  id: string;
  url: string;
  /** Whether the platform's last challenge (CRC) check of the URL passed. */
  valid: boolean;
  created_at: string;
}

export interface NewWebhook {
  url: string;
  valid?: boolean;
}

export class Webhooks {
  private items: Webhook[] = [];

  constructor(private readonly clock: Clock) {}

  list(): Webhook[] {
    return this.items.map((w) => ({ ...w }));
  }

  add(w: NewWebhook): Webhook {
    let url: URL;
    try {
      url = new URL(w.url);
    } catch {
      throw new Error(`url must be an absolute https URL, got "${w.url}"`);
    }
    // The real platform registers only https URLs.
    if (url.protocol !== "https:") throw new Error(`url must be an absolute https URL, got "${w.url}"`);
    // The real platform webhook ids are numeric strings (snowflakes).
    const id = `${Date.UTC(2026, 0) + randomInt(1_000_000_000)}${String(randomInt(1_000_000)).padStart(6, "0")}`;
    // Date-time with milliseconds, as the v2 endpoints write it.
    const webhook: Webhook = { id, url: w.url, valid: w.valid ?? true, created_at: new Date(this.clock()).toISOString() };
    this.items.push(webhook);
    return { ...webhook };
  }

  /** A change the platform makes, e.g. `valid: false` after a failed challenge check. */
  edit(id: string, patch: { valid?: boolean }): Webhook {
    const w = this.items.find((x) => x.id === id);
    if (!w) throw new Error(`no webhook ${id}`);
    if (patch.valid !== undefined) w.valid = patch.valid;
    return { ...w };
  }

  clear(): void {
    this.items = [];
  }
}
