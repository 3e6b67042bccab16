CREATE TABLE "charge_point_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"account_id" integer,
	"action" varchar(32) NOT NULL,
	"request" jsonb NOT NULL,
	"status" varchar(16) NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "charge_point_commands_status_check" CHECK ("charge_point_commands"."status" in ('accepted', 'rejected', 'timeout', 'not_connected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "charge_point_connectors" (
	"station_id" integer NOT NULL,
	"connector_id" smallint NOT NULL,
	"status" varchar(16) NOT NULL,
	"error_code" varchar(32) DEFAULT 'NoError' NOT NULL,
	"info" varchar(50),
	"vendor_error_code" varchar(50),
	"power_w" integer,
	"meter_wh" bigint,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_point_connectors_station_id_connector_id_pk" PRIMARY KEY("station_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "charge_points" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"vendor" varchar(20),
	"model" varchar(20),
	"serial_number" varchar(25),
	"firmware_version" varchar(50),
	"heartbeat_interval_s" integer DEFAULT 300 NOT NULL,
	"booted_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"connected_process" varchar(36)
);
--> statement-breakpoint
ALTER TABLE "charge_point_commands" ADD CONSTRAINT "charge_point_commands_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_commands" ADD CONSTRAINT "charge_point_commands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_connectors" ADD CONSTRAINT "charge_point_connectors_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_points" ADD CONSTRAINT "charge_points_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_point_commands_station_idx" ON "charge_point_commands" USING btree ("station_id","created_at","id");