/**
 * The users of the do-not-reach list (ref audiences/reference.mdx, Do Not Reach Lists): e-mail addresses and phone
 * numbers, hashed in the program by the SDK class, uploaded like audience
 * users (audience-users.ts) through the batch path, without effectiveAt
 * (always now) and with expiresAt later than now, at most 13 months ahead.
 */
import { z } from "zod";
import { accountIdInput } from "./common";
import { DO_NOT_REACH_USER_FIELDS, memberListResource, memberParent, memberTime, memberUsers } from "./audience-users";
import { readDoNotReachList } from "./do-not-reach-list";

export const doNotReachListMembersInputs = z.strictObject({
  accountId: accountIdInput,
  doNotReachListId: memberParent("The account's do-not-reach list."),
  users: memberUsers(DO_NOT_REACH_USER_FIELDS, "Users to keep out of every campaign: objects with email and phoneNumber arrays. Give raw values to the SDK class: it normalizes and hashes them (SHA-256) in the program."),
  expiresAt: memberTime("When the users leave the list: later than now, at most 13 months ahead (the default)."),
}).describe("The users of the account's do-not-reach list, declared as a list: added and removed users are uploaded (hashed, in requests of at most 5,000,000 bytes) as the list changes. Destroy removes them.");

export const doNotReachListMembers = memberListResource({
  kind: "DoNotReachListMembers",
  noun: "do-not-reach list",
  parentField: "doNotReachListId",
  fields: DO_NOT_REACH_USER_FIELDS,
  effectiveAt: false,
  inputs: doNotReachListMembersInputs,
  usersPath: (accountId, id) => `/12/batch/accounts/${accountId}/do_not_reach_lists/${id}/users`,
  readParent: readDoNotReachList,
});
