CREATE TABLE "evse_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"evse_id" smallint NOT NULL,
	"label" varchar(20) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_connectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"evse_module_id" integer NOT NULL,
	"evse_id" smallint NOT NULL,
	"connector_id" smallint NOT NULL,
	"ocpp_16_id" smallint NOT NULL,
	"typo" varchar(32) NOT NULL,
	"position" smallint DEFAULT 1 NOT NULL,
	"power_kwh" numeric(7, 2) DEFAULT '0' NOT NULL,
	"cable_length" smallint,
	"custom_fee" numeric(7, 2),
	CONSTRAINT "station_connectors_cable_length_check" CHECK ("station_connectors"."cable_length" is null or "station_connectors"."cable_length" > 0)
);
--> statement-breakpoint
CREATE TABLE "station_environment" (
	"station_id" integer NOT NULL,
	"surrounding_id" integer NOT NULL,
	CONSTRAINT "station_environment_station_id_surrounding_id_pk" PRIMARY KEY("station_id","surrounding_id")
);
--> statement-breakpoint
CREATE TABLE "station_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"path" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_media_kind_check" CHECK ("station_media"."kind" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "station_tags" (
	"station_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "station_tags_station_id_tag_id_pk" PRIMARY KEY("station_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"identity" varchar(48) NOT NULL,
	"password_sealed" text NOT NULL,
	"pic" varchar(80) NOT NULL,
	"name_ru" varchar(80) NOT NULL,
	"name_en" varchar(80) NOT NULL,
	"name_ky" varchar(80) NOT NULL,
	"address_ru" varchar(50) DEFAULT '' NOT NULL,
	"address_en" varchar(50) DEFAULT '' NOT NULL,
	"address_ky" varchar(50) DEFAULT '' NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manufacturer" varchar(50) DEFAULT '' NOT NULL,
	"execution_type" varchar(10) NOT NULL,
	"is_gas_station" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"country_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"avatar_path" varchar(255),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_execution_type_check" CHECK ("stations"."execution_type" in ('wall', 'floor', 'mobile')),
	CONSTRAINT "stations_status_check" CHECK ("stations"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "evse_modules" ADD CONSTRAINT "evse_modules_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_connectors" ADD CONSTRAINT "station_connectors_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_connectors" ADD CONSTRAINT "station_connectors_evse_module_id_evse_modules_id_fk" FOREIGN KEY ("evse_module_id") REFERENCES "public"."evse_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_connectors" ADD CONSTRAINT "station_connectors_typo_connector_types_key_fk" FOREIGN KEY ("typo") REFERENCES "public"."connector_types"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_environment" ADD CONSTRAINT "station_environment_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_environment" ADD CONSTRAINT "station_environment_surrounding_id_surroundings_id_fk" FOREIGN KEY ("surrounding_id") REFERENCES "public"."surroundings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_media" ADD CONSTRAINT "station_media_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_tags" ADD CONSTRAINT "station_tags_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_tags" ADD CONSTRAINT "station_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_city_id_settlements_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evse_modules_station_idx" ON "evse_modules" USING btree ("station_id","evse_id");--> statement-breakpoint
CREATE INDEX "station_connectors_station_idx" ON "station_connectors" USING btree ("station_id","ocpp_16_id");--> statement-breakpoint
CREATE INDEX "station_connectors_module_idx" ON "station_connectors" USING btree ("evse_module_id");--> statement-breakpoint
CREATE INDEX "station_connectors_typo_idx" ON "station_connectors" USING btree ("typo");--> statement-breakpoint
CREATE INDEX "station_environment_surrounding_idx" ON "station_environment" USING btree ("surrounding_id");--> statement-breakpoint
CREATE INDEX "station_media_station_idx" ON "station_media" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "station_tags_tag_idx" ON "station_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_identity_lower_idx" ON "stations" USING btree (lower("identity"));--> statement-breakpoint
CREATE INDEX "stations_merchant_idx" ON "stations" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE INDEX "stations_status_idx" ON "stations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "stations_city_idx" ON "stations" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "stations_country_idx" ON "stations" USING btree ("country_id");