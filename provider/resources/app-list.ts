/**
 * App list: a named list of mobile apps of the account, by app store
 * identifier (xdevplatform/docs x-ads-api/measurement/mobile-conversions.mdx
 * at 7c59f7be, "App Lists"; the page was removed from the docs later).
 * GET (the list, app_list_ids up to 200, with_deleted), GET of one, POST
 * (name and app_store_identifiers, both required) and DELETE: there is no
 * PUT, so every input is create-only and a change replaces the list.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, name } from "./common";
import { defineResource } from "./define";
import { field } from "./fields";

/** POST app_lists: "a limit of 100 app_list objects per account_id and 500 apps per app_list" (mobile-conversions.mdx, App Lists). */
const APPS_PER_LIST = 500;

// --------------------------------------------------------------- schema ---

export const appListInputs = z.strictObject({
  accountId: accountIdInput,
  name: name().describe("The list's name."),
  // Sent comma-separated as app_store_identifiers; answered as apps[].app_store_identifier (outputsFrom).
  appStoreIdentifiers: field(
    z.array(z.string().min(1)).min(1).max(APPS_PER_LIST)
      .describe("The apps of the list, by app store identifier (e.g. com.twitter.android, or an App Store id)."),
    { same: (a, b) => JSON.stringify([...(a as string[])].sort()) === JSON.stringify([...(b as string[])].sort()) },
  ),
  adoptId: adoptIdInput,
}).describe("A named list of mobile apps of the account, by app store identifier. The platform has no update: a change replaces the list.");

export type AppListInputs = z.infer<typeof appListInputs>;

/** The identifiers of a live list's apps (none where the record leaves `apps` out). */
function identifiersOf(entity: Entity): string[] {
  const apps = (entity as { apps?: unknown }).apps;
  return Array.isArray(apps) ? apps.map((a) => String((a as { app_store_identifier?: unknown }).app_store_identifier)) : [];
}

// ------------------------------------------------------------ lifecycle ---

export const appList = defineResource("AppList", appListInputs, {
  immutable: true,
  collection: "app_lists",
  outputs: {
    apps: z.array(z.object({ appStoreIdentifier: z.string(), osType: z.string() })).describe("The apps of the list as the platform resolved them, each with its operating system."),
  },
  // The list's records hold only id and name (mobile-conversions.mdx, GET app_lists; the SDKs' app_lists_all.json);
  // GET app_lists/:app_list_id answers `apps`. Reads take the live apps from it, never the declared ones.
  readsOne: "the list's records hold only id and name; GET app_lists/:app_list_id answers the apps",
  outputsFrom: (outs, _declared, entity) => ({ ...outs, appStoreIdentifiers: identifiersOf(entity) }),
});
