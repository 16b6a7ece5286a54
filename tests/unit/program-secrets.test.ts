/**
 * What both SDKs do in the program so no secret leaves it in plain text
 * (sdk/program-secrets.ts): a member list's users hashed and secret, a
 * provider's credentials secret, secret outputs added to the options, the
 * debug-log filter installed by whichever SDK a program loads; and the
 * hashing module it shares with the provider (provider/resources/user-hash.ts)
 * loads nothing but node:crypto.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { definitionOf } from "../../provider/resources";
import { hashedUsers, MEMBER_LIST_FIELDS, secretOutputs, secretSettings, withHashedUsers } from "../../sdk/program-secrets";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const valueOf = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));

describe("a member list's users", () => {
  test("are hashed in the program (normalized first), and the output holding them is secret", async () => {
    const args = withHashedUsers("CustomAudienceMembers", "newsletter-users", {
      customAudienceId: "ca1",
      users: [{ email: [" Jane.Doe@Example.com "] }, { phoneNumber: ["+1 (415) 555-2671"], partnerUserId: ["crm-1"] }],
    });
    expect(args.customAudienceId).toBe("ca1");
    const users = args.users as unknown as pulumi.Output<unknown>;
    expect(await pulumi.isSecret(users)).toBe(true);
    expect(await valueOf(users)).toEqual([{ email: [sha("jane.doe@example.com")] }, { phoneNumber: [sha("14155552671")], partnerUserId: ["crm-1"] }]);
  });

  test("an output of another resource is hashed once known", async () => {
    const users = hashedUsers("DoNotReachListMembers", "opt-outs", pulumi.output([{ email: pulumi.output(["Former@Example.com"]) }]))!;
    expect(await valueOf(users)).toEqual([{ email: [sha("former@example.com")] }]);
  });

  test("users not given stay unset, for the provider's check to name", () => {
    const args = { customAudienceId: "ca1" };
    expect(withHashedUsers("CustomAudienceMembers", "m", args)).toBe(args);
  });

  test("the member lists are the registry's kinds whose users field is secret", () => {
    for (const kind of Object.keys(MEMBER_LIST_FIELDS)) expect(definitionOf(kind).fields.secret).toContain("users");
  });
});

describe("a provider's settings and a resource's options", () => {
  test("the secret settings are registered as secrets, plain strings included; the others as given, unset ones left out", async () => {
    const props = secretSettings({ consumerKey: "ck-plain", accessToken: pulumi.output("at"), accountId: "acc", sandbox: true, baseUrl: undefined }, ["consumerKey", "accessToken"]);
    expect(Object.keys(props).sort()).toEqual(["accessToken", "accountId", "consumerKey", "sandbox"]);
    expect(await pulumi.isSecret(props.consumerKey as pulumi.Output<string>)).toBe(true);
    expect(await pulumi.isSecret(props.accessToken as pulumi.Output<string>)).toBe(true);
    expect(await valueOf(props.consumerKey as pulumi.Output<string>)).toBe("ck-plain");
    expect(props.accountId).toBe("acc");
  });

  test("secret outputs are added to those the program's options name; none leaves the options as they are", () => {
    const opts = { protect: true, additionalSecretOutputs: ["name"] };
    expect(secretOutputs(opts, ["users"])).toEqual({ protect: true, additionalSecretOutputs: ["name", "users"] });
    expect(secretOutputs(undefined, ["users"])).toEqual({ additionalSecretOutputs: ["users"] });
    expect(secretOutputs(opts, [])).toBe(opts);
  });
});

describe("the debug-log filter and the hashing module", () => {
  const INSTALLED = Symbol.for("pulumi-xads.debug-log");

  test.each([["pulumi-xads/native", "../../sdk/native"], ["pulumi-xads", "../../sdk"]])("%s installs the debug-log filter when loaded", (_name, path) => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const log = require("@pulumi/pulumi/log") as Record<symbol, unknown>;
      expect(log[INSTALLED]).toBeUndefined();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path);
      expect(log[INSTALLED]).toBe(true);
    });
  });

  test("provider/resources/user-hash.ts imports nothing but node:crypto, so pulumi-xads/native loads no provider code with it", () => {
    const source = readFileSync(join(__dirname, "..", "..", "provider", "resources", "user-hash.ts"), "utf8");
    expect([...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1])).toEqual(["node:crypto"]);
  });
});
