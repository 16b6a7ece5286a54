/**
 * GET 2/users, the X API v2 users lookup on the platform API base
 * (xdevplatform/docs openapi.json, GET /2/users): the users the emulator
 * knows (the configured user, those the control API registers) by id, a
 * problem for each id it does not find, the 1 to 100 ids the reference
 * allows, OAuth 1.0a user context, and the refusal the control API turns on.
 */
import { TestApi, USER } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

const lookup = (ids: string) => api.get("/2/users", { ids });

async function control(method: string, url: string, body?: unknown) {
  const res = await api.app.inject({ method: method as "PUT", url: `/_emulator${url}`, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

test("answers the configured user and a registered one, and a not-found problem for an id it does not know", async () => {
  expect((await control("PUT", "/users/2244994945", { username: "XDevelopers", name: "X Developers" })).status).toBe(200);
  const res = await lookup(`2244994945,${USER},1234567890,2244994945`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    data: [{ id: "2244994945", name: "X Developers", username: "XDevelopers" }, { id: USER, name: "xads_demo", username: "xads_demo" }],
    errors: [{ resource_id: "1234567890", resource_type: "user", title: "Not Found Error", detail: "Could not find user with id: [1234567890].", type: "https://api.x.com/2/problems/resource-not-found" }],
  });
});

test("the ads UI's user, who edits through the control API unless another is named, has a handle", async () => {
  expect((await lookup("1000000000000000001")).body).toEqual({ data: [{ id: "1000000000000000001", name: "Ads UI editor", username: "ads_ui_editor" }] });
});

test("no id found: a 200 with the problems only", async () => {
  const res = await lookup("1234567890");
  expect(res.status).toBe(200);
  expect(res.body).not.toHaveProperty("data");
  expect(res.body.errors).toHaveLength(1);
});

test("ids: required, digits, at most 100", async () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1000 + i)).join(",");
  expect((await lookup(ids(100))).status).toBe(200);
  const tooMany = await lookup(ids(101));
  expect(tooMany).toMatchObject({ status: 400, body: { title: "Invalid Request", type: "https://api.x.com/2/problems/invalid-request" } });
  expect(tooMany.body.detail).toBe("The `ids` query parameter holds 101 ids: at most 100 in one request.");
  expect((await lookup("abc")).body.detail).toBe("The `ids` query parameter value [abc] is not a user id (1 to 19 digits).");
  expect((await api.get("/2/users")).status).toBe(400);
});

test("an unsigned request is refused 401", async () => {
  expect(await api.call("GET", "/2/users", { query: { ids: USER }, unsigned: true })).toMatchObject({ status: 401, body: { title: "Unauthorized" } });
});

test("the control API refuses the lookup (403 client-forbidden) until allowed again or reset", async () => {
  expect((await control("PUT", "/users-lookup-access", { allowed: false })).status).toBe(200);
  expect(await lookup(USER)).toMatchObject({ status: 403, body: { title: "Client Forbidden", type: "https://api.x.com/2/problems/client-forbidden" } });
  api.control.reset();
  expect((await lookup(USER)).status).toBe(200);
});

test("a malformed registration names the field and the rule", async () => {
  const res = await control("PUT", "/users/2244994945", { username: "@XDevelopers" });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain("username must be 1 to 15 letters, digits or underscores (no @)");
});
