/**
 * The SDK's debug messages leave the program without secret values
 * (sdk/debug-log.ts): the Node SDK logs each registration's answer, secrets
 * in plain text, and the streamed `pulumi preview --json` keeps debug lines.
 */
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { keepSecretsOutOfDebugLog, withoutSecretValues } from "../../sdk/debug-log";

const hash = "7799473ff091b38137e0698047364e040446fe7cb3209e8321d5a865127853d0";
// How runtime/resource.js prints an answer: the protobuf message's arrays joined by commas, a secret wrapped in its signature.
const answer = `RegisterResource RPC finished: resource:newsletterUsers[pulumi-nodejs:dynamic/xads:CustomAudienceMembers]; err: null, resp: urn:pulumi:dev::p::t::newsletterUsers,,accountId,,,18ce54d4x5t,users,,,,,${specialSigKey},,,${specialSecretSig},value,,,,email,,,,${hash},,`;

test("an answer that holds a secret is cut before the answer; the resource it was about is still named", () => {
  expect(withoutSecretValues(answer)).toBe(
    "RegisterResource RPC finished: resource:newsletterUsers[pulumi-nodejs:dynamic/xads:CustomAudienceMembers]; err: null, resp: [not logged: it holds secret values]",
  );
  expect(withoutSecretValues(`Serialize property: ${specialSecretSig} ${hash}`)).toBe("debug message [not logged: it holds secret values]");
});

test("a message without a secret leaves as it is", () => {
  const plain = "RegisterResource RPC finished: resource:spring[pulumi-nodejs:dynamic/xads:Campaign]; err: null, resp: urn:pulumi:dev::p::t::spring,,name,,,Spring sale";
  expect(withoutSecretValues(plain)).toBe(plain);
});

test("the SDK's log.debug is wrapped once, and what it sends on is the message without secrets", async () => {
  const sent: string[] = [];
  const log = { debug: async (message: string) => { sent.push(message); } };
  keepSecretsOutOfDebugLog(log);
  keepSecretsOutOfDebugLog(log);
  await log.debug(answer);
  await log.debug("Registering resource: t=pulumi-nodejs:dynamic/xads:Campaign, name=spring");
  expect(sent).toEqual([withoutSecretValues(answer), "Registering resource: t=pulumi-nodejs:dynamic/xads:Campaign, name=spring"]);
});
