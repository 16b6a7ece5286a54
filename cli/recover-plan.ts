/**
 * What `xads recover` changes in a stack's state, as pure functions: which
 * pending operations an interrupted update left, and the deployment with
 * the entities found taken in as resources and no pending operation left.
 *
 * The state is `pulumi stack export`'s deployment (apitype.DeploymentV3):
 * `resources` in dependency order, `pending_operations` of `{resource, type}`
 * where `type` is creating, updating, deleting, reading...
 */
import { kindOfResource, type ResourceKind } from "../provider/resources";

export interface StateResource {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  delete?: boolean;
  /** The provider it is managed through: `<the provider's urn>::<its id>` (cli/stack-providers.ts). */
  provider?: string;
  [key: string]: unknown;
}

export interface PendingOperation {
  resource: StateResource;
  type: string;
  [key: string]: unknown;
}

export interface Deployment {
  manifest?: { time?: string; [key: string]: unknown };
  resources?: StateResource[];
  pending_operations?: PendingOperation[];
  [key: string]: unknown;
}

/** A create of an xads resource the engine started and never heard back about. */
export interface PendingCreate {
  urn: string;
  kind: string;
  /** Its declared inputs, as the engine checked them (the provider's own property left out). */
  inputs: Record<string, unknown>;
  resource: StateResource;
  /** The id under which the state already holds this URN (a replacement, or an `up` run again before recovery). */
  heldAs?: string;
}

export interface PendingOperations {
  creates: PendingCreate[];
  /** Creates of other providers' resources: only their provider can tell whether they were made. */
  foreign: PendingOperation[];
  /** Updates, deletes and reads: the next `up` sends them again, which repeats nothing (PUT and DELETE are idempotent). */
  others: PendingOperation[];
}

/** The xads kind of a state's resource (dynamic or the provider plugin's), undefined for any other. */
export function kindOfState(r: StateResource): ResourceKind | undefined {
  return kindOfResource(r.type, r.inputs ?? r.outputs);
}

export function pendingOperations(d: Deployment): PendingOperations {
  const live = new Map((d.resources ?? []).filter((r) => !r.delete).map((r) => [r.urn, r]));
  const out: PendingOperations = { creates: [], foreign: [], others: [] };
  for (const op of d.pending_operations ?? []) {
    if (op.type !== "creating") out.others.push(op);
    else {
      const kind = kindOfState(op.resource);
      if (!kind) { out.foreign.push(op); continue; }
      const { __provider: _, ...inputs } = op.resource.inputs ?? {};
      const held = live.get(op.resource.urn)?.id;
      out.creates.push({ urn: op.resource.urn, kind, inputs, resource: op.resource, ...(held ? { heldAs: held } : {}) });
    }
  }
  return out;
}

/** The ids of the entities the state's xads resources hold: no pending create made them. */
export function heldIds(d: Deployment): Set<string> {
  return new Set((d.resources ?? []).filter((r) => kindOfState(r) && r.id).map((r) => r.id!));
}

/** An entity a pending create made: the id and the outputs its resource holds. */
export interface Found {
  urn: string;
  id: string;
  outputs: Record<string, unknown>;
}

/**
 * The deployment with each found entity as the resource its pending create
 * would have recorded (after the resources, which it cannot be a
 * dependency of: nothing was created after it) and no pending operation.
 */
export function recoveredDeployment(d: Deployment, found: readonly Found[]): Deployment {
  const creates = new Map(pendingOperations(d).creates.map((c) => [c.urn, c]));
  const added = found.map((f) => {
    const { resource } = creates.get(f.urn)!;
    // The engine keeps a dynamic provider's code in every resource's outputs as in its inputs (a plugin resource has none).
    const code = resource.inputs?.__provider;
    return { ...resource, id: f.id, outputs: { ...f.outputs, ...(code !== undefined ? { __provider: code } : {}) } };
  });
  return { ...d, resources: [...(d.resources ?? []), ...added], pending_operations: [] };
}

/**
 * What to run once the pending operations are cleared, from what was in
 * flight. Creates and updates come only from `pulumi up`: run it again.
 * Deletes alone come from a `pulumi destroy`, or from an `up` that removed
 * or replaced resources, which the state cannot tell apart: the interrupted
 * command is run again. `pulumi up` after a killed destroy would keep the
 * entities it had deleted in the state (read as the same) and create the
 * others again; `pulumi destroy` after an up would delete the whole stack.
 */
export function nextStep(ops: PendingOperations): string {
  const fromUp = ops.creates.length > 0 || ops.others.some((op) => op.type !== "deleting");
  if (fromUp || !ops.others.some((op) => op.type === "deleting")) return "Next: pulumi up";
  return "Next: run the interrupted command again. After a pulumi destroy: pulumi destroy (it deletes what is left; "
    + "an entity already deleted counts as deleted). After a pulumi up that removed or replaced resources: pulumi up";
}

/** What `xads recover` says of an interrupted update, delete or read (a create is looked up instead). */
export function interruptedLine(op: PendingOperation, name: string): string {
  if (op.type === "deleting") {
    return `${name} was interrupted while deleting: the delete is sent again by the interrupted command run again (a delete of an entity already gone counts as done)`;
  }
  return `${name} was interrupted while ${op.type}: the next pulumi up does it again`;
}
