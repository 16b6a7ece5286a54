/**
 * The pulumi-xads policy pack. Loading this module serves the pack to the
 * Pulumi engine (PolicyPack starts its gRPC server), so it is the program of
 * `policy-pack/` and nothing imports it; the policies are in policies.ts.
 *
 *   pulumi preview --policy-pack node_modules/pulumi-xads/policy-pack
 */
import { PolicyPack } from "@pulumi/policy";
import { POLICIES } from "./policies";

new PolicyPack("xads", {
  description: "Ads API platform limits (mandatory) and organisation guardrails (advisory) for pulumi-xads stacks.",
  displayName: "pulumi-xads",
  provider: "xads",
  policies: POLICIES,
});
