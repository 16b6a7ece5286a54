"""
The official Python SDK (twitter-ads 11.0.0, requirements.txt) driven
through its documented flows (the examples/ of
github:twitterdev/twitter-python-ads-sdk: quick_start.py, batch_request.py,
promoted_tweet.py, custom_audience.py, cards.py, cards_fetch.py), as a team
pointing it at its live account would, but at the emulator.

    python flows.py <production base URL> <account id>

Credentials come from XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET,
XADS_ACCESS_TOKEN, XADS_ACCESS_TOKEN_SECRET. Prints one JSON line per step,
{"step", "ok", "error"?}, in order, then {"steps": [names]}; exits 0 unless
the harness itself broke. A step's failure does not stop the others (a step
that needs an earlier one's entity says so in its error).
"""

import hashlib
import json
import os
import sys
import traceback

# The SDK builds its resource paths from API_VERSION when its modules are
# imported ('/' + API_VERSION + '/accounts'...): version 12 is set first.
import twitter_ads

twitter_ads.API_VERSION = "12"

from twitter_ads.audience import CustomAudience  # noqa: E402
from twitter_ads.campaign import Campaign, LineItem, TargetingCriteria, Tweet  # noqa: E402
from twitter_ads.client import Client  # noqa: E402
from twitter_ads.creative import Card, CardsFetch, PromotedTweet  # noqa: E402
from twitter_ads.enum import ENTITY_STATUS, OBJECTIVE, PLACEMENT, PRODUCT  # noqa: E402
from twitter_ads.error import BadRequest, NotFound, Error as SdkError  # noqa: E402
from twitter_ads.http import Request  # noqa: E402
from twitter_ads.targeting import AudienceEstimate  # noqa: E402

BASE, ACCOUNT_ID = sys.argv[1], sys.argv[2]
# The SDK's hosts are class attributes (http.py Request._DEFAULT_DOMAIN,
# _SANDBOX_DOMAIN); OAuth 1.0a signs the URL it sends to, the emulator's.
Request._DEFAULT_DOMAIN = BASE
Request._SANDBOX_DOMAIN = BASE + "/sandbox"

client = Client(
    os.environ["XADS_CONSUMER_KEY"],
    os.environ["XADS_CONSUMER_SECRET"],
    os.environ["XADS_ACCESS_TOKEN"],
    os.environ["XADS_ACCESS_TOKEN_SECRET"],
)

STEPS = []
state = {}


def step(fn):
    STEPS.append(fn)
    return fn


def need(name):
    if name not in state:
        raise AssertionError("needs {} from an earlier step, which failed".format(name))
    return state[name]


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def refused(call, code, parameter, status=BadRequest):
    """A deliberate error: the SDK raises `status` with the platform's errors[{code, message, parameter}]."""
    try:
        call()
    except status as e:
        errors = e.details or []
        check(errors and all(set(["code", "message"]) <= set(err) for err in errors),
              "errors not in the platform's shape: {}".format(errors))
        check(any(err["code"] == code and (parameter is None or err.get("parameter") == parameter) for err in errors),
              "expected {} on {}, got {}".format(code, parameter, errors))
        return errors
    raise AssertionError("expected {} {} on {}, the request was accepted".format(status.__name__, code, parameter))


# ------------------------------------------------- account and funding ---

@step
def account_load():
    account = client.accounts(ACCOUNT_ID)
    check(account.id == ACCOUNT_ID and account.name, "account {} has no name".format(account.id))
    state["account"] = account


@step
def accounts_list():
    check(ACCOUNT_ID in [a.id for a in client.accounts()], "the account is not listed")


@step
def account_features():
    check(isinstance(need("account").features(), list), "features is not a list")


@step
def funding_instruments_list_and_load():
    account = need("account")
    fi = account.funding_instruments().next()
    check(fi.currency == "USD" and fi.type == "CREDIT_CARD", "seeded instrument: {} {}".format(fi.currency, fi.type))
    check(account.funding_instruments(fi.id).id == fi.id, "load by id")
    state["funding_instrument_id"] = fi.id


@step
def promotable_users():
    user = need("account").promotable_users().next()
    check(user.user_id, "promotable user without user_id")
    state["user_id"] = str(user.user_id)


@step
def sandbox_client():
    sandbox = Client(client.consumer_key, client.consumer_secret, client.access_token, client.access_token_secret,
                     options={"sandbox": True})
    check(ACCOUNT_ID in [a.id for a in sandbox.accounts()], "the sandbox lists the demo account")


# ----------------------------------------------------------- campaigns ---

def new_campaign(name, daily=1000000, **fields):
    campaign = Campaign(need("account"))
    campaign.funding_instrument_id = need("funding_instrument_id")
    campaign.daily_budget_amount_local_micro = daily
    campaign.name = name
    campaign.entity_status = ENTITY_STATUS.PAUSED
    for k, v in fields.items():
        setattr(campaign, k, v)
    return campaign


@step
def campaign_create_save():
    campaign = new_campaign("my first campaign")
    campaign.save()
    check(campaign.id and campaign.funding_instrument_id == state["funding_instrument_id"], "created campaign")
    state["campaign"] = campaign


@step
def campaign_update_save_resends_every_property():
    # save() sends to_params(): the record's every property, funding_instrument_id included.
    campaign = need("campaign")
    campaign.name = "my renamed campaign"
    campaign.daily_budget_amount_local_micro = 2000000
    campaign.save()
    loaded = need("account").campaigns(campaign.id)
    check((loaded.name, loaded.daily_budget_amount_local_micro) == ("my renamed campaign", 2000000),
          "reloaded: {} {}".format(loaded.name, loaded.daily_budget_amount_local_micro))


@step
def campaign_standard_delivery_deprecated_is_ignored():
    # campaign-management.mdx "Budget Pacing" still tells to set standard_delivery false on a campaign.
    campaign = new_campaign("accelerated", standard_delivery=False)
    campaign.save()
    check(campaign.id and campaign.standard_delivery is None, "answered {}".format(campaign.standard_delivery))
    campaign.standard_delivery = True
    campaign.save()
    check(campaign.standard_delivery is None, "answered {}".format(campaign.standard_delivery))
    state["campaign_paced"] = campaign


@step
def campaign_daily_budget_over_total_is_refused():
    campaign = new_campaign("over budget", daily=5000000, total_budget_amount_local_micro=1000000)
    refused(campaign.save, "INVALID_PARAMETER", "daily_budget_amount_local_micro")
    check(campaign.id is None, "no campaign made")


@step
def campaign_changed_funding_instrument_is_refused():
    campaign = need("campaign")
    campaign.funding_instrument_id = "nope1"
    try:
        refused(campaign.save, "INVALID_PARAMETER", "funding_instrument_id")
    finally:
        campaign.funding_instrument_id = state["funding_instrument_id"]


@step
def campaign_batch_save_create():
    campaigns = [new_campaign("my first batch campaign"), new_campaign("my second batch campaign", daily=2000000)]
    Campaign.batch_save(need("account"), campaigns)
    check(all(c.id for c in campaigns), "batch-created campaigns have ids")
    state["batch_campaigns"] = campaigns


@step
def campaign_batch_save_update():
    campaigns = need("batch_campaigns")
    campaigns[0].name = "my modified first campaign"
    campaigns[1].name = "my modified second campaign"
    Campaign.batch_save(need("account"), campaigns)
    names = sorted(c.name for c in need("account").campaigns(campaign_ids=",".join(c.id for c in campaigns)))
    check(names == ["my modified first campaign", "my modified second campaign"], "names {}".format(names))


# ---------------------------------------------------------- line items ---

def new_line_item(name, bid=10000, **fields):
    line_item = LineItem(need("account"))
    line_item.campaign_id = need("campaign").id
    line_item.name = name
    line_item.product_type = PRODUCT.PROMOTED_TWEETS
    line_item.placements = [PLACEMENT.ALL_ON_TWITTER]
    line_item.objective = OBJECTIVE.ENGAGEMENTS
    line_item.bid_amount_local_micro = bid
    line_item.entity_status = ENTITY_STATUS.PAUSED
    for k, v in fields.items():
        setattr(line_item, k, v)
    return line_item


@step
def line_item_create_save():
    line_item = new_line_item("my first ad")
    line_item.save()
    check(line_item.id and line_item.campaign_id == state["campaign"].id, "created line item")
    state["line_item"] = line_item


@step
def line_item_update_save_resends_every_property():
    # campaign_id, objective, product_type, placements and the pay_by the platform chose go back unchanged.
    line_item = need("line_item")
    line_item.bid_amount_local_micro = 20000
    line_item.name = "my renamed ad"
    line_item.save()
    loaded = need("account").line_items(line_item.id)
    check((loaded.name, loaded.bid_amount_local_micro) == ("my renamed ad", 20000),
          "reloaded: {} {}".format(loaded.name, loaded.bid_amount_local_micro))


@step
def line_item_bad_objective_is_refused():
    refused(new_line_item("bad", objective="NOT_AN_OBJECTIVE").save, "INVALID_PARAMETER", "objective")


@step
def line_item_changed_objective_is_refused():
    line_item = need("line_item")
    line_item.objective = OBJECTIVE.REACH
    try:
        refused(line_item.save, "INVALID_PARAMETER", "objective")
    finally:
        line_item.objective = OBJECTIVE.ENGAGEMENTS


@step
def line_item_batch_save_create():
    line_items = [new_line_item("my first batch ad"), new_line_item("my second batch ad", bid=20000)]
    LineItem.batch_save(need("account"), line_items)
    check(all(li.id for li in line_items), "batch-created line items have ids")
    state["batch_line_items"] = line_items


@step
def line_item_batch_save_update():
    line_items = need("batch_line_items")
    for li in line_items:
        li.name = li.name.replace("batch", "modified")
    LineItem.batch_save(need("account"), line_items)
    names = sorted(li.name for li in need("account").line_items(line_item_ids=",".join(li.id for li in line_items)))
    check(names == ["my first modified ad", "my second modified ad"], "names {}".format(names))


@step
def line_items_by_campaign():
    ids = [li.id for li in need("account").line_items(None, campaign_ids=need("campaign").id)]
    check(need("line_item").id in ids and len(ids) == 3, "line items of the campaign: {}".format(ids))


# ------------------------------------------------------- promoted Tweets ---

@step
def tweet_create():
    account = need("account")
    first = Tweet.create(account, text="There can be only one...", as_user_id=need("user_id"))
    second = Tweet.create(account, text="Fine. There can be two.", as_user_id=need("user_id"))
    check(first["id"] and second["id"], "Tweets have ids")
    state["tweet_ids"] = [first["id"], second["id"]]


@step
def promoted_tweet_attach():
    promoted = list(PromotedTweet.attach(need("account"), line_item_id=need("line_item").id, tweet_ids=need("tweet_ids")))
    check(sorted(str(p.tweet_id) for p in promoted) == sorted(str(t) for t in state["tweet_ids"]), "promoted {}".format(promoted))
    state["promoted_tweets"] = promoted


@step
def promoted_tweets_list():
    listed = list(need("account").promoted_tweets(line_item_ids=need("line_item").id))
    check(len(listed) == 2, "listed {}".format(len(listed)))


@step
def promoted_tweet_delete():
    promoted = need("promoted_tweets")[0]
    promoted.delete()
    check(promoted.deleted is True, "deleted {}".format(promoted.deleted))


# --------------------------------------------------- targeting criteria ---

@step
def targeting_criteria_save():
    criterion = TargetingCriteria(need("account"))
    criterion.line_item_id = need("line_item").id
    criterion.targeting_type = "LOCATION"
    criterion.targeting_value = "00a8b25e420adc94"
    criterion.save()
    check(criterion.id, "criterion has an id")
    state["criterion"] = criterion


@step
def targeting_criteria_of_line_item():
    ids = [c.id for c in need("line_item").targeting_criteria()]
    check(ids == [need("criterion").id], "criteria {}".format(ids))


@step
def targeting_criteria_bad_type_is_refused():
    criterion = TargetingCriteria(need("account"))
    criterion.line_item_id = need("line_item").id
    criterion.targeting_type = "NOT_A_TYPE"
    criterion.targeting_value = "x"
    refused(criterion.save, "INVALID_PARAMETER", "targeting_type")


@step
def targeting_criteria_batch_save_create_and_delete():
    account = need("account")
    first, second = TargetingCriteria(account), TargetingCriteria(account)
    for c, (kind, value) in zip((first, second), (("LOCATION", "00a8b25e420adc94"), ("PHRASE_KEYWORD", "righteous dude"))):
        c.line_item_id = need("batch_line_items")[0].id
        c.targeting_type = kind
        c.targeting_value = value
    TargetingCriteria.batch_save(account, [first, second])
    check(first.id and second.id, "batch-created criteria have ids")
    first.to_delete = True
    second.to_delete = True
    TargetingCriteria.batch_save(account, [first, second])
    left = list(TargetingCriteria.all(account, line_item_ids=[state["batch_line_items"][0].id]))
    check(left == [], "criteria left {}".format([c.id for c in left]))


# ----------------------------------------------------- custom audiences ---

@step
def custom_audience_create():
    audience = CustomAudience.create(need("account"), "test CA")
    check(audience.id and audience.name == "test CA", "audience {}".format(audience.id))
    state["audience"] = audience


@step
def custom_audience_users_update():
    email_hash = hashlib.sha256(b"test-email@test.com").hexdigest()
    success, total = need("audience").users([{"operation_type": "Update", "params": {"users": [{"email": [email_hash]}]}}])
    check((success, total) == (1, 1), "counts {} {}".format(success, total))


@step
def custom_audience_users_unhashed_are_refused():
    refused(lambda: need("audience").users([{"operation_type": "Update", "params": {"users": [{"email": ["test-email@test.com"]}]}}]),
            "INVALID_PARAMETER", "users")


@step
def custom_audience_list_and_delete():
    account = need("account")
    audience = need("audience")
    check(audience.id in [a.id for a in account.custom_audiences()], "audience listed")
    audience.delete()
    check(audience.deleted is True, "deleted {}".format(audience.deleted))


# ---------------------------------------------------------------- cards ---

def components(url):
    # Media keys of the emulator's media library (3_1001: a 1.91:1 image).
    return [{"type": "MEDIA", "media_key": "3_1001"},
            {"type": "DETAILS", "title": "X", "destination": {"type": "WEBSITE", "url": url}}]


@step
def card_create_save():
    card = Card(account=need("account"))
    card.name = "my new card"
    card.components = components("https://example.com/login")
    card.save()
    check(card.id and card.card_uri, "card {}".format(card.id))
    state["card"] = card


@step
def card_update():
    # Card.save() of a card with an id sends the PUT, but the platform answers cards/:card_id as
    # a one-item list (ref creatives/reference.mdx, PUT cards), which SDK 11.0.0 cannot read into
    # the object: the SDK's manual Request (examples/manual_request.py) sends the same PUT.
    card = need("card")
    body = json.dumps({"name": "my edited card", "components": components("https://example.com/new")})
    response = Request(client, "put", "/12/accounts/{}/cards/{}".format(ACCOUNT_ID, card.id),
                       headers={"Content-Type": "application/json"}, body=body).perform()
    check(response.body["data"][0]["name"] == "my edited card", "answered {}".format(response.body["data"]))


@step
def cards_fetch_by_uri_and_id():
    account = need("account")
    card = need("card")
    by_uri = CardsFetch.load(account, card_uris=[card.card_uri]).first
    check(by_uri.id == card.id and by_uri.name == "my edited card", "by uri {}".format(by_uri.id))
    check(CardsFetch.load(account, card_id=card.id).card_uri == card.card_uri, "by id")


@step
def tweet_with_card():
    tweet = Tweet.create(need("account"), text="Created from the SDK", as_user_id=need("user_id"), card_uri=need("card").card_uri)
    check(tweet["id"], "Tweet has an id")


# ------------------------------------------------ cursors and with_deleted ---

@step
def cursor_pages_through_every_campaign():
    account = need("account")
    cursor = account.campaigns(count=2)
    ids = [c.id for c in cursor]
    check(cursor.fetched == len(ids) and len(ids) == len(set(ids)) >= 4, "paged {}".format(ids))
    state["campaign_count"] = len(ids)


@step
def cursor_with_total_count():
    cursor = need("account").campaigns(count=1, with_total_count=True)
    check(cursor.count == need("campaign_count"), "total_count {}".format(cursor.count))


@step
def deleted_campaign_with_deleted():
    account = need("account")
    campaign = need("campaign_paced")
    campaign.delete()
    check(campaign.deleted is True, "deleted {}".format(campaign.deleted))
    check(campaign.id not in [c.id for c in account.campaigns()], "gone from the list")
    check(campaign.id in [c.id for c in account.campaigns(with_deleted=True)], "listed with_deleted=True")
    check(Campaign.load(account, campaign.id, with_deleted=True).deleted is True, "loaded with_deleted=True")
    refused(lambda: Campaign.load(account, campaign.id), "CAMPAIGN_NOT_FOUND", None, status=NotFound)


@step
def batch_save_delete():
    account = need("account")
    line_items = need("batch_line_items")
    for li in line_items:
        li.to_delete = True
    LineItem.batch_save(account, line_items)
    campaigns = need("batch_campaigns")
    for c in campaigns:
        c.to_delete = True
    Campaign.batch_save(account, campaigns)
    check(all(x.deleted for x in line_items + campaigns), "deleted")
    live = [c.id for c in account.campaigns()]
    check(not any(c.id in live for c in campaigns), "gone from the list")


# ------------------------------------------------- audience estimate ---

# examples/audience_estimate.py: a location, a keyword and two users' look-alikes.
ESTIMATE_CRITERIA = [
    {"targeting_type": "LOCATION", "targeting_value": "96683cc9126741d1"},
    {"targeting_type": "BROAD_KEYWORD", "targeting_value": "cats"},
    {"targeting_type": "SIMILAR_TO_FOLLOWERS_OF_USER", "targeting_value": "14230524"},
    {"targeting_type": "SIMILAR_TO_FOLLOWERS_OF_USER", "targeting_value": "90420314"},
]


@step
def audience_estimate_load():
    estimate = AudienceEstimate.load(account=need("account"), params={"targeting_criteria": ESTIMATE_CRITERIA})
    # The emulator's deterministic estimate (emulator/README.md "Audience estimates").
    check(estimate.audience_size == {"min": 450000, "max": 550000}, "audience_size {}".format(estimate.audience_size))


@step
def audience_estimate_without_primary_is_refused():
    refused(lambda: AudienceEstimate.load(account=need("account"), params={"targeting_criteria": ESTIMATE_CRITERIA[:1]}),
            "INVALID_PARAMETER", "targeting_criteria")


def main():
    for fn in STEPS:
        try:
            fn()
            result = {"step": fn.__name__, "ok": True}
        except Exception as e:  # noqa: BLE001 (a step's failure is its result)
            # The SDK's errors carry the answer: its errors, or a batch's operation_errors.
            body = e.response.body if isinstance(e, SdkError) else None
            if isinstance(body, dict):
                body = {k: v for k, v in body.items() if k != "request"}
            error = "{} {}: {}".format(type(e).__name__, e.code, json.dumps(body)) if body else "{}: {}".format(type(e).__name__, e)
            last = traceback.extract_tb(e.__traceback__)[-1]
            result = {"step": fn.__name__, "ok": False, "error": "{} (at {}:{})".format(error, os.path.basename(last.filename), last.lineno)}
        print(json.dumps(result), flush=True)
    print(json.dumps({"steps": [fn.__name__ for fn in STEPS]}), flush=True)


if __name__ == "__main__":
    main()
