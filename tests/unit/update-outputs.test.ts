/**
 * The outputs an update records from its answer (provider/resources/lifecycle.ts
 * withUnanswered): the platform's endpoints answer one record with
 * different keys (a custom audience's PUT answers is_owner and no
 * owner_account_id: tests/conformance corpus), so a key the answer does
 * not carry says nothing of its value.
 */
import { Entity } from "../../provider/client";
import { withUnanswered } from "../../provider/resources/lifecycle";
import { customAudience } from "../../provider/resources/custom-audience";

const { fields } = customAudience;
const news = { accountId: "a1", name: "New" };
const olds = { accountId: "a1", name: "Old", description: "Old", isOwner: true, ownerAccountId: "a1", permissionLevel: "READ_WRITE" };
const recorded = (entity: Entity, sent: string[]) => withUnanswered(fields, olds, customAudience.outputsOf(news, entity) as Record<string, unknown>, entity, sent);

test("an output whose key the answer lacks keeps the state's value; one it answers, even null, takes the answer's", () => {
  const put = { id: "x", name: "New", description: null, is_owner: true, permission_level: "READ_ONLY" };
  expect(recorded(put, ["name"])).toEqual({ accountId: "a1", name: "New", isOwner: true, ownerAccountId: "a1", permissionLevel: "READ_ONLY" });
  expect(recorded({ ...put, owner_account_id: null }, ["name"])).not.toHaveProperty("ownerAccountId");
});

test("a field the update sent is the answer's, even where the answer leaves its key out", () => {
  expect(recorded({ id: "x", name: "New", owner_account_id: "a1", permission_level: "READ_WRITE" }, ["name", "description"])).not.toHaveProperty("description");
  expect(recorded({ id: "x", name: "New", owner_account_id: "a1", permission_level: "READ_WRITE" }, ["name"])).toMatchObject({ description: "Old" });
});
