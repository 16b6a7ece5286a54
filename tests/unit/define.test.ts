import { z } from "zod";
import { accountIdInput, adoptIdInput } from "../../provider/resources/common";
import { deletionProtectionInput } from "../../provider/resources/framework";
import { defineResource } from "../../provider/resources/define";
import { field } from "../../provider/resources/fields";
import { renderSchema } from "../../provider/schema";

/** A kind the platform cannot update, declared `immutable` with no field marked create-only. */
const note = defineResource("Note", z.strictObject({
  accountId: accountIdInput,
  text: z.string().describe("What it says."),
  tags: field(z.array(z.string()).optional().describe("Labels."), { clearable: true }),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
}).describe("A note."), { collection: "notes", immutable: true });

const state = { accountId: "a1", text: "hello", tags: ["x"], deletionProtection: false };

describe("a kind declared immutable", () => {
  test("every input the platform keeps is create-only, the resource's own inputs are not", () => {
    expect(note.createOnly).toEqual(["accountId", "text", "tags"]);
    expect(note.fields.updatable).toEqual([]);
  });

  test("a change of a platform input replaces the entity; clearing one replaces it too", () => {
    expect(note.diff("n1", state, { ...state, text: "bye" })).toMatchObject({ changes: true, replaces: ["text"] });
    expect(note.diff("n1", state, { ...state, tags: undefined })).toMatchObject({ changes: true, replaces: ["tags"] });
  });

  test("turning deletion protection off changes the resource in place, replacing nothing", () => {
    const diff = note.diff("n1", { ...state, deletionProtection: true }, state);
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toBeUndefined();
  });
});

test("schema.json marks every platform input of an immutable kind replaceOnChanges, and says so in its description", () => {
  const schema = JSON.parse(renderSchema("0.0.0")) as { resources: Record<string, { inputProperties: Record<string, { description?: string; replaceOnChanges?: boolean }> }> };
  const promoted = schema.resources["xads:index:PromotedTweet"]!.inputProperties;
  expect(Object.keys(promoted).filter((f) => promoted[f]!.replaceOnChanges)).toEqual(["accountId", "lineItemId", "tweetId"]);
  expect(promoted.tweetId!.description).toBe("The Tweet to promote. Create-only.");
  expect(promoted.adoptId!.replaceOnChanges).toBeUndefined();
});
