CREATE TABLE "merchant_environment" (
	"merchant_id" integer NOT NULL,
	"surrounding_id" integer NOT NULL,
	CONSTRAINT "merchant_environment_merchant_id_surrounding_id_pk" PRIMARY KEY("merchant_id","surrounding_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_tags" (
	"merchant_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "merchant_tags_merchant_id_tag_id_pk" PRIMARY KEY("merchant_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"agreement_number" varchar(50) NOT NULL,
	"legal_entity" varchar(200) NOT NULL,
	"country_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"district" varchar(100) DEFAULT '' NOT NULL,
	"street" varchar(200) NOT NULL,
	"phone" varchar(12) NOT NULL,
	"email" varchar(254) NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_percentage_check" CHECK ("merchants"."percentage" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "merchant_environment" ADD CONSTRAINT "merchant_environment_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_environment" ADD CONSTRAINT "merchant_environment_surrounding_id_surroundings_id_fk" FOREIGN KEY ("surrounding_id") REFERENCES "public"."surroundings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_tags" ADD CONSTRAINT "merchant_tags_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_tags" ADD CONSTRAINT "merchant_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_city_id_settlements_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_environment_surrounding_idx" ON "merchant_environment" USING btree ("surrounding_id");--> statement-breakpoint
CREATE INDEX "merchant_tags_tag_idx" ON "merchant_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "merchants_status_idx" ON "merchants" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "merchants_city_idx" ON "merchants" USING btree ("city_id");