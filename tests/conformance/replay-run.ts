/**
 * The replay of one resource kind through its whole life against the
 * corpus (replay.ts answers): the declaring program's inputs -> check ->
 * create -> outputs; read (refresh) -> outputs; adoption of the live entity
 * (`adoptId`); an update where the case gives one; delete. After create,
 * read, adoption and update, diff(outputs, the program) must say no changes.
 */
import { definitionOf } from "../../provider/resources";
import { CREATE_SENDS } from "../../provider/resources/batch-create";
import { ResourceDefinition } from "../../provider/resources/define";
import { fieldsToSend } from "../../provider/resources/lifecycle";
import { Context, differingInputs } from "../../provider/resources/framework";
import { CorpusTransport, ReplayOptions, replayContext, SentRequest } from "./replay";

type Inputs = Record<string, unknown>;

export interface ResourceCase {
  kind: string;
  /** What this case of the kind shows, where a kind has several. */
  variant?: string;
  /** The declaring program's inputs, as written in it. */
  inputs: Inputs;
  /**
   * Where the recording read back is another entity than the one created
   * (two recordings of one endpoint family): the program that declares
   * what it holds, as changes to `inputs`, for the read and the adoption.
   */
  live?: Inputs;
  /** The same for adoption, where it reads another recording than the refresh. */
  adopted?: Inputs;
  /** The program after a change (changes to the live program), replayed as an update. */
  update?: Inputs;
  /** Where the recorded update answer holds other values than the update sent: the program that declares them, as changes to the updated program (only the fields the update sends count: the others keep the state's value). */
  updated?: Inputs;
  /** False where the kind cannot adopt (settings, member lists: create is their adoption). */
  adopts?: false;
  /** Programs one `up` creates together (their creates share the kind's batch call): replayed by replayTogether. */
  together?: Inputs[];
  /** The time the recording was made, where check compares with now (a schedule in the future). */
  at?: string;
  options?: ReplayOptions;
}

export interface CaseResult {
  failures: string[];
  sent: SentRequest[];
  id?: string;
  created?: Inputs;
  read?: Inputs;
  adopted?: Inputs;
}

/** The fields diff calls changed, as `field: state X, program Y`. */
function differences(def: ResourceDefinition, olds: Inputs, news: Inputs): string[] {
  return differingInputs(def.fields, olds, news).map((f) => `${f}: state ${JSON.stringify(olds[f])}, program ${JSON.stringify(news[f])}`);
}

export async function replayResource(c: ResourceCase): Promise<CaseResult> {
  const def = definitionOf(c.kind);
  const transport = new CorpusTransport(c.options);
  const result: CaseResult = { failures: [], sent: transport.sent };
  const restoreNow = c.at ? pinNow(Date.parse(c.at)) : () => {};
  // What destroy says as it leaves an entity in place goes to the provider's stderr: not the test's output.
  const quiet = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const ctx = replayContext(transport);
    const env = { sandbox: true };
    const checked = (news: Inputs, olds: Inputs = {}): Inputs | undefined => {
      const r = def.check(olds, news, env);
      if (r.failures?.length) result.failures.push(`check: ${r.failures.map((f) => f.reason).join("; ")}`);
      return r.failures?.length ? undefined : (r.inputs as Inputs);
    };
    const noDiff = (stage: string, outs: Inputs, program: Inputs) => {
      const d = def.diff(result.id ?? "", outs, program);
      if (d.changes) result.failures.push(`${stage}: diff shows changes (${differences(def, outs, program).join("; ") || "no field named"})`);
    };
    const stage = async (name: string, op: () => Promise<void>) => {
      try {
        await op();
      } catch (err) {
        result.failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    };

    const program = checked(c.inputs);
    if (!program) return result;
    await stage("create", async () => {
      const created = await def.create(ctx, program);
      result.id = created.id;
      result.created = created.outs;
      noDiff("create", created.outs, program);
    });
    if (!result.created) return result;
    const live = checked({ ...c.inputs, ...c.live });
    if (!live) return result;
    await stage("read", async () => {
      const read = await def.read(ctx, result.id!, result.created!);
      if (!read) throw new Error("the live entity was read as gone");
      result.read = read.props;
      noDiff("read", read.props, live);
    });
    if (c.adopts !== false) {
      const adopting = checked({ ...c.inputs, ...c.live, ...c.adopted, adoptId: result.id });
      if (adopting) {
        await stage("adopt", async () => {
          const adopted = await def.create(ctx, adopting);
          result.adopted = adopted.outs;
          noDiff("adopt", adopted.outs, adopting);
        });
      }
    }
    const state = result.read ?? result.created;
    if (c.update) {
      const changed = checked({ ...c.inputs, ...c.live, ...c.update }, state);
      // Not checked: a recorded answer may hold what no program may declare (a carousel of one image).
      // The answer's values count for the fields the update sends (and those
      // it cannot change); an updatable field it does not send keeps the state's value (an answer that differs there
      // is an edit made outside the program, left for a refresh to show).
      const sent = changed ? fieldsToSend(def.fields, state, changed) : [];
      const answered = { ...changed, ...Object.fromEntries(Object.entries(c.updated ?? {}).filter(([f]) => sent.includes(f) || !def.fields.updatable.includes(f))) };
      if (changed) {
        await stage("update", async () => {
          if (!def.diff(result.id!, state, changed).changes) throw new Error("the update changes nothing: give the case another value");
          const outs = await def.update(ctx, result.id!, state, changed);
          noDiff("update", outs, answered);
        });
      }
    }
    await stage("delete", () => def.delete(ctx as Context, result.id!, { ...state, deletionProtection: false }));
    return result;
  } finally {
    restoreNow();
    quiet.mockRestore();
  }
}

/** Date.now() at `ms` (timers keep running): check compares schedules with now. */
function pinNow(ms: number): () => void {
  const spy = jest.spyOn(Date, "now").mockReturnValue(ms);
  return () => spy.mockRestore();
}

/**
 * Creates of several programs in one `up` (`c.together`, run
 * concurrently, so the kind's batch gathers them): each must get its own
 * entity, whose outputs show no diff from its program.
 */
export async function replayTogether(c: ResourceCase): Promise<CaseResult> {
  const def = definitionOf(c.kind);
  const transport = new CorpusTransport(c.options);
  const result: CaseResult = { failures: [], sent: transport.sent };
  const restoreNow = c.at ? pinNow(Date.parse(c.at)) : () => {};
  try {
    const ctx = replayContext(transport);
    const programs = (c.together ?? []).map((inputs) => def.check({}, inputs, { sandbox: true }));
    const failed = programs.flatMap((r) => r.failures ?? []);
    if (failed.length) return { ...result, failures: failed.map((f) => `check: ${f.reason}`) };
    const made = await Promise.allSettled(programs.map((r) => def.create(ctx, r.inputs as Inputs)));
    made.forEach((m, i) => {
      if (m.status === "rejected") result.failures.push(`create ${i}: ${m.reason instanceof Error ? m.reason.message : String(m.reason)}`);
      else if (def.diff(m.value.id, m.value.outs, programs[i]!.inputs as Inputs).changes) {
        result.failures.push(`create ${i}: diff shows changes (${differences(def, m.value.outs, programs[i]!.inputs as Inputs).join("; ")})`);
      }
    });
    const ids = made.flatMap((m) => (m.status === "fulfilled" ? [m.value.id] : []));
    if (new Set(ids).size !== ids.length) result.failures.push(`the creates share ids: ${ids.join(", ")}`);
    return result;
  } finally {
    restoreNow();
  }
}

/**
 * A create whose POST gets no answer (it may have committed): the kind
 * looks up what it may have made (its `lookUp`), and sends the POST again
 * only after the look-ups (at once, and after the wait, which the replay's
 * client does not spend) found nothing, CREATE_SENDS times at most. The
 * clock stands before every recording's `created_at`, so the recorded
 * entities count as made since the POST. What the look-up finds depends on
 * the recordings; the requests it sends are what this shows.
 */
export async function replayLostCreate(c: ResourceCase): Promise<CaseResult> {
  const def = definitionOf(c.kind);
  const transport = new CorpusTransport({ ...c.options, noAnswer: (r) => r.method === "POST" });
  const result: CaseResult = { failures: [], sent: transport.sent };
  let restoreNow = c.at ? pinNow(Date.parse(c.at)) : () => {};
  try {
    const checked = def.check({}, c.inputs, { sandbox: true });
    if (checked.failures?.length) return { ...result, failures: checked.failures.map((f) => `check: ${f.reason}`) };
    restoreNow();
    restoreNow = pinNow(Date.parse(BEFORE_RECORDINGS));
    try {
      result.id = (await def.create(replayContext(transport), checked.inputs as Inputs)).id;
    } catch (err) {
      // None found (the recordings hold other entities) is an answer too; the look-ups must have been sent.
      result.failures.push(`create: ${err instanceof Error ? err.message : String(err)}`);
    }
    // Found: sent once. None found: sent every time it may be, each send followed by its two look-ups.
    const posts = transport.sent.filter((r) => r.method === "POST").length;
    if (posts !== (result.id === undefined ? CREATE_SENDS : 1)) result.failures.push(`the create was sent ${posts} times`);
    return result;
  } finally {
    restoreNow();
  }
}

/** Earlier than every recording's created_at. */
const BEFORE_RECORDINGS = "2010-01-01T00:00:00Z";
