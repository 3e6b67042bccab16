CREATE TABLE "connector_types" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"current" varchar(2) NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "connector_types_current_check" CHECK ("connector_types"."current" in ('AC', 'DC'))
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"rate_type" varchar(10) NOT NULL,
	"typo" varchar(32) NOT NULL,
	"fee" numeric(7, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_rate_type_check" CHECK ("rates"."rate_type" in ('personal', 'default')),
	CONSTRAINT "rates_fee_check" CHECK ("rates"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" char(2) NOT NULL,
	"name_ru" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"name_ky" varchar(100) NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"country_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"is_capital" boolean DEFAULT false NOT NULL,
	"name_ru" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"name_ky" varchar(100) NOT NULL,
	"region_ru" varchar(100),
	"region_en" varchar(100),
	"region_ky" varchar(100),
	"district_ru" varchar(100),
	"district_en" varchar(100),
	"district_ky" varchar(100),
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"station_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "settlements_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rental_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"legal_entity" varchar(200) NOT NULL,
	"contact_person" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(12) NOT NULL,
	"email" varchar(254) NOT NULL,
	"agreement_number" varchar(50) NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_partners_percentage_check" CHECK ("rental_partners"."percentage" between 0 and 100),
	CONSTRAINT "rental_partners_dates_check" CHECK ("rental_partners"."end_date" is null or "rental_partners"."end_date" >= "rental_partners"."start_date")
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"language" varchar(2) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"date_format" varchar(20) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_typo_connector_types_key_fk" FOREIGN KEY ("typo") REFERENCES "public"."connector_types"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rates_one_active_default_idx" ON "rates" USING btree ("typo") WHERE "rates"."rate_type" = 'default' and "rates"."status" = 0;--> statement-breakpoint
CREATE INDEX "rates_typo_idx" ON "rates" USING btree ("typo");--> statement-breakpoint
CREATE INDEX "rates_status_idx" ON "rates" USING btree ("status");--> statement-breakpoint
CREATE INDEX "settlements_country_idx" ON "settlements" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "settlements_with_stations_idx" ON "settlements" USING btree ("country_id","station_count");--> statement-breakpoint
CREATE INDEX "rental_partners_status_idx" ON "rental_partners" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rental_partners_created_at_idx" ON "rental_partners" USING btree ("created_at");