/**
 * provider/client/steps.ts: when every engine worker waits in a gathered
 * group, the groups go; reads before writes, since a step that reads first
 * (an update reads what it would overwrite, a create in fast mode is looked
 * up) brings its write once its read is answered.
 */
import { EngineSteps, HeldGroup } from "../../provider/client/steps";

/** A group that records when it was sent, leaving the steps' groups as the client's do. */
function group(steps: EngineSteps, writes: boolean, sent: string[], name: string) {
  let size = 0;
  const g: HeldGroup & { add(): void } = {
    get size() { return size; },
    writes,
    send: () => { sent.push(name); steps.sent(g); },
    add() { size++; steps.waiting(g); },
  };
  return g;
}

/** Runs `n` steps that stay running until `end` is called. */
function running(steps: EngineSteps, n: number): () => void {
  const ends: (() => void)[] = [];
  for (let i = 0; i < n; i++) void steps.run(() => new Promise<void>((r) => ends.push(r)));
  return () => ends.forEach((e) => e());
}

test("every worker waiting, some in a read and the others in a batch of writes: the read goes, the writes wait for the items it brings", () => {
  const steps = new EngineSteps(3);
  const end = running(steps, 3);
  const sent: string[] = [];
  const read = group(steps, false, sent, "read");
  const write = group(steps, true, sent, "write");
  write.add();
  write.add();
  read.add();
  expect(sent).toEqual(["read"]);
  // The read answered, its step joins the writes: every worker waits in them, and they go.
  write.add();
  expect(sent).toEqual(["read", "write"]);
  end();
});

test("with only writes waiting, every group goes once every worker waits in one", () => {
  const steps = new EngineSteps(2);
  const end = running(steps, 2);
  const sent: string[] = [];
  const campaigns = group(steps, true, sent, "campaigns");
  const lineItems = group(steps, true, sent, "line items");
  campaigns.add();
  expect(sent).toEqual([]);
  lineItems.add();
  expect(sent).toEqual(["campaigns", "line items"]);
  end();
});

test("reads alone go as before: every group once every worker waits", () => {
  const steps = new EngineSteps(2);
  const end = running(steps, 2);
  const sent: string[] = [];
  const a = group(steps, false, sent, "campaigns");
  const b = group(steps, false, sent, "line items");
  a.add();
  b.add();
  expect(sent).toEqual(["campaigns", "line items"]);
  end();
});

test("a worker free, or the engine's --parallel unknown: nothing goes early (the groups' windows decide)", () => {
  for (const steps of [new EngineSteps(3), new EngineSteps(undefined)]) {
    const end = running(steps, 2);
    const sent: string[] = [];
    const g = group(steps, false, sent, "reads");
    g.add();
    g.add();
    expect(sent).toEqual([]);
    end();
  }
});
