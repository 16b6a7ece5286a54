// The YAML example's entities in Go: the SDK's arguments are the schema's names in PascalCase.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"pulumi-xads/sdk/go/xads"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The sandbox creates funding instruments at no cost (xads:sandbox true).
		usd, err := xads.NewFundingInstrument(ctx, "sandbox-usd", &xads.FundingInstrumentArgs{
			Currency:  pulumi.String("USD"),
			StartTime: pulumi.String("2026-01-01T00:00:00Z"),
		})
		if err != nil {
			return err
		}
		spring, err := xads.NewCampaign(ctx, "spring-sale", &xads.CampaignArgs{
			FundingInstrumentId: usd.ID().ToStringOutput(),
			Name:                pulumi.String("Spring sale"),
			EntityStatus:        pulumi.String("PAUSED"),
			// Micros: millionths of the currency (50 USD a day).
			DailyBudgetAmountLocalMicro: pulumi.Int(50_000_000),
			// Deleting a campaign cannot be undone, so it is protected by default.
			// This is a sandbox: allow `pulumi destroy` and replacements.
			DeletionProtection: pulumi.Bool(false),
		})
		if err != nil {
			return err
		}
		timeline, err := xads.NewLineItem(ctx, "timeline", &xads.LineItemArgs{
			CampaignId:          spring.ID().ToStringOutput(),
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
		ctx.Export("campaignId", spring.ID())
		ctx.Export("lineItemId", timeline.ID())
		return nil
	})
}
