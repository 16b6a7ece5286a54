/**
 * The client's rate-limit windows, through a transport that holds every
 * answer until the test releases it: what goes before any answer, and what
 * waits. No network.
 */
import { AdsClient, WireRequest, WireResponse } from "../../provider/client";

const credentials = { consumerKey: "ck", consumerSecret: "cs", accessToken: "at", accessTokenSecret: "ats" };

/** `waitsEnd`: whether a wait the client asks for ends (at once), or never does. */
function heldClient(waitsEnd = false) {
  const sent: WireRequest[] = [];
  const answers: ((r: WireResponse) => void)[] = [];
  const waits: number[] = [];
  const client = new AdsClient({
    credentials, baseUrl: "https://ads-api.x.com", log: () => {},
    transport: (req) => new Promise<WireResponse>((resolve) => { sent.push(req); answers.push(resolve); }),
    sleep: async (ms) => { waits.push(ms); if (!waitsEnd) await new Promise<void>(() => {}); },
  });
  const answerAll = (headers: Record<string, string> = {}) =>
    answers.splice(0).forEach((answer) => answer({ statusCode: 200, headers, body: '{"data":[]}' }));
  return { client, sent, waits, answerAll };
}

const settle = async () => { for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r)); };

describe("a window no answer has reported yet", () => {
  test("takes its published limit: the first reads of an account's campaigns go together, without waiting for a first answer", async () => {
    const { client, sent, answerAll } = heldClient();
    const reads = Array.from({ length: 8 }, (_, i) => client.get("/12/accounts/abc/campaigns", { q: `r${i}` }));
    await settle();
    expect(sent).toHaveLength(8);
    answerAll();
    await Promise.all(reads);
  });

  test("is counted by the client against the published limit: the sixth read of content categories in 15 minutes waits 15 minutes", async () => {
    const { client, sent, waits, answerAll } = heldClient();
    for (let i = 0; i < 5; i++) {
      const read = client.get("/12/content_categories");
      await settle();
      answerAll();
      await read;
    }
    void client.get("/12/content_categories");
    await settle();
    expect(sent).toHaveLength(5);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(14 * 60_000);
  });

  test("once an answer reports the window, the report decides: one remaining, one in flight", async () => {
    const { client, sent, answerAll } = heldClient();
    const first = client.get("/12/accounts/abc/campaigns");
    await settle();
    answerAll({ "x-account-rate-limit-limit": "10000", "x-account-rate-limit-remaining": "1", "x-account-rate-limit-reset": String(Math.ceil(Date.now() / 1000) + 600) });
    await first;
    void client.get("/12/accounts/abc/campaigns", { q: "a" });
    void client.get("/12/accounts/abc/campaigns", { q: "b" });
    await settle();
    expect(sent).toHaveLength(2);
  });

  test("a window waited out to its reset takes one request; an answer without its headers then leaves it to the published count", async () => {
    const { client, sent, answerAll } = heldClient(true);
    const first = client.get("/12/accounts/abc/campaigns");
    await settle();
    answerAll({ "x-account-rate-limit-limit": "1", "x-account-rate-limit-remaining": "0", "x-account-rate-limit-reset": String(Math.ceil(Date.now() / 1000) + 1) });
    await first;
    const second = client.get("/12/accounts/abc/campaigns", { q: "after the reset" });
    await settle();
    expect(sent).toHaveLength(2);
    answerAll();
    await second;
    void client.get("/12/accounts/abc/campaigns", { q: "c" });
    void client.get("/12/accounts/abc/campaigns", { q: "d" });
    await settle();
    expect(sent).toHaveLength(4);
  });
});
