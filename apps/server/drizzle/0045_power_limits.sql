CREATE TABLE "power_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer,
	"merchant_id" integer,
	"limit_w" integer NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "power_limits_one_owner_check" CHECK (("power_limits"."station_id" is null) <> ("power_limits"."merchant_id" is null)),
	CONSTRAINT "power_limits_positive_check" CHECK ("power_limits"."limit_w" > 0)
);
--> statement-breakpoint
CREATE TABLE "power_shares" (
	"charge_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"connector_id" smallint NOT NULL,
	"transaction_id" integer NOT NULL,
	"periods" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "power_limits" ADD CONSTRAINT "power_limits_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_limits" ADD CONSTRAINT "power_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_limits" ADD CONSTRAINT "power_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "power_limits_station_idx" ON "power_limits" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "power_limits_merchant_idx" ON "power_limits" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "power_shares_merchant_idx" ON "power_shares" USING btree ("merchant_id");