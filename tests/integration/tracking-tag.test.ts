import { ValidationError } from "../../provider/client";
import { trackingTag } from "../../provider/resources/tracking-tag";
import { ACCOUNT, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
let lineItemId: string;
const inputs = () => trackingTag.check({}, { accountId: ACCOUNT, lineItemId, trackingTagType: "CLICK_TRACKER", trackingTagUrl: "https://tags.example/c?x=1" }).inputs!;

beforeEach(async () => {
  lineItemId = await seedLineItem(client());
  emu().control.clearRequests();
});

test("create, read, update of the URL in place, and an idempotent delete", async () => {
  const { id, outs } = await trackingTag.create(ctx(), inputs());
  expect(outs).toMatchObject({ lineItemId, trackingTagType: "CLICK_TRACKER", trackingTagUrl: "https://tags.example/c?x=1" });
  const updated = await trackingTag.update(ctx(), id, outs, { ...inputs(), trackingTagUrl: "https://tags.example/c?x=2" });
  expect(updated.trackingTagUrl).toBe("https://tags.example/c?x=2");
  expect((await trackingTag.read(ctx(), id, updated))?.props.trackingTagUrl).toBe("https://tags.example/c?x=2");
  await trackingTag.delete(ctx(), id, updated);
  await trackingTag.delete(ctx(), id, updated);
  expect(await trackingTag.read(ctx(), id, updated)).toBeUndefined();
});

test("a create whose answer never came is not sent twice: the committed tag is adopted", async () => {
  emu().control.fault({ method: "POST", path: "/tracking_tags$", kind: "timeout-after-commit", delayMs: 3000 });
  const { id } = await trackingTag.create(ctx(client(500)), inputs());
  expect(emu().control.requests().filter((r) => r.method === "POST")).toHaveLength(1);
  expect(emu().control.entities("sandbox", ACCOUNT, "tracking_tags", {}).map((t) => t.id)).toEqual([id]);
});

test("the platform refuses a change of the tag type on PUT", async () => {
  const { id } = await trackingTag.create(ctx(), inputs());
  const err = await client().put(`/12/accounts/${ACCOUNT}/tracking_tags/${id}`, { tracking_tag_type: "IMPRESSION_TAG", tracking_tag_url: "https://x.example" }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  expect(err).toMatchObject({ parameter: "tracking_tag_type" });
});
