/**
 * What `xads pr-summary` shows as "before" is the platform's value now, not
 * only the preview's (docs/architecture.md rule 12): the preview may have
 * been made before an edit in the ads UI, or from a state no refresh had
 * updated. For each update of an xads resource the summary reads the live
 * entity (through the provider of its account: cli/preview-client.ts; the
 * reads coalesce as a refresh's do) and, where a field the update writes
 * has another value live than in the preview, shows the live one as before,
 * and says so: `pulumi up` sends nothing to that resource (the provider
 * refuses to overwrite a live value the plan was not made from:
 * provider/resources/lifecycle.ts movedSincePlan) until the preview is made
 * again. An entity gone from the platform is said to be gone. A read that
 * fails changes nothing of the step (the summary never fails for it).
 */
import { definitionOf, RESOURCES } from "../provider/resources";
import { sameField } from "../provider/resources/fields";
import { PreviewClients } from "./preview-client";
import { PreviewModel, PreviewStep } from "./preview-input";
import { Props } from "./properties";

/** The live entity of a step as its kind reads it (its state's inputs), or undefined when it is gone. */
export type LiveRead = (step: PreviewStep) => Promise<Props | undefined>;

/** Reads each step's entity through the client of its account (clients), as a refresh reads it. */
export function liveReader(clients: PreviewClients): LiveRead {
  return async (s) => {
    const def = definitionOf(s.kind!);
    const accountId = [s.oldOutputs?.accountId, s.oldInputs?.accountId].find((a): a is string => typeof a === "string");
    const { ctx } = clients(accountId);
    if (!ctx) throw new Error("no credentials");
    const read = await def.read(ctx, s.id!, (s.oldOutputs ?? s.oldInputs) as never);
    return read ? ((read.inputs ?? read.props) as Props) : undefined;
  };
}

/** The updates whose live values the summary reads: xads resources with an id and a state. */
export function updatesToRead(model: PreviewModel): PreviewStep[] {
  return model.steps.filter((s) => s.op === "update" && s.kind !== undefined && s.kind in RESOURCES && s.id && s.oldInputs && s.newInputs);
}

/**
 * The step with the live values of the fields its update writes (pure):
 * each one whose live value differs from the preview's old one is shown
 * with the live value as before (the preview's is kept as the state's,
 * `inputsBeforeRefresh`), and listed in `movedAfterPreview`.
 */
export function withLive(s: PreviewStep, live: Props): PreviewStep {
  const fields = definitionOf(s.kind!).fields;
  const olds = s.oldInputs ?? {};
  const news = s.newInputs ?? {};
  const written = fields.updatable.filter((f) => !sameField(fields, f, olds[f], news[f]));
  const moved = written.filter((f) => live[f] !== undefined && !sameField(fields, f, olds[f], live[f]));
  if (moved.length === 0) return s;
  const liveOf = Object.fromEntries(moved.map((f) => [f, live[f]]));
  return {
    ...s,
    inputsBeforeRefresh: s.inputsBeforeRefresh ?? olds,
    oldInputs: { ...olds, ...liveOf },
    ...(s.oldOutputs ? { oldOutputs: { ...s.oldOutputs, ...liveOf } } : {}),
    movedAfterPreview: moved.map((f) => ({ field: f, previewed: olds[f], live: live[f] })),
  };
}

/** The model with each update's live values read (withLive), and the updates of entities gone from the platform marked. */
export async function withLiveValues(model: PreviewModel, read: LiveRead): Promise<PreviewModel> {
  const toRead = new Set(updatesToRead(model));
  if (toRead.size === 0) return model;
  const steps = await Promise.all(model.steps.map(async (s) => {
    if (!toRead.has(s)) return s;
    try {
      const live = await read(s);
      return live === undefined ? { ...s, goneAfterPreview: true } : withLive(s, live);
    } catch {
      return s;
    }
  }));
  return { ...model, steps };
}
