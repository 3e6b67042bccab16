DROP INDEX "stations_app_near_idx";--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "latitude_deg" double precision GENERATED ALWAYS AS (latitude::float8) STORED;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "longitude_deg" double precision GENERATED ALWAYS AS (longitude::float8) STORED;--> statement-breakpoint
CREATE INDEX "stations_app_near_idx" ON "stations" USING btree ("latitude_deg","longitude_deg") WHERE "stations"."status" = 0;