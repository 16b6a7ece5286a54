// The generated Go SDK (make go-sdk) as a Go program uses it: its resources
// register with the engine under the schema's tokens and property names,
// through Pulumi's mocks (pulumi.WithMocks), as tests/python does for the
// Python SDK. Run by tests/integration/go-sdk.test.ts:
//
//	cd tests/go && go test ./...
package xads_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"pulumi-xads/sdk/go/xads"
)

// mocks records every registration; each resource's state is its inputs and,
// for a campaign, the outputs the platform fills in.
type mocks struct {
	mu         sync.Mutex
	registered map[string]pulumi.MockResourceArgs
}

func (m *mocks) NewResource(args pulumi.MockResourceArgs) (string, resource.PropertyMap, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.registered[args.Name] = args
	state := args.Inputs.Copy()
	if args.TypeToken == "xads:index:Campaign" {
		state["currency"] = resource.NewStringProperty("USD")
		state["servable"] = resource.NewBoolProperty(true)
	}
	return args.Name + "-id", state, nil
}

func (m *mocks) Call(args pulumi.MockCallArgs) (resource.PropertyMap, error) {
	return resource.PropertyMap{}, nil
}

// run runs a program through the mocks and answers what it registered.
func run(t *testing.T, program pulumi.RunFunc) map[string]pulumi.MockResourceArgs {
	t.Helper()
	m := &mocks{registered: map[string]pulumi.MockResourceArgs{}}
	if err := pulumi.RunErr(program, pulumi.WithMocks("xads-go", "test", m)); err != nil {
		t.Fatalf("the program failed: %v", err)
	}
	return m.registered
}

// registeredAs is the resource the program registered under name, failing the test unless it carries token.
func registeredAs(t *testing.T, registered map[string]pulumi.MockResourceArgs, name, token string) pulumi.MockResourceArgs {
	t.Helper()
	r, ok := registered[name]
	if !ok {
		t.Fatalf("no %s registered: %v", name, registered)
	}
	if r.TypeToken != token {
		t.Errorf("%s token %q, want %s", name, r.TypeToken, token)
	}
	return r
}

func TestCampaignAndLineItemRegisterWithTheirTokensAndTheSchemaPropertyNames(t *testing.T) {
	var currency, campaignOfLineItem string
	registered := run(t, func(ctx *pulumi.Context) error {
		campaign, err := xads.NewCampaign(ctx, "launch", &xads.CampaignArgs{
			FundingInstrumentId:         pulumi.String("fi-1"),
			Name:                        pulumi.String("Launch"),
			DailyBudgetAmountLocalMicro: pulumi.Int(5_000_000),
		})
		if err != nil {
			return err
		}
		lineItem, err := xads.NewLineItem(ctx, "timeline", &xads.LineItemArgs{
			CampaignId:          campaign.ID().ToStringOutput(),
			Name:                pulumi.String("Timeline clicks"),
			Objective:           pulumi.String("WEBSITE_CLICKS"),
			ProductType:         pulumi.String("PROMOTED_TWEETS"),
			Placements:          pulumi.StringArray{pulumi.String("TWITTER_TIMELINE")},
			BidStrategy:         pulumi.String("MAX"),
			BidAmountLocalMicro: pulumi.Int(1_500_000),
		})
		if err != nil {
			return err
		}
		// Outputs read back under the SDK's fields (the mocks answer before RunErr returns).
		campaign.Currency.ApplyT(func(c *string) string { currency = *c; return *c })
		lineItem.CampaignId.ApplyT(func(id *string) string { campaignOfLineItem = *id; return *id })
		return nil
	})

	campaign := registeredAs(t, registered, "launch", "xads:index:Campaign")
	// Go's fields reach the engine as the schema's names; the schema's defaults are filled in by the SDK.
	wantCampaign := resource.NewPropertyMapFromMap(map[string]any{
		"fundingInstrumentId":         "fi-1",
		"name":                        "Launch",
		"dailyBudgetAmountLocalMicro": 5_000_000,
		"entityStatus":                "ACTIVE",
		"deletionProtection":          true,
	})
	if !campaign.Inputs.DeepEquals(wantCampaign) {
		t.Errorf("campaign inputs %v, want %v", campaign.Inputs, wantCampaign)
	}

	lineItem := registeredAs(t, registered, "timeline", "xads:index:LineItem")
	// The campaign's id (an output of the campaign) reaches the line item's campaignId.
	wantLineItem := resource.NewPropertyMapFromMap(map[string]any{
		"campaignId":          "launch-id",
		"name":                "Timeline clicks",
		"objective":           "WEBSITE_CLICKS",
		"productType":         "PROMOTED_TWEETS",
		"placements":          []any{"TWITTER_TIMELINE"},
		"bidStrategy":         "MAX",
		"bidAmountLocalMicro": 1_500_000,
		"entityStatus":        "ACTIVE",
	})
	if !lineItem.Inputs.DeepEquals(wantLineItem) {
		t.Errorf("line item inputs %v, want %v", lineItem.Inputs, wantLineItem)
	}
	if currency != "USD" || campaignOfLineItem != "launch-id" {
		t.Errorf("outputs read back: currency %q, line item's campaignId %q; want USD, launch-id", currency, campaignOfLineItem)
	}
}

func TestACampaignWithoutItsFundingInstrumentIsRefusedNamingIt(t *testing.T) {
	m := &mocks{registered: map[string]pulumi.MockResourceArgs{}}
	err := pulumi.RunErr(func(ctx *pulumi.Context) error {
		_, err := xads.NewCampaign(ctx, "no-funding", &xads.CampaignArgs{Name: pulumi.String("No funding")})
		return err
	}, pulumi.WithMocks("xads-go", "test", m))
	if err == nil || !strings.Contains(err.Error(), "FundingInstrumentId") {
		t.Errorf("err %v, want one naming FundingInstrumentId", err)
	}
	if len(m.registered) != 0 {
		t.Errorf("registered %v, want nothing", m.registered)
	}
}

func TestAnExplicitProviderRegistersAsTheXadsProviderWithItsSettings(t *testing.T) {
	registered := run(t, func(ctx *pulumi.Context) error {
		_, err := xads.NewProvider(ctx, "second-account", &xads.ProviderArgs{
			AccountId: pulumi.String("18ce54d4x5t"),
			Sandbox:   pulumi.Bool(true),
		})
		return err
	})
	provider := registeredAs(t, registered, "second-account", "pulumi:providers:xads")
	for name, want := range map[string]resource.PropertyValue{
		"accountId": resource.NewStringProperty("18ce54d4x5t"),
		"sandbox":   resource.NewBoolProperty(true),
	} {
		if got := provider.Inputs[resource.PropertyKey(name)]; !got.DeepEquals(want) {
			t.Errorf("provider input %s = %v, want %v", name, got, want)
		}
	}
}
