/**
 * Audiences (section 4.12): the shape of flexible audiences (platform
 * limits), and who custom and tailored audiences are shared with (a
 * guardrail).
 *
 * A flexible audience is a tree: `childSegments` (at the top, or inside
 * `segments`) with a `booleanOperator`, each child a custom audience with
 * `lookbackWindow`, `frequency`, ... and, optionally, nested `childSegments`.
 * The custom audiences at its leaves are what the platform counts.
 */
import { ResourceValidationPolicy } from "@pulumi/policy";
import { LIMITS } from "../provider/limits";
import { forKinds } from "./define";
import { AUDIENCE_PERMISSION_KINDS, Props, subject, text } from "./resources";

type Node = Readonly<Record<string, unknown>>;

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v);

/** The places children hang from: the audience itself and its `segments` object, with the prefix of their field names. */
function groupsOf(props: Props): { prefix: string; group: Node }[] {
  return [{ prefix: "", group: props }, ...(isNode(props.segments) ? [{ prefix: "segments.", group: props.segments }] : [])];
}

/** Every child segment of the tree, at any depth, with its path (e.g. `childSegments[0].childSegments[1]`). */
function segmentsOf(props: Props): { path: string; segment: Node }[] {
  const out: { path: string; segment: Node }[] = [];
  const walk = (children: unknown, path: string) => {
    if (!Array.isArray(children)) return;
    children.forEach((child, i) => {
      if (!isNode(child)) return;
      const at = `${path}childSegments[${i}]`;
      out.push({ path: at, segment: child });
      walk(child.childSegments, `${at}.`);
    });
  };
  for (const { prefix, group } of groupsOf(props)) walk(group.childSegments, prefix);
  return out;
}

/** A segment with no children of its own is a custom audience leaf. */
const isLeaf = (segment: Node) => segment.childSegments === undefined
  || (Array.isArray(segment.childSegments) && segment.childSegments.length === 0);

export const flexibleAudienceLeaves: ResourceValidationPolicy = {
  name: "xads-flexible-audience-leaves",
  description: `A flexible audience has at most ${LIMITS.flexibleAudienceLeaves} custom audience leaf nodes.`,
  enforcementLevel: "mandatory",
  validateResource: forKinds(["FlexibleAudience"], (audience, _config, report) => {
    // Segments not known yet can only add leaves: the known ones are a floor.
    const leaves = segmentsOf(audience.props).filter(({ segment }) => isLeaf(segment)).length;
    if (leaves <= LIMITS.flexibleAudienceLeaves) return;
    report(`${subject(audience)} has ${leaves} custom audience leaf nodes; the platform allows at most ${LIMITS.flexibleAudienceLeaves}`);
  }),
};

const LOOKBACK_WINDOWS: readonly number[] = LIMITS.flexibleAudienceLookbackWindows;

export const flexibleAudienceLookbackWindow: ResourceValidationPolicy = {
  name: "xads-flexible-audience-lookback-window",
  description: `Each segment's lookbackWindow is one of ${LOOKBACK_WINDOWS.join(", ")}.`,
  enforcementLevel: "mandatory",
  validateResource: forKinds(["FlexibleAudience"], (audience, _config, report) => {
    const allowed = `${LOOKBACK_WINDOWS.slice(0, -1).join(", ")} or ${LOOKBACK_WINDOWS[LOOKBACK_WINDOWS.length - 1]}`;
    for (const { path, segment } of segmentsOf(audience.props)) {
      const window = segment.lookbackWindow;
      if (typeof window !== "number" || LOOKBACK_WINDOWS.includes(window)) continue;
      report(`${subject(audience)} ${path}.lookbackWindow is ${window}; the platform accepts ${allowed}`);
    }
  }),
};

export const flexibleAudienceBooleanOperator: ResourceValidationPolicy = {
  name: "xads-flexible-audience-boolean-operator",
  description: "A flexible audience with child segments says how to combine them (booleanOperator AND or OR).",
  enforcementLevel: "mandatory",
  validateResource: forKinds(["FlexibleAudience"], (audience, _config, report) => {
    for (const { prefix, group } of groupsOf(audience.props)) {
      const children = group.childSegments;
      // A value not known yet is still a value that is set.
      if (!Array.isArray(children) || children.length === 0 || group.booleanOperator !== undefined) continue;
      report(`${subject(audience)} has ${children.length} ${prefix}childSegments but no ${prefix}booleanOperator; the platform requires AND or OR when child segments are given`);
    }
  }),
};

// ------------------------------------------------------ organisation ---

export interface PermissionAllowListConfig {
  allowedAccountIds: string[];
}

export const audiencePermissionAllowList: ResourceValidationPolicy = {
  name: "xads-audience-permission-allow-list",
  description: "Custom and tailored audiences are shared only with accounts on the organisation's allow-list.",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      allowedAccountIds: {
        type: "array", items: { type: "string" }, default: [],
        description: "Ads account ids audiences may be shared with (granted_account_id).",
      },
    },
  },
  validateResource: forKinds<PermissionAllowListConfig>(AUDIENCE_PERMISSION_KINDS, (permission, config, report) => {
    const granted = text(permission, "grantedAccountId");
    const allowed = config.allowedAccountIds ?? [];
    if (granted === undefined || allowed.includes(granted)) return;
    const list = allowed.length > 0 ? `holds ${allowed.join(", ")}` : "is empty";
    report(`${subject(permission)} shares an audience with account ${granted}, which is not on the allow-list (allowedAccountIds ${list})`);
  }),
};
