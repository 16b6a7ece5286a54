/** The pure parts of pending creates: the marker, the pending state, matching what earlier creates made. */
import { Entity } from "../../provider/client";
import { MaybeCommittedError } from "../../provider/client/errors";
import { lookUpSent, matchCreated, PendingCreateError } from "../../provider/resources/batch-create";
import { campaign } from "../../provider/resources/campaign";
import {
  isPendingId, partialCreate, PENDING_KEY, PendingCreates, pendingId, pendingOf, sentInputs,
} from "../../provider/resources/pending";

const SENT = Date.parse("2026-05-01T12:00:00Z");
const entity = (id: string, name: string, createdAt: string, deleted = false): Entity => ({ id, name, created_at: createdAt, deleted });
const byName = (name: string, e: Entity) => e.name === name;

describe("the pending state", () => {
  test("a pending id names the kind and the time, and is never an id the platform issues", () => {
    const id = pendingId("Campaign", SENT);
    expect(id).toMatch(new RegExp(`^pending-Campaign-${SENT}-[0-9a-f]{4}$`));
    expect(isPendingId(id)).toBe(true);
    expect(isPendingId("8wku2")).toBe(false);
  });

  test("a partial create keeps the declared inputs (the provider's property too) and the marker, and its message says what the next up does", () => {
    const err = partialCreate("Campaign", { name: "Spring", __provider: "code" }, new PendingCreateError('campaign "Spring"', SENT, new Error("GET /x: NETWORK_ERROR")));
    expect(err.id).toMatch(/^pending-Campaign-/);
    expect(err.properties).toEqual({ name: "Spring", __provider: "code", [PENDING_KEY]: { sentAt: "2026-05-01T12:00:00.000Z", what: 'campaign "Spring"' } });
    expect(err.message).toBe(
      'campaign "Spring" may exist on the platform: its create got no answer, and looking it up failed too (GET /x: NETWORK_ERROR). '
      + `It is kept in the state as pending (id ${err.id}): the next pulumi up looks it up before creating anything, and takes it over if it was created.`,
    );
  });

  test("the marker is read back from the state; a state without one, or with a broken one, is no pending create", () => {
    const { properties } = partialCreate("Campaign", { name: "A" }, new PendingCreateError("a", SENT, "down"));
    expect(pendingOf(properties)).toEqual({ sentAt: "2026-05-01T12:00:00.000Z", what: "a" });
    expect(pendingOf({ name: "A" })).toBeUndefined();
    expect(pendingOf({ [PENDING_KEY]: { sentAt: "yesterday" } })).toBeUndefined();
    expect(sentInputs(properties)).toEqual({ name: "A" });
  });

  test("diff of a pending resource plans its replacement, whatever the inputs", () => {
    const { properties } = partialCreate("Campaign", { name: "A" }, new PendingCreateError("a", SENT, "down"));
    expect(campaign.diff("pending-Campaign-1-abcd", properties as never, { name: "A" } as never))
      .toEqual({ changes: true, replaces: [PENDING_KEY] });
  });
});

describe("markers between diff and the replacement's create", () => {
  const resumed = { marker: { sentAt: "2026-05-01T12:00:00.000Z", what: "a" }, sent: { name: "A" } };

  test("the create of the same kind and inputs takes the marker, once", () => {
    const markers = new PendingCreates();
    markers.remember("Campaign", { name: "A", __provider: "old code" }, resumed);
    expect(markers.take("LineItem", { name: "A" })).toBeUndefined();
    expect(markers.take("Campaign", { name: "B" })).toBeUndefined();
    expect(markers.take("Campaign", { name: "A", __provider: "new code" })).toEqual(resumed);
    expect(markers.take("Campaign", { name: "A" })).toBeUndefined();
  });

  test("a second diff of the same resource (a preview, then the update) keeps one marker", () => {
    const markers = new PendingCreates();
    markers.remember("Campaign", { name: "A" }, resumed);
    markers.remember("Campaign", { name: "A" }, resumed);
    expect(markers.take("Campaign", { name: "A" })).toEqual(resumed);
    expect(markers.take("Campaign", { name: "A" })).toBeUndefined();
  });
});

describe("what earlier creates made", () => {
  test("each item gets the one live match created since it was sent (a minute of clock slack), each entity one item", () => {
    const live = [
      entity("old", "A", "2026-05-01T11:00:00Z"),
      entity("gone", "A", "2026-05-01T12:00:01Z", true),
      entity("a1", "A", "2026-05-01T11:59:30Z"),
      entity("b1", "B", "2026-05-01T12:00:02Z"),
      entity("b2", "B", "2026-05-01T12:00:03Z"),
    ];
    const items = ["A", "B", "C"].map((item) => ({ item, sentAtMs: SENT }));
    expect(matchCreated(items, live, byName)).toEqual([live[2], [live[3], live[4]], undefined]);
  });

  test("two items of the same name share out the matches", () => {
    const live = [entity("1", "A", "2026-05-01T12:00:01Z"), entity("2", "A", "2026-05-01T12:00:02Z")];
    // Both match both: ambiguous for each, never one entity for two resources.
    expect(matchCreated([{ item: "A", sentAtMs: SENT }, { item: "A", sentAtMs: SENT }], live, byName)).toEqual([live, live]);
  });

  test("a look-up that fails leaves every item pending, with its own time and both failures in the message", async () => {
    const cause = new MaybeCommittedError({ code: "NO_RESPONSE", message: "no answer", method: "POST", path: "/12/x" });
    const found = await lookUpSent([{ item: "A", sentAtMs: SENT }, { item: "B", sentAtMs: SENT + 1 }], (n) => `campaign "${n}"`,
      () => Promise.reject(new Error("GET /12/x: NETWORK_ERROR: no answer after 6 attempts")), byName, cause);
    expect(found.map((f) => f instanceof PendingCreateError && [f.what, f.sentAtMs])).toEqual([['campaign "A"', SENT], ['campaign "B"', SENT + 1]]);
    expect((found[0] as Error).message).toBe(
      'campaign "A" may exist on the platform: its create got no answer (POST /12/x: NO_RESPONSE: no answer), and looking it up failed too (GET /12/x: NETWORK_ERROR: no answer after 6 attempts).',
    );
  });

  test("several matches are refused with their ids, not guessed", async () => {
    const live = [entity("1", "A", "2026-05-01T12:00:01Z"), entity("2", "A", "2026-05-01T12:00:02Z")];
    const [found] = await lookUpSent([{ item: "A", sentAtMs: SENT }], (n) => `campaign "${n}"`, async () => live, byName);
    expect(found).toEqual(new Error('the create of campaign "A" got no answer, and 2 matching entities were created since (ids 1, 2); adopt the right one with adoptId'));
  });
});
