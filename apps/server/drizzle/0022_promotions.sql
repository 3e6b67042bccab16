CREATE TABLE "promotion_stations" (
	"promotion_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "promotion_stations_promotion_id_station_id_pk" PRIMARY KEY("promotion_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_uses" (
	"charge_id" bigint PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" integer,
	"station_id" integer NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"energy_wh" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" varchar(100) NOT NULL,
	"title_en" varchar(100) NOT NULL,
	"title_ky" varchar(100) NOT NULL,
	"image_path" varchar(300) NOT NULL,
	"initiator" varchar(16) NOT NULL,
	"merchant_id" integer,
	"min_charge_amount" bigint DEFAULT 0 NOT NULL,
	"min_charges_count" smallint DEFAULT 0 NOT NULL,
	"discount_percent" smallint,
	"discount_amount" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"happy_start" smallint NOT NULL,
	"happy_end" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_initiator_check" CHECK ("promotions"."initiator" in ('merchant', 'company', 'payment_system')),
	CONSTRAINT "promotions_period_check" CHECK ("promotions"."starts_at" < "promotions"."ends_at"),
	CONSTRAINT "promotions_discount_check" CHECK (("promotions"."discount_percent" is null) <> ("promotions"."discount_amount" is null)
        and coalesce("promotions"."discount_percent", 0) between 0 and 100
        and coalesce("promotions"."discount_amount", 0) <= "promotions"."min_charge_amount"),
	CONSTRAINT "promotions_happy_hours_check" CHECK ("promotions"."happy_start" between 0 and 1439 and "promotions"."happy_end" between 0 and 1439 and "promotions"."happy_start" <> "promotions"."happy_end")
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"charge_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"total_limit" integer NOT NULL,
	"per_user_limit" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" between 0 and "promo_codes"."total_limit"),
	CONSTRAINT "promo_codes_period_check" CHECK ("promo_codes"."valid_from" < "promo_codes"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "promotion_stations" ADD CONSTRAINT "promotion_stations_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_stations" ADD CONSTRAINT "promotion_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_stations_station_idx" ON "promotion_stations" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_promotion_idx" ON "promotion_uses" USING btree ("promotion_id","finished_at");--> statement-breakpoint
CREATE INDEX "promotions_ends_idx" ON "promotions" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "promotions_live_idx" ON "promotions" USING btree ("status","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "promotions_merchant_idx" ON "promotions" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "promotions_end_job_idx" ON "promotions" USING btree ("ends_at") WHERE "promotions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "promotions_title_ru_trgm_idx" ON "promotions" USING gin ("title_ru" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promotions_title_en_trgm_idx" ON "promotions" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promotions_title_ky_trgm_idx" ON "promotions" USING gin ("title_ky" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_user_idx" ON "promo_code_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_codes_promotion_idx" ON "promo_codes" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "promo_codes_code_trgm_idx" ON "promo_codes" USING gin ("code" gin_trgm_ops);