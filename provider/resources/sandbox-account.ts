/**
 * Sandbox account (Advertising API section 4.2): POST
 * {ads_sandbox_url}/12/accounts creates one (no parameters), PUT
 * /accounts/:account_id sets its name and industry type, DELETE
 * {ads_sandbox_url}/12/accounts/:account_id deletes it. Sandbox only: a
 * production stack is refused in check. Its id is the new account's id, for
 * the `accountId` of the resources a program creates in it.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ACCOUNT_SETTINGS, ENUMS } from "../limits";
import { adoptIdInput, timestamps } from "./common";
import {
  adopt, CheckResult, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, sandboxOnlyFailures, toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const sandboxAccountInputs = z.strictObject({
  name: z.string().min(ACCOUNT_SETTINGS.accountName.min).max(ACCOUNT_SETTINGS.accountName.max)
    .optional().describe("The account's name; changes in place. Left unset, the platform names the account."),
  industryType: z.enum(ENUMS.industryType).optional().describe("The account's industry (seed section 2 enumeration); changes in place."),
  adoptId: adoptIdInput,
});

export type SandboxAccountInputs = z.infer<typeof sandboxAccountInputs>;
export type SandboxAccountOutputs = SandboxAccountInputs & {
  businessId?: string;
  businessName?: string;
  timezone?: string;
  approvalStatus?: string;
  createdAt?: string;
};

const API_FIELDS = ["name", "industryType"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "businessId", "businessName", "timezone", "approvalStatus", "createdAt"] as const;
const PATH = "/12/accounts";
const KIND = "SandboxAccount";
const SANDBOX_ONLY = "creates and deletes accounts";

const outputs = (inputs: Record<string, unknown>, e: Entity) => toOutputs<SandboxAccountOutputs>(inputs, e, OUTPUT_FIELDS);

function refuseProduction(sandbox: boolean): void {
  if (!sandbox) throw new Error(sandboxOnlyFailures(KIND, SANDBOX_ONLY, { sandbox })[0]!.reason);
}

// ------------------------------------------------------------ lifecycle ---

export const sandboxAccount: ResourceDefinition<SandboxAccountInputs, SandboxAccountOutputs> = {
  kind: KIND,
  description: "An ads account created in the sandbox (no cost); its id is the account id for resources created in it. Name and industry type change in place; destroy deletes the account. Refused in a production stack.",
  inputs: sandboxAccountInputs,
  outputs: {
    businessId: z.string().describe("The business the account belongs to (audiences are shared within a business)."),
    businessName: z.string().describe("The business's name, when it has one."),
    timezone: z.string().describe("The account's time zone."),
    approvalStatus: z.string().describe("The account's approval status."),
    ...timestamps,
  },
  createOnly: [],

  check(_olds, news, env): CheckResult<SandboxAccountInputs> {
    const result = validate(sandboxAccountInputs, news);
    const failures = [...sandboxOnlyFailures(KIND, SANDBOX_ONLY, env), ...(result.failures ?? [])];
    return failures.length > 0 ? { inputs: result.inputs, failures } : result;
  },

  diff(_id, olds, news) {
    // Unset name or industry type: the platform's value stands, not a change.
    return diffFields(olds, news, [...API_FIELDS, "adoptId"], [], [...API_FIELDS, "adoptId"]);
  },

  async create(ctx, inputs) {
    refuseProduction(ctx.config.sandbox);
    if (inputs.adoptId) return adopt(ctx, "sandbox account", PATH, inputs, (e) => outputs(inputs, e), API_FIELDS);
    // seed 4.2: POST takes no parameters, so nothing tells the new account
    // apart but being new: the accounts from before are listed first, and a
    // POST that got no answer is looked up among the others, never sent again.
    const before = new Set((await ctx.client.list<Entity>(PATH)).map((a) => a.id));
    const created = await createOnce("sandbox account", () => ctx.client.post<Entity>(PATH),
      async () => (await ctx.client.list<Entity>(PATH)).filter((a) => !before.has(a.id)));
    if (inputs.name === undefined && inputs.industryType === undefined) return { id: created.id, outs: outputs(inputs, created) };
    try {
      const named = await ctx.client.put<Entity>(`${PATH}/${created.id}`, toWire(inputs, API_FIELDS));
      return { id: created.id, outs: outputs(inputs, named) };
    } catch (err) {
      // The account exists: the engine records it (id), and the next up sets the name.
      const message = `sandbox account ${created.id} was created, but setting its name and industry type failed (${err instanceof Error ? err.message : String(err)}); run pulumi up again`;
      throw Object.assign(new Error(message), { id: created.id, properties: { ...outputs({}, created), __provider: (inputs as Record<string, unknown>).__provider } });
    }
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({ collectionPath: PATH, idsParam: "account_ids", id, query: { with_deleted: true } }));
    return live && { id, props: outputs(props, live) };
  },

  async update(ctx, id, _olds, news) {
    const entity = await ctx.client.put<Entity>(`${PATH}/${id}`, toWire(news, API_FIELDS));
    return outputs(news, entity);
  },

  async delete(ctx, id) {
    refuseProduction(ctx.config.sandbox);
    await deleteIdempotent(() => ctx.client.delete(`${PATH}/${id}`));
  },
};
