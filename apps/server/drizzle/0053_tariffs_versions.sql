CREATE TABLE "rate_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_id" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"energy_fee" bigint NOT NULL,
	"time_fee" bigint DEFAULT 0 NOT NULL,
	"idle_fee" bigint DEFAULT 0 NOT NULL,
	"idle_grace_minutes" smallint DEFAULT 0 NOT NULL,
	"session_fee" bigint DEFAULT 0 NOT NULL,
	"min_cost" bigint,
	"max_cost" bigint,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_versions_money_check" CHECK ("rate_versions"."energy_fee" >= 0 and "rate_versions"."time_fee" >= 0 and "rate_versions"."idle_fee" >= 0 and "rate_versions"."session_fee" >= 0 and coalesce("rate_versions"."min_cost", 0) >= 0 and coalesce("rate_versions"."max_cost", 0) >= 0 and ("rate_versions"."min_cost" is null or "rate_versions"."max_cost" is null or "rate_versions"."min_cost" <= "rate_versions"."max_cost")),
	CONSTRAINT "rate_versions_grace_check" CHECK ("rate_versions"."idle_grace_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "charge_meter_samples" (
	"charge_id" bigint NOT NULL,
	"wh" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "charge_meter_samples_charge_id_wh_pk" PRIMARY KEY("charge_id","wh")
);
--> statement-breakpoint
ALTER TABLE "rates" DROP CONSTRAINT "rates_fee_check";--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_tariff_kind_check";--> statement-breakpoint
DROP INDEX "rates_one_active_default_idx";--> statement-breakpoint
ALTER TABLE "rates" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "connector_power_w" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "rate_id" integer;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "cost_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "rate_versions" ADD CONSTRAINT "rate_versions_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_meter_samples" ADD CONSTRAINT "charge_meter_samples_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_versions_rate_idx" ON "rate_versions" USING btree ("rate_id","effective_from","id");--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rates_merchant_idx" ON "rates" USING btree ("merchant_id") WHERE "rates"."merchant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rates_one_active_default_idx" ON "rates" USING btree ("typo",coalesce("merchant_id", 0)) WHERE "rates"."rate_type" = 'default' and "rates"."status" = 0;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_merchant_default_check" CHECK ("rates"."merchant_id" is null or "rates"."rate_type" = 'default');--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_tariff_kind_check" CHECK ("charges"."tariff_kind" in ('personal', 'merchant', 'default'));--> statement-breakpoint
-- Every rate's price becomes its first version, in force since the rate was made (an active rate could not be edited,
-- so its fee has not changed while charges used it). Charges already booked keep their amounts; a charge running now
-- has no rate_id and is priced at the price_per_kwh its start fixed, as before.
INSERT INTO "rate_versions" ("rate_id", "effective_from", "energy_fee", "created_at")
SELECT "id", "created_at", round("fee" * 100)::bigint, "updated_at" FROM "rates";
