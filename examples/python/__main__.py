"""The YAML example's entities in Python: the SDK's arguments are the schema's names in snake_case."""

import pulumi
import pulumi_xads as xads

# The sandbox creates funding instruments at no cost (xads:sandbox true).
usd = xads.FundingInstrument("sandbox-usd", currency="USD", start_time="2026-01-01T00:00:00Z")

spring = xads.Campaign(
    "spring-sale",
    funding_instrument_id=usd.id,
    name="Spring sale",
    entity_status="PAUSED",
    # Micros: millionths of the currency (50 USD a day).
    daily_budget_amount_local_micro=50_000_000,
    # Deleting a campaign cannot be undone, so it is protected by default.
    # This is a sandbox: allow `pulumi destroy` and replacements.
    deletion_protection=False,
)

timeline = xads.LineItem(
    "timeline",
    campaign_id=spring.id,
    name="Timeline clicks",
    objective="WEBSITE_CLICKS",
    product_type="PROMOTED_TWEETS",
    placements=["TWITTER_TIMELINE"],
    bid_strategy="MAX",
    bid_amount_local_micro=1_500_000,
)

pulumi.export("campaignId", spring.id)
pulumi.export("lineItemId", timeline.id)
