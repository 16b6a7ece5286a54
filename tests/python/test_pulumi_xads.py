"""
The generated Python SDK (make python-sdk) as a Python program uses it: its
resources register with the engine under the schema's tokens and property
names, through Pulumi's mocks (pulumi.runtime.set_mocks), since this machine
has no Python language host to run a program with `pulumi up`.

    python -m unittest tests/python/test_pulumi_xads.py

Run by tests/integration/python-sdk.test.ts in the virtual environment of
tests/python/venv.sh, where pulumi_xads is installed with pip.
"""

import unittest

import pulumi


class Mocks(pulumi.runtime.Mocks):
    """Records every registration; each resource's state is its inputs and the outputs below."""

    def __init__(self) -> None:
        self.registered: dict[str, pulumi.runtime.MockResourceArgs] = {}

    def new_resource(self, args: pulumi.runtime.MockResourceArgs):
        self.registered[args.name] = args
        outputs = {"currency": "USD", "servable": True, "createdAt": "2024-01-01T00:00:00Z"} if args.typ == "xads:index:Campaign" else {}
        return [f"{args.name}-id", {**args.inputs, **outputs}]

    def call(self, args: pulumi.runtime.MockCallArgs):
        return {}


mocks = Mocks()
pulumi.runtime.set_mocks(mocks, preview=False)

# Imported after set_mocks, as Pulumi's mocks need.
import pulumi_xads  # noqa: E402


class Registration(unittest.TestCase):
    @pulumi.runtime.test
    def test_campaign_registers_with_its_token_and_the_schema_property_names(self):
        campaign = pulumi_xads.Campaign(
            "launch",
            funding_instrument_id="fi-1",
            name="Launch",
            daily_budget_amount_local_micro=5_000_000,
        )

        def check(_id):
            args = mocks.registered["launch"]
            self.assertEqual(args.typ, "xads:index:Campaign")
            # Python's snake_case arguments reach the engine as the schema's names;
            # the schema's defaults are filled in by the SDK.
            self.assertEqual(args.inputs, {
                "fundingInstrumentId": "fi-1",
                "name": "Launch",
                "dailyBudgetAmountLocalMicro": 5_000_000,
                "entityStatus": "ACTIVE",
                "deletionProtection": True,
            })

        return campaign.id.apply(check)

    @pulumi.runtime.test
    def test_campaign_outputs_read_back_under_snake_case_attributes(self):
        campaign = pulumi_xads.Campaign("outputs", funding_instrument_id="fi-1", name="Outputs")

        def check(values):
            currency, created_at, funding_instrument_id = values
            self.assertEqual(currency, "USD")
            self.assertEqual(created_at, "2024-01-01T00:00:00Z")
            self.assertEqual(funding_instrument_id, "fi-1")

        return pulumi.Output.all(campaign.currency, campaign.created_at, campaign.funding_instrument_id).apply(check)

    def test_a_campaign_without_its_funding_instrument_is_refused_naming_it(self):
        with self.assertRaisesRegex(TypeError, "funding_instrument_id"):
            pulumi_xads.Campaign("no-funding", name="No funding")

    @pulumi.runtime.test
    def test_card_components_pass_through_as_written(self):
        # Components are Any in the schema (Pulumi has no inline object types):
        # their keys reach the provider as written, in the schema's camelCase.
        components = [{"type": "MEDIA", "mediaKey": "3_1234567890"}, {"type": "DETAILS", "title": "Shop", "destination": {"type": "WEBSITE", "url": "https://example.com"}}]
        card = pulumi_xads.Card("card", name="Card", components=components)

        def check(_id):
            args = mocks.registered["card"]
            self.assertEqual(args.typ, "xads:index:Card")
            self.assertEqual(args.inputs["components"], components)

        return card.id.apply(check)

    @pulumi.runtime.test
    def test_an_explicit_provider_registers_as_the_xads_provider_with_its_settings(self):
        provider = pulumi_xads.Provider("sandbox", account_id="18ce54d4x5t", sandbox=True, request_timeout_ms=5000)
        line_item = pulumi_xads.LineItem(
            "li",
            campaign_id="c-1",
            name="Line item",
            product_type="PROMOTED_TWEETS",
            placements=["ALL_ON_TWITTER"],
            objective="ENGAGEMENTS",
            opts=pulumi.ResourceOptions(provider=provider),
        )

        def check(_id):
            args = mocks.registered["sandbox"]
            self.assertEqual(args.typ, "pulumi:providers:xads")
            self.assertEqual(args.inputs["accountId"], "18ce54d4x5t")
            # A provider's non-string settings travel as JSON text, as Pulumi's SDKs send provider configuration.
            self.assertEqual(args.inputs["requestTimeoutMs"], "5000")
            self.assertTrue(mocks.registered["li"].provider.startswith("urn:pulumi:"))
            self.assertIn("pulumi:providers:xads::sandbox", mocks.registered["li"].provider)

        return line_item.id.apply(check)


if __name__ == "__main__":
    unittest.main()
