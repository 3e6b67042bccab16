CREATE TABLE "banner_stations" (
	"banner_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "banner_stations_banner_id_station_id_pk" PRIMARY KEY("banner_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"image_path" varchar(300) NOT NULL,
	"link" varchar(500) NOT NULL,
	"button_name" varchar(40) DEFAULT '' NOT NULL,
	"button_color" varchar(7) DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"destination" varchar(16) DEFAULT '' NOT NULL,
	"merchant_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_type_check" CHECK ("banners"."type" in ('banner', 'fullscreen')),
	CONSTRAINT "banners_period_check" CHECK ("banners"."starts_at" < "banners"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "banner_stations" ADD CONSTRAINT "banner_stations_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_stations" ADD CONSTRAINT "banner_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_stations_station_idx" ON "banner_stations" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "banners_type_ends_idx" ON "banners" USING btree ("type","ends_at","id");--> statement-breakpoint
CREATE INDEX "banners_live_idx" ON "banners" USING btree ("type","status","starts_at");--> statement-breakpoint
CREATE INDEX "banners_merchant_idx" ON "banners" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "banners_archive_job_idx" ON "banners" USING btree ("ends_at") WHERE "banners"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "banners_name_trgm_idx" ON "banners" USING gin ("name" gin_trgm_ops);