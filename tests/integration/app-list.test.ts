/**
 * AppList against the emulator: the list's records hold only id and name
 * (xdevplatform/docs x-ads-api/measurement/mobile-conversions.mdx at
 * 7c59f7be, GET app_lists; the SDKs' app_lists_all.json), so read, adoption
 * and both imports take the apps from GET app_lists/:app_list_id. Before,
 * they read the list: an import wrote a program without apps (check:
 * appStoreIdentifiers is required), a refresh dropped them, and adoption
 * took the declared apps for live.
 */
import { listAccount } from "../../cli/import";
import { Entity } from "../../provider/client";
import { appList } from "../../provider/resources/app-list";
import { ACCOUNT, useEmulator } from "./fixtures";

const fixture = useEmulator();
const APPS = ["com.twitter.android", "333903271"];

async function liveList(): Promise<Entity> {
  const live = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/app_lists`, { name: "Installers", app_store_identifiers: APPS });
  fixture.emu.control.clearRequests();
  return live;
}

const gets = () => fixture.emu.control.requests().filter((r) => r.method === "GET").map((r) => r.path);

test("the emulator's list answers each app list's id and name only, as the platform's does", async () => {
  const live = await liveList();
  expect(await fixture.client().list<Entity>(`/12/accounts/${ACCOUNT}/app_lists`)).toEqual([{ id: live.id, name: "Installers" }]);
});

test("pulumi import reads the list by id: its inputs carry the apps and pass check", async () => {
  const live = await liveList();
  const imported = await appList.importRead(fixture.ctx(), live.id, { accountId: ACCOUNT });
  expect(imported?.inputs).toMatchObject({ name: "Installers", appStoreIdentifiers: APPS });
  expect(imported?.props).toMatchObject({ appStoreIdentifiers: APPS, apps: [{ appStoreIdentifier: APPS[0], osType: "Android" }, { appStoreIdentifier: APPS[1], osType: "iOS" }] });
  expect(appList.check({}, { ...imported!.inputs, adoptId: live.id }).failures).toBeUndefined();
  expect(gets()).toEqual([`/12/accounts/${ACCOUNT}/app_lists/${live.id}`]);
});

test("xads import lists the app lists, then reads each by id: the program declares its apps and passes check", async () => {
  const live = await liveList();
  const listed = await listAccount(fixture.client(), ACCOUNT, () => {});
  const [entity] = listed.find((l) => l.spec.kind === "AppList")!.entities;
  const declared = { accountId: ACCOUNT, adoptId: live.id, ...appList.importedInputs(entity!) };
  expect(declared).toMatchObject({ name: "Installers", appStoreIdentifiers: APPS });
  expect(appList.check({}, declared).failures).toBeUndefined();
  expect(gets()).toEqual(expect.arrayContaining([`/12/accounts/${ACCOUNT}/app_lists`, `/12/accounts/${ACCOUNT}/app_lists/${live.id}`]));
});

test("a refresh keeps the live apps, and reads an app changed outside the program as live", async () => {
  const live = await liveList();
  const inputs = appList.check({}, { accountId: ACCOUNT, name: "Installers", appStoreIdentifiers: APPS }).inputs!;
  const created = await appList.create(fixture.ctx(), { ...inputs, adoptId: live.id });
  const refreshed = await appList.read(fixture.ctx(), live.id, created.outs);
  expect(refreshed?.props).toMatchObject({ appStoreIdentifiers: APPS });
  expect(refreshed?.inputs).toMatchObject({ appStoreIdentifiers: APPS });
  expect(appList.diff(live.id, refreshed!.props, inputs).changes).toBe(false);
  // Edited in the ads UI: the refresh shows the live list, and the next up would replace it.
  fixture.emu.control.edit("sandbox", ACCOUNT, "app_lists", live.id, { apps: [{ app_store_identifier: APPS[0], os_type: "Android" }] });
  const drifted = await appList.read(fixture.ctx(), live.id, refreshed!.props);
  expect(drifted?.props).toMatchObject({ appStoreIdentifiers: [APPS[0]] });
  expect(appList.diff(live.id, drifted!.props, inputs).replaces).toEqual(["appStoreIdentifiers"]);
});

test("adoption compares the declared apps with the live list's, and refuses others; nothing is written", async () => {
  const live = await liveList();
  const declare = (apps: string[]) => appList.check({}, { accountId: ACCOUNT, adoptId: live.id, name: "Installers", appStoreIdentifiers: apps }).inputs!;
  await expect(appList.create(fixture.ctx(), declare(["com.example.other"]))).rejects.toThrow(/appStoreIdentifiers/);
  await expect(appList.create(fixture.ctx(), declare([...APPS].reverse()))).resolves.toMatchObject({ id: live.id, outs: { appStoreIdentifiers: APPS } });
  expect(fixture.emu.control.requests().filter((r) => r.method !== "GET")).toEqual([]);
});
