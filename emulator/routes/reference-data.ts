/**
 * Reference data (ref campaign-management/reference.mdx, the reference-data GETs): content categories, bidding rules,
 * placements, curated categories, and the authenticated user's access to an
 * account. Read only, from reference-data.ts; lists answer in one page.
 */
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, accountFor, echo, one, wireParams } from "../http";
import { param, parseParams } from "../wire";
import { BIDDING_RULES, CONTENT_CATEGORIES, CURATED_CATEGORIES, PLACEMENTS } from "../reference-data";

/**
 * The real platform's reference lists are short enough for one
 * page (next_cursor null), and answer their total_count unasked
 * (tests/conformance corpus: content and curated categories).
 */
function page<T>(req: FastifyRequest, data: readonly T[]) {
  return { request: echo(req), data, next_cursor: null, total_count: data.length };
}

const curatedParams = z.object({
  country_codes: param.list(1, LIMITS.countryCodesPerCuratedCategoriesQuery).pipe(
    z.array(z.string().regex(new RegExp(`^[A-Za-z]{${LIMITS.countryCodeLength}}$`), "must be two-letter ISO country codes, e.g. US")),
  ),
  // One page holds everything: no cursor of this list is ever valid.
  cursor: z.string().min(1).optional(),
});

const biddingParams = z.object({
  currency: z.string().regex(new RegExp(`^[A-Z]{${LIMITS.currencyCodeLength}}$`), "must be an ISO-4217 code of three capital letters, e.g. USD").optional(),
});

const placementParams = z.object({ product_type: param.oneOf(ENUMS.productType).optional() });

interface CuratedRoute { Params: { account_id: string; id: string } }

export const referenceDataRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const account = (req: FastifyRequest<AccountRoute>) => accountFor(app.emulator.store.env(env), req, req.params.account_id);

  app.get("/12/content_categories", async (req) => page(req, CONTENT_CATEGORIES));

  // ref campaign-management/reference.mdx, GET bidding_rules: an unknown but well-formed currency has no rules: an empty list.
  app.get("/12/bidding_rules", async (req) => {
    const { currency } = parseParams(biddingParams, wireParams(req));
    const rules = BIDDING_RULES.filter((r) => currency === undefined || r.currency === currency);
    // The real platform (tests/conformance corpus) answers data_type and total_count, no cursor.
    return { request: echo(req), data_type: "bidding_rule", data: rules, total_count: rules.length };
  });

  app.get("/12/line_items/placements", async (req) => {
    const p = parseParams(placementParams, wireParams(req));
    // The real platform (tests/conformance corpus) answers one object per product type, no cursor.
    return one(req, PLACEMENTS.filter((x) => p.product_type === undefined || x.product_type === p.product_type));
  });

  // ref campaign-management/reference.mdx, GET curated_categories: country_codes required, at most 200; a category is listed when available in any of them.
  app.get<AccountRoute>("/12/accounts/:account_id/curated_categories", async (req) => {
    account(req);
    const p = parseParams(curatedParams, wireParams(req));
    if (p.cursor !== undefined) throw ApiError.invalid("cursor", `cursor ${JSON.stringify(p.cursor)} is not one this list returned`);
    const wanted = new Set(p.country_codes.map((c) => c.toUpperCase()));
    return page(req, CURATED_CATEGORIES.filter((c) => c.country_codes.some((cc) => wanted.has(cc))));
  });

  app.get<CuratedRoute>("/12/accounts/:account_id/curated_categories/:id", async (req) => {
    account(req);
    const category = CURATED_CATEGORIES.find((c) => c.id === req.params.id);
    if (!category) throw ApiError.notFound(`curated category ${req.params.id} was not found`);
    return one(req, category);
  });

  /**
   * ref campaign-management/reference.mdx, GET authenticated_user_access: the permissions of the authenticated user on the account.
   * How roles are granted is not shown (the ads UI); every user who can
   * use an emulated account is its ACCOUNT_ADMIN, and so also TWEET_COMPOSER
   * (granted only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER).
   */
  app.get<AccountRoute>("/12/accounts/:account_id/authenticated_user_access", async (req) => {
    // An account the user cannot use answers 404.
    account(req);
    const roles: (typeof ENUMS.permission)[number][] = ["ACCOUNT_ADMIN"];
    const composer = roles.some((r) => (ENUMS.tweetComposerRoles as readonly string[]).includes(r));
    // The real platform (tests/conformance corpus) answers the user and permissions, no account.
    return one(req, { user_id: req.api?.userId, permissions: composer ? [...roles, "TWEET_COMPOSER"] : roles });
  });
};
