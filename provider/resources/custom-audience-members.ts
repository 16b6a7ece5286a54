/**
 * The users of a custom audience (ref audiences/reference.mdx, Custom Audiences Users): one resource per audience
 * holding its whole member set. The SDK class normalizes and hashes the
 * identifiers in the program (raw ones never reach the engine or the
 * state); this resource uploads the differences in chunks (audience-users.ts).
 */
import { z } from "zod";
import { accountIdInput } from "./common";
import { CUSTOM_AUDIENCE_USER_FIELDS, memberListResource, memberParent, memberTime, memberUsers } from "./audience-users";
import { readCustomAudience } from "./custom-audience";

export const customAudienceMembersInputs = z.strictObject({
  accountId: accountIdInput,
  customAudienceId: memberParent("The custom audience the users belong to."),
  users: memberUsers(CUSTOM_AUDIENCE_USER_FIELDS, "The audience's users: each an object of identifier arrays (email, deviceId, handle, platformId, phoneNumber, partnerUserId). Give raw values to the SDK class: it normalizes and hashes them (SHA-256) in the program, so the engine and the state only see hashes; partnerUserId is sent as given."),
  effectiveAt: memberTime("When the users join the audience (ISO 8601 UTC); now by default."),
  expiresAt: memberTime("When they leave it: later than effectiveAt, at most 13 months after it (the default)."),
}).describe("The users of a custom audience, declared as a list: added and removed users are uploaded (hashed, in requests of at most 5,000,000 bytes) as the list changes. Destroy removes them.");

export const customAudienceMembers = memberListResource({
  kind: "CustomAudienceMembers",
  noun: "custom audience",
  parentField: "customAudienceId",
  fields: CUSTOM_AUDIENCE_USER_FIELDS,
  effectiveAt: true,
  inputs: customAudienceMembersInputs,
  usersPath: (accountId, id) => `/12/accounts/${accountId}/custom_audiences/${id}/users`,
  readParent: readCustomAudience,
});
