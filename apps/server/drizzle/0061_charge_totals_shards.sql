ALTER TABLE "charge_totals_daily" DROP CONSTRAINT "charge_totals_daily_key";--> statement-breakpoint
ALTER TABLE "charge_totals_hourly" DROP CONSTRAINT "charge_totals_hourly_key";--> statement-breakpoint
ALTER TABLE "charge_totals_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_totals_hourly" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_totals_daily" ADD CONSTRAINT "charge_totals_daily_key" UNIQUE NULLS NOT DISTINCT("day","finished_day","status","source","payment_method","platform","promotion_id","shard");--> statement-breakpoint
ALTER TABLE "charge_totals_hourly" ADD CONSTRAINT "charge_totals_hourly_key" UNIQUE NULLS NOT DISTINCT("finished_hour","day","finished_day","status","source","payment_method","platform","promotion_id","shard");