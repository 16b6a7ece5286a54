/**
 * The emulator keeps its own table of the platform's limits and enumerations
 * (emulator/platform.ts), written from the reference, so it
 * checks the provider instead of mirroring it (docs/architecture.md rule 9). This test
 * compares the two tables entry by entry and names every disagreement;
 * deliberate ones are listed below with their reason, so any new one fails.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SETTINGS } from "../../provider/config";
import * as provider from "../../provider/limits";
import { ENV_NAMES } from "../../emulator";
import { addMonths } from "../../emulator/audience-users";
import { MediaType, postMediaProblem } from "../../emulator/media";
import { tweetWeight } from "../../emulator/tweet-text";
import * as emulator from "../../emulator/platform";

type Table = Record<string, unknown>;

const PROVIDER_TABLE: Table = {
  LIMITS: provider.LIMITS,
  ENUMS: provider.ENUMS,
  ACCOUNT_SETTINGS: provider.ACCOUNT_SETTINGS,
  IAB_CATEGORY_VALUE: provider.IAB_CATEGORY_VALUE,
  AUDIENCE_ESTIMATE: provider.AUDIENCE_ESTIMATE,
};
const EMULATOR_TABLE: Table = { LIMITS: emulator.LIMITS, ENUMS: emulator.ENUMS, FORMS: emulator.FORMS, AUDIENCE_ESTIMATE: emulator.AUDIENCE_ESTIMATE };

/** Provider path (or path prefix) -> the emulator's name for the same entry. */
const RENAMED: Record<string, string> = {
  "LIMITS.cards.destinationOf": "ENUMS.componentDestination",
  "LIMITS.cards.ctas": "ENUMS.conversationCardCta",
  "LIMITS.cards.countryCode": "FORMS.countryCode",
  "LIMITS.cards.hashtag": "FORMS.hashtag",
  "LIMITS.cards.conversationImage": "LIMITS.media.conversationImage",
  "LIMITS.cards.unlockedImage": "LIMITS.media.unlockedImage",
  "LIMITS.cards.conversationVideo": "LIMITS.media.conversationVideo",
  IAB_CATEGORY_VALUE: "FORMS.iabCategoryValue",
  "ACCOUNT_SETTINGS.accountName": "LIMITS.accountName",
  "ACCOUNT_SETTINGS.featureKeys": "ENUMS.featureKey",
  "ACCOUNT_SETTINGS.readableFeatureKeys": "ENUMS.readableFeatureKey",
  "ACCOUNT_SETTINGS.invoiceJurisdiction": "ENUMS.invoiceJurisdiction",
  "ACCOUNT_SETTINGS.taxCategory": "ENUMS.taxCategory",
  "ACCOUNT_SETTINGS.emailType": "FORMS.emailType",
};

/** Entries only the provider has (path or prefix), and why the emulator needs none. */
const PROVIDER_OWN: Record<string, string> = {
  "LIMITS.activeCampaignsPerAccountRaised":
    "the emulator raises an account's limit to any value through the control API (setActiveCampaignLimit)",
  "LIMITS.mediaKeyPrefixes": "the emulator knows each media key's type from its media library, not from the key",
  "ENUMS.cardComponentType": "the emulator's card schema spells each component type in its own branch (emulator/routes/cards.ts)",
  "LIMITS.locationTargetingValue": "the emulator knows its locations by their targeting values (reference-data.ts LOCATIONS), so it needs no form of them",
};

/** Entries only the emulator has (path or prefix), and why. */
const EMULATOR_OWN: Record<string, string> = {
  "ENUMS.defaultGoal": "the goal a line item answers when none is given (the provider sends no goal unless declared: the platform's is an output)",
  "ENUMS.defaultPayBy": "the pay_by a line item answers when none is given (the provider sends none unless declared: the platform's is an output)",
  "ENUMS.countryLocationType": "the emulator knows each location's type; the provider cannot tell a country's targeting value from a city's without GET targeting_criteria/locations, and leaves that to the platform",
  "LIMITS.maxAmountLocalMicro":
    "the platform's own largest amount (not documented: the emulator's stand-in); the provider holds amounts to the ceiling each stack sets, xads:maxBudgetMicro",
};

/** Disagreements as this test words them, and why each is deliberate (or reported and left to the provider). */
const KNOWN_DIFFERENCES: Record<string, string> = {};

type Leaf = string | number | boolean | RegExp | readonly unknown[] | undefined;

/** Every leaf of a table by its dotted path; lists and patterns are leaves. */
function leaves(value: unknown, path: string, out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof RegExp)) {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  } else {
    out.set(path, value as Leaf);
  }
  return out;
}

/** The longest entry of `table` that is `path` or a prefix of it. */
function entryOf(table: Record<string, string>, path: string): string | undefined {
  return Object.keys(table)
    .filter((k) => path === k || path.startsWith(`${k}.`))
    .sort((a, b) => b.length - a.length)[0];
}

function emulatorPath(providerPath: string): string {
  const renamed = entryOf(RENAMED, providerPath);
  return renamed === undefined ? providerPath : RENAMED[renamed] + providerPath.slice(renamed.length);
}

function show(v: Leaf): string {
  return Array.isArray(v) ? `[${v.join(", ")}]` : String(v);
}

/** How two leaves differ, in words, or undefined when they agree (lists as sets: order is no platform fact). */
function difference(p: Leaf, e: Leaf): string | undefined {
  if (Array.isArray(p) && Array.isArray(e)) {
    // Elements may be lists themselves (ranges): compared as JSON.
    const only = (a: readonly unknown[], b: readonly unknown[]) =>
      a.filter((x) => !b.some((y) => JSON.stringify(y) === JSON.stringify(x))).map((x) => (Array.isArray(x) ? `[${x.join(", ")}]` : String(x))).sort();
    const parts = [["provider", only(p, e)], ["emulator", only(e, p)]] as const;
    const said = parts.filter(([, xs]) => xs.length > 0).map(([side, xs]) => `${side} only ${xs.join(", ")}`);
    return said.length > 0 ? said.join("; ") : undefined;
  }
  return show(p) === show(e) && typeof p === typeof e ? undefined : `provider ${show(p)}, emulator ${show(e)}`;
}

/** Every disagreement between the two tables, named by the provider's path (and the emulator's when it differs). */
function disagreements(providerTable: Table, emulatorTable: Table): string[] {
  const ours = leaves(providerTable, "");
  const theirs = leaves(emulatorTable, "");
  const out: string[] = [];
  const matched = new Set<string>();
  for (const [path, value] of ours) {
    const other = emulatorPath(path);
    const name = other === path ? path : `${path} (emulator ${other})`;
    if (!theirs.has(other)) {
      if (entryOf(PROVIDER_OWN, path) === undefined) out.push(`${name}: provider only`);
      continue;
    }
    matched.add(other);
    const d = difference(value, theirs.get(other));
    if (d !== undefined) out.push(`${name}: ${d}`);
  }
  for (const path of theirs.keys()) {
    if (!matched.has(path) && entryOf(EMULATOR_OWN, path) === undefined) out.push(`${path}: emulator only`);
  }
  return out;
}

describe("the emulator's platform table and the provider's limits", () => {
  const found = disagreements(PROVIDER_TABLE, EMULATOR_TABLE);

  test("agree entry by entry, but for the known differences", () => {
    expect(found.filter((d) => !(d in KNOWN_DIFFERENCES))).toEqual([]);
  });

  test("every known difference still holds (a mended one leaves the list)", () => {
    expect(Object.keys(KNOWN_DIFFERENCES).filter((d) => !found.includes(d))).toEqual([]);
  });

  test("every listed own entry is still on its side only", () => {
    const providerPaths = [...leaves(PROVIDER_TABLE, "").keys()];
    const emulatorPaths = [...leaves(EMULATOR_TABLE, "").keys()];
    const under = (paths: string[], entry: string) => paths.some((p) => entryOf({ [entry]: "" }, p) !== undefined);
    const stale = [
      ...Object.keys(PROVIDER_OWN).filter((k) => !under(providerPaths, k) || under(emulatorPaths, emulatorPath(k))),
      ...Object.keys(EMULATOR_OWN).filter((k) => !under(emulatorPaths, k) || under(providerPaths.map(emulatorPath), k)),
    ];
    expect(stale).toEqual([]);
  });

  test("a changed value, a changed list and an entry on one side only are each named", () => {
    type Editable = { LIMITS: { text: { campaignName: number }; newLimit?: number }; ENUMS: { entityStatus: string[]; featureKey?: unknown } };
    const changed = structuredClone({ LIMITS: emulator.LIMITS, ENUMS: emulator.ENUMS }) as unknown as Editable;
    changed.LIMITS.text.campaignName = 250;
    changed.LIMITS.newLimit = 3;
    changed.ENUMS.entityStatus = ["ACTIVE", "PAUSED", "ARCHIVED"];
    delete changed.ENUMS.featureKey;
    expect(disagreements(PROVIDER_TABLE, { ...changed, FORMS: emulator.FORMS })).toEqual(expect.arrayContaining([
      "LIMITS.text.campaignName: provider 255, emulator 250",
      "ENUMS.entityStatus: provider only DRAFT; emulator only ARCHIVED",
      "ACCOUNT_SETTINGS.featureKeys (emulator ENUMS.featureKey): provider only",
      "LIMITS.newLimit: emulator only",
    ]));
  });
});

describe("the emulator's own rules agree with the provider's", () => {
  test("Tweet media: the same mixes of images, animated GIFs and videos are accepted", () => {
    const mixes: MediaType[][] = [];
    for (let images = 0; images <= 6; images++) {
      for (let gifs = 0; images + gifs <= 6; gifs++) {
        for (let videos = 0; images + gifs + videos <= 6; videos++) {
          mixes.push([...Array<MediaType>(images).fill("IMAGE"), ...Array<MediaType>(gifs).fill("GIF"), ...Array<MediaType>(videos).fill("VIDEO")]);
        }
      }
    }
    const differ = mixes
      .map((mix) => [mix, provider.tweetMediaProblem(mix) === undefined, postMediaProblem(mix) === undefined] as const)
      .filter(([, p, e]) => p !== e)
      .map(([mix, p]) => `[${mix.join(", ")}]: provider ${p ? "accepts" : "refuses"}, emulator ${p ? "refuses" : "accepts"}`);
    expect(differ).toEqual([]);
  });

  test("Tweet text: the same weighted length for links, emoji sequences, CJK, combining marks and plain text", () => {
    const texts = [
      "", "Spring sale", "x".repeat(10_000), "日本語のツイート", "한국어", "café", "cafe\u0301", "👩‍👩‍👧‍👦 🇫🇷 1️⃣ 👍🏽 ❤️",
      "see https://example.com/a/b?c=d#e, then example.org.", "(https://x.com/a) [www.example.co.uk/path]", "mail me@example.com #tag.com $x.io",
      "e.g. U.S. v2.0 Node.js", "“quotes” — dashes… ‰ ′″", "tab\tnew\nline", "ℵ∑√ ✓ ★ © ®", "http://localhost:8080/x",
    ];
    const differ = texts
      .map((t) => [t, provider.weightedLength(t), tweetWeight(t)] as const)
      .filter(([, p, e]) => p !== e)
      .map(([t, p, e]) => `${JSON.stringify(t.slice(0, 40))}: provider ${p}, emulator ${e}`);
    expect(differ).toEqual([]);
  });

  test("audience expiry: the same instant so many calendar months later", () => {
    const starts = ["2024-01-31T10:20:30.456Z", "2024-02-29T00:00:00Z", "2023-03-31T23:59:59Z", "2025-12-31T12:00:00Z", "2026-07-15T08:00:00Z"];
    const differ = starts.flatMap((iso) => Array.from({ length: 26 }, (_, months) => {
      const p = provider.monthsAfter(Date.parse(iso), months);
      const e = addMonths(Date.parse(iso), months);
      return p === e ? [] : [`${iso} + ${months} months: provider ${new Date(p).toISOString()}, emulator ${new Date(e).toISOString()}`];
    }).flat());
    expect(differ).toEqual([]);
    expect(new Date(addMonths(Date.parse("2025-01-31T10:00:00Z"), 13)).toISOString()).toBe("2026-02-28T10:00:00.000Z");
  });

  test("credentials come from the variables the provider reads", () => {
    for (const [key, name] of Object.entries(ENV_NAMES)) expect([key, name]).toEqual([key, SETTINGS[key as keyof typeof ENV_NAMES].env]);
  });
});

test("emulator/ imports nothing from provider/", () => {
  const root = join(__dirname, "../../emulator");
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
  const imports = files.flatMap((f) =>
    readFileSync(join(root, f), "utf8").split("\n")
      .filter((line) => /(from\s+|require\(|import\()\s*["'][^"']*\bprovider\//.test(line))
      .map((line) => `${f}: ${line.trim()}`));
  expect(files.length).toBeGreaterThan(20);
  expect(imports).toEqual([]);
});
