"""
A program with mistakes the SDK's types let a checker find before `pulumi up`:
mypy reports an error on each line marked `# mypy: error` and on no other
(tests/integration/python-sdk.test.ts). Never run.
"""

import pulumi_xads

pulumi_xads.Campaign("typed", funding_instrument_id="fi-1", name="Typed", daily_budget_amount_local_micro=5_000_000)
pulumi_xads.Campaign("amount-as-text", funding_instrument_id="fi-1", name="Text", daily_budget_amount_local_micro="5000000")  # mypy: error
pulumi_xads.Campaign("misspelled", funding_instrument_id="fi-1", name="Misspelled", daily_budget=5_000_000)  # mypy: error
pulumi_xads.LineItem("flag-as-text", campaign_id="c-1", name="Text", product_type="PROMOTED_TWEETS", placements=["ALL_ON_TWITTER"], objective="ENGAGEMENTS", standard_delivery="false")  # mypy: error
pulumi_xads.Provider("sandbox-as-text", sandbox="yes")  # mypy: error
