/**
 * What the provider process says when the platform refuses its credentials
 * during a refresh or a destroy: those run with the configuration the state
 * saved at the last `pulumi up`, so a credential rotated in the stack config
 * since is not used yet (tried with the real CLI in tests/e2e/ci-output.test.ts).
 */
import { Entity } from "../../provider/client";
import { create, read, remove, ROTATED_CREDENTIALS_HINT } from "../../provider/dispatch";
import { ACCOUNT, useEmulator } from "./fixtures";

const fixture = useEmulator();

/** The provider instance as configure leaves it: the stack config's xads:* values. */
function holder(accessTokenSecret: string) {
  const { consumerKey, consumerSecret, accessToken } = fixture.creds;
  return {
    xadsSettings: {
      "xads:consumerKey": consumerKey, "xads:consumerSecret": consumerSecret, "xads:accessToken": accessToken,
      "xads:accessTokenSecret": accessTokenSecret, "xads:sandbox": "true", "xads:sandboxBaseUrl": fixture.emu.sandboxUrl,
      "xads:accountId": ACCOUNT,
    },
  };
}

test("a refresh or destroy refused with 401 says that rotated credentials need pulumi refresh --run-program; no secret in the message", async () => {
  const audience = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences`, { name: "Newsletter" });
  const props = { accountId: ACCOUNT, name: "Newsletter", deletionProtection: false };
  const stale = holder("an-old-secret-no-longer-valid");
  const message = (e: Error) => e.message;
  const refused = [await read(stale, "CustomAudience", audience.id, props).then(() => "read", message),
    await remove(stale, "CustomAudience", audience.id, props).then(() => "deleted", message)];
  expect(refused).toEqual([
    expect.stringMatching(new RegExp(`^reading CustomAudience ${audience.id}: .*401.*\\. If the credentials were rotated in the stack config`)),
    expect.stringMatching(new RegExp(`^deleting CustomAudience ${audience.id}: .*401.*\\. If the credentials were rotated in the stack config`)),
  ]);
  for (const m of refused) {
    expect(m.endsWith(ROTATED_CREDENTIALS_HINT)).toBe(true);
    expect(m).not.toContain("an-old-secret-no-longer-valid");
  }
  // With the live credentials the same read works; a create refused with 401 is no rotation matter (the program ran).
  expect(await read(holder(fixture.creds.accessTokenSecret), "CustomAudience", audience.id, props)).toMatchObject({ id: audience.id });
  expect(await create(stale, "CustomAudience", props).catch((e: Error) => e.message)).not.toContain("rotated");
});

test("a provider object configured again uses its new configuration from the next operation on", async () => {
  const audience = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences`, { name: "Newsletter" });
  const props = { accountId: ACCOUNT, name: "Newsletter", deletionProtection: false };
  const provider = holder(fixture.creds.accessTokenSecret);
  expect(await read(provider, "CustomAudience", audience.id, props)).toMatchObject({ id: audience.id });
  // configure (dispatch.ts) sets a new settings object on the same provider object.
  provider.xadsSettings = { ...provider.xadsSettings, "xads:accessTokenSecret": "rotated-away" };
  expect(await read(provider, "CustomAudience", audience.id, props).then(() => "read", (e: Error) => e.message)).toMatch(/401/);
});
