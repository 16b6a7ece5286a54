/**
 * `xads emulator`: the lines it prints to point a stack at the emulator, and
 * the control API routes it and docs/emulator.md name, held to the routes
 * emulator/routes/control.ts registers (under /_emulator).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { emulatorInstructions, PRINTED_ROUTES } from "../../cli/emulator";
import { main } from "../../cli/index";

const ROOT = join(__dirname, "..", "..");
const CREDS = { consumerKey: "ck-value", consumerSecret: "cs-value", accessToken: "at-value", accessTokenSecret: "ats-value" };
const EMU = { url: "http://127.0.0.1:8787", sandboxUrl: "http://127.0.0.1:8787/sandbox", credentials: CREDS };

/** `METHOD /_emulator/path` of every route the control plugin registers. */
function controlRoutes(): string[] {
  const source = readFileSync(join(ROOT, "emulator", "routes", "control.ts"), "utf8");
  return [...source.matchAll(/app\.(get|post|put|patch|delete)\("([^"]+)"/g)].map(([, m, p]) => `${m!.toUpperCase()} /_emulator${p}`);
}

/** Whether a concrete path (`<id>` placeholders allowed) matches a route pattern with `:params`. */
function matches(route: string, method: string, path: string): boolean {
  const [m, pattern] = route.split(" ");
  const re = new RegExp(`^${pattern!.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
  return m === method && re.test(path);
}

describe("xads emulator prints what points a stack at it", () => {
  test("the three config lines of the emulator and the four credentials as secrets, by variable when they come from the environment", () => {
    const text = emulatorInstructions(EMU, true);
    expect(text).toContain("pulumi config set xads:sandbox true\n");
    expect(text).toContain("pulumi config set xads:sandboxBaseUrl http://127.0.0.1:8787/sandbox\n");
    expect(text).toContain("pulumi config set xads:platformBaseUrl http://127.0.0.1:8787\n");
    expect(text).toContain("pulumi config set xads:accountId 18ce54d4x5t\n");
    expect(text).toContain('pulumi config set --secret xads:consumerKey "$XADS_CONSUMER_KEY"\n');
    expect(text).toContain('pulumi config set --secret xads:accessTokenSecret "$XADS_ACCESS_TOKEN_SECRET"\n');
    for (const value of Object.values(CREDS)) expect(text).not.toContain(value);
  });

  test("made-up credentials (the emulator's own) are printed so they can be pasted", () => {
    const text = emulatorInstructions(EMU, false);
    expect(text).toContain("pulumi config set --secret xads:consumerSecret cs-value\n");
    expect(text).toContain("pulumi config set --secret xads:accessToken at-value\n");
  });

  test("the control routes it prints, at the emulator's address", () => {
    const text = emulatorInstructions(EMU, true);
    expect(text).toContain("PATCH  http://127.0.0.1:8787/_emulator/sandbox/accounts/18ce54d4x5t/campaigns/<id>");
    expect(text).toContain("docs/emulator.md");
  });

  test("every route it prints is a route of the control API", () => {
    const routes = controlRoutes();
    for (const [method, path] of PRINTED_ROUTES) {
      expect({ route: `${method} ${path}`, registered: routes.some((r) => matches(r, method, path)) }).toEqual({ route: `${method} ${path}`, registered: true });
    }
  });

  test("a port that is not a port number is refused, naming the option and the range", async () => {
    const lines: string[] = [];
    expect(await main(["emulator", "--port", "99999"], (l) => lines.push(l))).toBe(2);
    expect(lines).toEqual(['xads: --port must be a whole number from 0 to 65535, got "99999"']);
  });
});

describe("docs/emulator.md", () => {
  const doc = readFileSync(join(ROOT, "docs", "emulator.md"), "utf8");
  const documented = [...doc.matchAll(/^\| `([A-Z]+ \/_emulator[^`]*)`/gm)].map((m) => m[1]!);

  test("lists every route of the control API, and no route it does not have", () => {
    expect([...documented].sort()).toEqual([...controlRoutes()].sort());
  });
});
