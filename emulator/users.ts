/**
 * The X users the platform API's users lookup answers (xdevplatform/docs
 * openapi.json, GET /2/users): the configured user (the user of every
 * access token the emulator issues) and the users tests and demos register
 * through the control API, e.g. the users who edit "in the ads UI" that the
 * account history names. Free of fastify: routes/users.ts serves it.
 */

/** A user as the lookup answers it by default: id, name, username (x-api/users/lookup/integrate.mdx, "Default response"). */
export interface XUser {
  /** openapi.json UserId: 1 to 19 decimal digits. */
  id: string;
  name: string;
  /** The handle, without the @. */
  username: string;
}

/** openapi.json UserId. */
export const USER_ID = /^[0-9]{1,19}$/;
/** A handle: 1 to 15 letters, digits and underscores (openapi.json UserName). */
export const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

/**
 * The user who edits "in the ads UI" through the control API unless it
 * names one (history.ts ADS_UI_ACTOR): known to the lookup, so a drift
 * report against the emulator shows a handle as it would on the platform.
 * The emulator's own invention, as that user is.
 */
export const ADS_UI_USER: XUser = { id: "1000000000000000001", name: "Ads UI editor", username: "ads_ui_editor" };

export class XUsers {
  private registered = new Map<string, XUser>();
  /** Whether the application's access includes the v2 users lookup (README "The platform API"). */
  lookupAllowed = true;

  /** `configured`: the user the emulator's access tokens belong to. */
  constructor(private readonly configured: () => XUser) {}

  /** Back to the configured user alone, the lookup allowed. */
  reset(): void {
    this.registered = new Map();
    this.lookupAllowed = true;
  }

  /** Registers (or renames) a user; throws with the field and the rule when one is malformed. */
  register(user: { id: string; username: string; name?: string }): XUser {
    if (!USER_ID.test(user.id)) throw new Error(`id must be a user id of 1 to 19 digits, got "${user.id}"`);
    if (!USERNAME.test(user.username)) throw new Error(`username must be 1 to 15 letters, digits or underscores (no @), got "${user.username}"`);
    const record = { id: user.id, name: user.name ?? user.username, username: user.username };
    this.registered.set(user.id, record);
    return { ...record };
  }

  find(id: string): XUser | undefined {
    const user = this.registered.get(id) ?? (this.configured().id === id ? this.configured() : id === ADS_UI_USER.id ? ADS_UI_USER : undefined);
    return user && { ...user };
  }

  /** Every user the lookup knows, the configured one first, then the ads UI's. */
  list(): XUser[] {
    const configured = this.configured();
    const others = [...(this.registered.has(ADS_UI_USER.id) ? [] : [ADS_UI_USER]), ...this.registered.values()].filter((u) => u.id !== configured.id);
    return [configured, ...others].map((u) => this.find(u.id)!);
  }
}
