import { ENUMS } from "../platform";
/**
 * Funding instruments (ref campaign-management/reference.mdx, Funding Instruments): read
 * everywhere, created and deleted only in the sandbox, never updated.
 */
import { z } from "zod";
import { resourceRoutes, ResourceSpec } from "../resource";
import { StoredEntity, isoTime, NewFields } from "../store";
import { param, parseParams } from "../wire";

/**
 * ref campaign-management/reference.mdx, POST funding_instruments `type`.
 */
export const FUNDING_INSTRUMENT_TYPES = ENUMS.fundingInstrumentType;
export type FundingInstrumentType = (typeof FUNDING_INSTRUMENT_TYPES)[number];

/** The real platform's funding instrument attributes (ref GET funding_instruments). */
export interface FundingInstrument extends StoredEntity {
  account_id: string;
  currency: string;
  start_time: string;
  end_time: string | null;
  type: FundingInstrumentType;
  description: string;
  entity_status: "ACTIVE";
  able_to_fund: boolean;
  /** The real platform answers these (null when the instrument type has none). */
  reasons_not_able_to_fund: string[];
  credit_limit_local_micro: number | null;
  credit_remaining_local_micro: number | null;
  funded_amount_local_micro: number | null;
  io_header: string | null;
}

const createParams = z.object({
  // ref fundamentals/currency.mdx: the currencies the Ads API recognizes; another is an INVALID_PARAMETER naming `currency`.
  currency: param.oneOf(ENUMS.currency),
  start_time: param.time(),
  type: param.oneOf(FUNDING_INSTRUMENT_TYPES).default("CREDIT_CARD"),
});

export type NewFundingInstrument = z.output<typeof createParams>;

/** The fields of a new instrument: the route's and seed.ts's. */
export function fundingInstrumentFields(accountId: string, p: NewFundingInstrument): NewFields<FundingInstrument> {
  return {
    account_id: accountId,
    currency: p.currency,
    start_time: isoTime(Date.parse(p.start_time)),
    end_time: null,
    type: p.type,
    // The real platform describes the instrument, e.g. "Visa ending in 1234".
    description: `${p.type} (${p.currency})`,
    entity_status: "ACTIVE",
    able_to_fund: true,
    reasons_not_able_to_fund: [],
    credit_limit_local_micro: null,
    credit_remaining_local_micro: null,
    funded_amount_local_micro: null,
    io_header: null,
  };
}

export const fundingInstruments: ResourceSpec<FundingInstrument> = {
  collection: "funding_instruments",
  noun: "funding instrument",
  list: () => ({
    ids: [{ param: "funding_instrument_ids", value: (fi) => fi.id }],
    sortable: ["created_at", "updated_at", "start_time", "currency", "type"],
  }),
  create: (ctx, params) => fundingInstrumentFields(ctx.account.id, parseParams(createParams, params)),
  sandboxOnlyCreate: true,
  // ref campaign-management/reference.mdx, DELETE funding_instruments: "SANDBOX ONLY"; the production base has no such
  // DELETE (404, as for the sandbox-only POST). A second DELETE is 404, as for every deletable entity.
  deletable: true,
  sandboxOnlyDelete: true,
  // The reference's DELETE example answers the deleted instrument with able_to_fund false and reasons_not_able_to_fund
  // ["DELETED"] (entity_status stays ACTIVE); a read with with_deleted shows it so too (the emulator's own choice: the
  // reference shows no read of a deleted instrument).
  show: (fi) => (fi.deleted ? { ...fi, able_to_fund: false, reasons_not_able_to_fund: [...fi.reasons_not_able_to_fund.filter((r) => r !== "DELETED"), "DELETED"] } : { ...fi }),
};

export const fundingInstrumentRoutes = resourceRoutes(fundingInstruments);
