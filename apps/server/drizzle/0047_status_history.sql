-- The charge points' status history (issue 35). Started here from what is known now: each connector's last
-- StatusNotification at its time, and a 'connected' row for each charge point with an open websocket, so that the
-- history's first change has a state before it.
CREATE TABLE "charge_point_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"connector_id" smallint DEFAULT 0 NOT NULL,
	"kind" varchar(12) NOT NULL,
	"status" varchar(16),
	"error_code" varchar(32),
	"info" varchar(50),
	"vendor_error_code" varchar(50),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_point_status_history" ADD CONSTRAINT "charge_point_status_history_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_point_status_history_station_idx" ON "charge_point_status_history" USING btree ("station_id","at");
--> statement-breakpoint
INSERT INTO "charge_point_status_history" ("station_id", "connector_id", "kind", "status", "error_code", "info", "vendor_error_code", "at")
SELECT "station_id", "connector_id", 'status', "status", "error_code", "info", "vendor_error_code", "reported_at" FROM "charge_point_connectors";
--> statement-breakpoint
INSERT INTO "charge_point_status_history" ("station_id", "connector_id", "kind", "at")
SELECT "station_id", 0, 'connected', "connected_at" FROM "charge_points" WHERE "connected_at" IS NOT NULL;
