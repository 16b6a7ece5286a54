import { IMPORT_KINDS } from "../../cli/import-kinds";
import { appList } from "../../provider/resources/app-list";
import { entryFor, recordedForImport } from "../conformance/corpus";

const valid = () => ({ accountId: "18ce54d4x5t", name: "Installers", appStoreIdentifiers: ["com.twitter.android", "333903271"] });
const reasons = (news: Record<string, unknown>) => (appList.check({}, news).failures ?? []).map((f) => f.reason);

describe("AppList", () => {
  test("valid inputs pass", () => {
    expect(reasons(valid())).toEqual([]);
  });

  test("more than 500 apps are refused, naming the field and the platform's limit", () => {
    const apps = Array.from({ length: 501 }, (_, i) => `com.example.app${i}`);
    expect(reasons({ ...valid(), appStoreIdentifiers: apps })).toEqual(["appStoreIdentifiers must have at most 500 items (got 501)"]);
    expect(reasons({ ...valid(), appStoreIdentifiers: apps.slice(0, 500) })).toEqual([]);
  });

  test("a list without apps or without a name is refused, naming the field", () => {
    expect(reasons({ ...valid(), appStoreIdentifiers: [] })).toEqual([expect.stringMatching(/^appStoreIdentifiers /)]);
    expect(reasons({ ...valid(), name: "" })).toEqual([expect.stringMatching(/^name /)]);
  });

  test("the platform has no update: a new name or another app replaces the list; the apps' order is no change", () => {
    const state = valid() as never;
    expect(appList.diff("l1", state, { ...valid(), name: "Buyers" } as never).replaces).toEqual(["name"]);
    expect(appList.diff("l1", state, { ...valid(), appStoreIdentifiers: ["com.twitter.android"] } as never).replaces).toEqual(["appStoreIdentifiers"]);
    expect(appList.diff("l1", state, { ...valid(), appStoreIdentifiers: ["333903271", "com.twitter.android"] } as never).changes).toBe(false);
  });

  test("a live list's apps are read back as its identifiers; a record without apps never passes the declared ones off as live", () => {
    const entity = { id: "l1", name: "Installers", apps: [{ app_store_identifier: "com.twitter.android", os_type: "Android" }] };
    expect(appList.outputsOf(valid(), entity)).toMatchObject({ appStoreIdentifiers: ["com.twitter.android"], apps: [{ appStoreIdentifier: "com.twitter.android", osType: "Android" }] });
    expect(appList.outputsOf(valid(), { id: "l1", name: "Installers" })).toMatchObject({ appStoreIdentifiers: [] });
  });

  test("read and adoption GET the list by id, whose answer carries apps (the list's records hold id and name only)", () => {
    expect(appList.collectionCalls).toEqual({ create: true, read: false, readOne: true, update: false, delete: true });
    const listed = entryFor("GET", "/12/accounts/18ce54d4x5t/app_lists")!.response.body as { data: Record<string, unknown>[] };
    const one = entryFor("GET", "/12/accounts/18ce54d4x5t/app_lists/28ukf")!.response.body as { data: Record<string, unknown> };
    expect(Object.keys(listed.data[0]!).sort()).toEqual(["id", "name"]);
    expect(one.data.apps).toEqual([{ app_store_identifier: "com.twitter.android", os_type: "Android" }]);
  });

  test("xads import reads each listed app list by id: the program declares its apps and passes check", () => {
    const spec = IMPORT_KINDS.find((k) => k.kind === "AppList")!;
    expect(spec.readEach).toBe(true);
    const [live] = recordedForImport("18ce54d4x5t", spec);
    const declared = { accountId: "18ce54d4x5t", adoptId: live!.id, ...appList.importedInputs(live as never) };
    expect(declared).toMatchObject({ name: "twitter @ 262689209670784", appStoreIdentifiers: ["com.twitter.android"] });
    expect(appList.check({}, declared).failures).toBeUndefined();
  });
});
