/**
 * Sandbox account (ref campaign-management/reference.mdx, POST accounts): POST
 * {ads_sandbox_url}/12/accounts creates one (no parameters), PUT
 * /accounts/:account_id sets its name and industry type, DELETE
 * {ads_sandbox_url}/12/accounts/:account_id deletes it. Sandbox only: a
 * production stack is refused in check. Its id is the new account's id, for
 * the `accountId` of the resources a program creates in it.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ACCOUNT_SETTINGS, ENUMS } from "../limits";
import { createOnce } from "./batch-create";
import { adoptIdInput, computed, name } from "./common";
import { defineResource } from "./define";
import { oneRecord } from "./framework";

// --------------------------------------------------------------- schema ---

// Unset name or industry type: the platform's value stands, not a change.
export const sandboxAccountInputs = z.strictObject({
  name: computed(name(ACCOUNT_SETTINGS.accountName.max)
    .optional().describe("The account's name; changes in place. Left unset, the platform names the account.")),
  industryType: computed(z.enum(ENUMS.industryType).optional().describe("The account's industry; changes in place.")),
  adoptId: adoptIdInput,
}).describe("An ads account created in the sandbox (no cost); its id is the account id for resources created in it. Name and industry type change in place; destroy deletes the account. Refused in a production stack.");

export type SandboxAccountInputs = z.infer<typeof sandboxAccountInputs>;

const PATH = "/12/accounts";

// ------------------------------------------------------------ lifecycle ---

export const sandboxAccount = defineResource("SandboxAccount", sandboxAccountInputs, {
  outputs: {
    businessId: z.string().describe("The business the account belongs to (audiences are shared within a business)."),
    businessName: z.string().describe("The business's name, when it has one."),
    timezone: z.string().describe("The account's time zone."),
    approvalStatus: z.string().describe("The account's approval status."),
  },
  sandboxOnly: "creates and deletes accounts",
  path: () => PATH,
  idsParam: "account_ids",
  overrides: (standard) => ({
    async create(ctx, inputs) {
      if (inputs.adoptId) return standard.adopt(ctx, inputs);
      // ref campaign-management/reference.mdx, POST accounts: POST takes no parameters, so nothing tells the new account
      // apart but being new: the accounts from before are listed first, and a
      // POST that got no answer is looked up among the others, and sent again only once that proves it made none.
      const before = new Set((await ctx.client.list<Entity>(PATH)).map((a) => a.id));
      // The platform answers the new account as a one-item list (tests/conformance corpus, POST accounts).
      const created = await createOnce(ctx.client, "sandbox account", async () => oneRecord(await ctx.client.post<Entity | Entity[]>(PATH)),
        async () => (await ctx.client.list<Entity>(PATH)).filter((a) => !before.has(a.id)));
      const outs = standard.outputs({}, created);
      try {
        // The declared name and industry type: a PUT of those the platform did not already give.
        return { id: created.id, outs: await standard.updateFound(ctx, created.id, outs, inputs) };
      } catch (err) {
        // The account exists: the engine records it (id), and the next up sets the name.
        const message = `sandbox account ${created.id} was created, but setting its name and industry type failed (${err instanceof Error ? err.message : String(err)}); run pulumi up again`;
        throw Object.assign(new Error(message), { id: created.id, properties: { ...outs, __provider: (inputs as Record<string, unknown>).__provider } });
      }
    },
  }),
});
