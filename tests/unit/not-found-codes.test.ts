/**
 * The platform names a missing entity by its kind (CAMPAIGN_NOT_FOUND,
 * LINE_ITEM_NOT_FOUND: xdevplatform/docs x-ads-api/fundamentals/error-codes-and-responses.mdx);
 * the emulator answered the generic NOT_FOUND. The provider reads both forms
 * as the entity gone, and neither a missing route nor an account out of reach.
 */
import { AdsApiError, errorForStatus, isNotFoundCode, NotFoundError } from "../../provider/client/errors";
import { sendWrites, WriteItem } from "../../provider/resources/batch-write";
import type { Context } from "../../provider/resources/framework";

const init = (status: number, code: string) => ({ status, code, message: "not there", method: "GET", path: "/12/accounts/a1/campaigns/c1" });

test.each(["NOT_FOUND", "CAMPAIGN_NOT_FOUND", "LINE_ITEM_NOT_FOUND", "TARGETING_CRITERION_NOT_FOUND"])("%s says the entity is not there", (code) => {
  expect(isNotFoundCode(code)).toBe(true);
  expect(errorForStatus(init(404, code))).toBeInstanceOf(NotFoundError);
});

test("a missing route, an account or user out of reach, another code or none say no entity is gone", () => {
  expect(["ROUTE_NOT_FOUND", "ACCOUNT_NOT_FOUND", "USER_NOT_FOUND", "INVALID_PARAMETER", undefined].filter(isNotFoundCode)).toEqual([]);
  const route = errorForStatus(init(404, "ROUTE_NOT_FOUND"));
  expect(route).toBeInstanceOf(AdsApiError);
  expect(route).not.toBeInstanceOf(NotFoundError);
});

describe("a batch of deletes whose items the platform finds gone", () => {
  const item = (id: string): WriteItem => ({ id, what: `campaign ${id}`, params: {}, single: async () => undefined, applied: async () => undefined } as unknown as WriteItem);
  const refusing = (codes: (string | undefined)[]) => ({
    client: {
      batch: async () => {
        throw new AdsApiError({
          status: 400, code: "NOT_FOUND", message: "refused", method: "POST", path: "/12/batch/accounts/a1/campaigns",
          operationErrors: codes.map((code) => (code ? [{ code, message: "not there" }] : [])),
        });
      },
    },
  }) as unknown as Context;
  const spec = { op: "Delete" as const, path: "/12/batch/accounts/a1/campaigns", max: 40, idParam: "campaign_id" };

  test("reads the specific and the generic code alike: each item is deleted", async () => {
    expect(await sendWrites(refusing(["CAMPAIGN_NOT_FOUND", "NOT_FOUND"]), spec, [item("c1"), item("c2")], 1)).toEqual([undefined, undefined]);
  });

  test("an item refused for another reason fails, naming it", async () => {
    const [gone, refused] = await sendWrites(refusing(["CAMPAIGN_NOT_FOUND", "ROUTE_NOT_FOUND"]), spec, [item("c1"), item("c2")], 1);
    expect(gone).toBeUndefined();
    expect(refused).toEqual(new Error("campaign c2 was refused by the platform (not there); nothing was deleted for it"));
  });
});
