/**
 * Onboarding a whole account (docs/operations.md, "Fast mode"):
 * `xads import` of an account of 100 campaigns and 100 line items (seeded
 * through the emulator's control API, bench/seed.ts, as make bench-scale
 * seeds 2,000), then the adopting `xads up --fast`. Counted from the
 * emulator's request log: the up writes nothing, and its reads go in
 * listings, not one a resource: per collection at most the complete
 * listing's pages at the provider's page size (`count` 1,000: ⌈100/1,000⌉ =
 * 1) beside a few coalesced waves of reads by id before it
 * (collection-reads.ts: the listing is bought once two waves of many ids
 * came), each of up to 200 ids: at most a tenth of the calls that one read
 * an entity would make.
 */
import { seedAccount } from "../../bench/seed";
import { output, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
const ACCOUNT = "9onb0ard1ng";
const N = 100;
/** The provider's listing page (collection-reads.ts: `count` 1,000) and the ids a read by id takes (LIMITS.idsPerFilter). */
const PAGE = 1000;
const IDS_PER_READ = 200;

let stack: Stack;
let seeded: Awaited<ReturnType<typeof seedAccount>>;

beforeAll(async () => {
  e2e.emu.control.createAccount("sandbox", { id: ACCOUNT, name: "Onboarded" });
  seeded = await seedAccount(e2e.emu, e2e.api(), ACCOUNT, N);
  stack = e2e.stack("onboarding");
});

test(`xads import of ${N} campaigns and ${N} line items, then xads up --fast adopts them all with no write and reads in listings`, async () => {
  const imported = await stack.xads(["import", "--account", ACCOUNT, "--out", stack.dir], { env: e2e.env() });
  expect({ code: imported.code, stderr: imported.stderr }).toMatchObject({ code: 0 });
  expect(imported.stderr).toContain(`xads import: ${N} campaigns`);
  await stack.init();
  await stack.must(["config", "set", "xads:accountId", ACCOUNT]);

  e2e.emu.control.clearRequests();
  const up = await stack.xads(["up", "--fast", "--", "--yes", "--skip-preview", "--non-interactive"]);
  expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);

  const reads = (collection: string) => e2e.emu.control.requests().filter((r) => r.method === "GET" && r.path === `/12/accounts/${ACCOUNT}/${collection}`);
  for (const collection of ["campaigns", "line_items"]) {
    const all = reads(collection);
    const byId = all.filter((r) => r.query?.[`${collection.replace(/s$/, "")}_ids`] !== undefined);
    const pages = all.filter((r) => !byId.includes(r));
    // The listing: complete in ⌈N/PAGE⌉ page, at the provider's page size.
    expect(pages.length).toBeLessThanOrEqual(Math.ceil(N / PAGE));
    expect(pages.map((r) => r.query?.count)).toEqual(pages.map(() => String(PAGE)));
    // Reads by id coalesced: each up to 200 ids, and all of them together far fewer calls than entities.
    for (const r of byId) expect(String(r.query![`${collection.replace(/s$/, "")}_ids`]).split(",").length).toBeLessThanOrEqual(IDS_PER_READ);
    // Before the listing is complete, reads go by id in waves (how many depends on how the engine hands them over: a
    // lone read does not count toward buying the listing); far fewer calls than entities, one a resource before.
    expect(all.length).toBeLessThanOrEqual(N / 10);
  }

  const held = (await stack.exported()).map((r) => r.id).sort();
  expect(held).toEqual([seeded.fundingInstrumentId, ...seeded.campaignIds, ...seeded.lineItemIds].sort());
});
