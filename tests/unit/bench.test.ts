/**
 * What `make bench` reads and prints: endpoints named without their ids,
 * and which node process below a pulumi command is the program.
 */
import { peakRssBytes, rolesBelow } from "../../bench/proc";
import { parseStat } from "../../provider/proc";
import { countCalls, endpointOf } from "../../bench/report";

test("calls are counted by method and endpoint, ids and the account left out", () => {
  expect([
    "/12/batch/accounts/18ce54d4x5t/campaigns",
    "/12/accounts/18ce54d4x5t/line_items/8yo8t",
    "/12/accounts/18ce54d4x5t/campaigns",
    "/12/accounts/18ce54d4x5t",
    "/12/content_categories",
  ].map(endpointOf)).toEqual(["batch/campaigns", "line_items/:id", "campaigns", "accounts/:id", "content_categories"]);
  expect(countCalls([
    { method: "GET", path: "/12/accounts/a/campaigns" },
    { method: "GET", path: "/12/accounts/b/campaigns" },
    { method: "DELETE", path: "/12/accounts/a/campaigns/jdhar" },
  ])).toEqual({ "GET campaigns": 2, "DELETE campaigns/:id": 1 });
});

test("the program is the language host's node child; other node processes below the command are the provider; others' processes are left out", () => {
  const procs = [
    "100 (pulumi) S 1 100", "101 (pulumi-language) S 100 100", "102 (node) S 101 100", "103 (node) S 100 100",
    "104 (pulumi-resource) S 100 100", "105 (node) S 104 100", "200 (node) S 1 200", "201 (my (odd) name) S 100 100",
  ].map((s) => parseStat(s)!);
  expect(procs[7]).toEqual({ pid: 201, comm: "my (odd) name", ppid: 100 });
  expect(rolesBelow(100, procs)).toEqual(new Map([[102, "program"], [103, "provider"], [105, "provider"]]));
  expect(peakRssBytes("Name:\tnode\nVmPeak:\t 9000 kB\nVmHWM:\t  1024 kB\n")).toBe(1024 * 1024);
});
