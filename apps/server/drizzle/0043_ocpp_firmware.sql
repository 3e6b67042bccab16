CREATE TABLE "charge_point_diagnostics_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"file_name" varchar(100) NOT NULL,
	"path" varchar(200) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_point_firmware_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(100) NOT NULL,
	"version" varchar(50),
	"path" varchar(200) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_point_firmware_progress" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"firmware_status" varchar(20),
	"firmware_status_at" timestamp with time zone,
	"requested_firmware_id" integer,
	"firmware_requested_at" timestamp with time zone,
	"retrieve_date" timestamp with time zone,
	"diagnostics_status" varchar(20),
	"diagnostics_status_at" timestamp with time zone,
	"diagnostics_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "charge_point_diagnostics_files" ADD CONSTRAINT "charge_point_diagnostics_files_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_firmware_files" ADD CONSTRAINT "charge_point_firmware_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_firmware_progress" ADD CONSTRAINT "charge_point_firmware_progress_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_firmware_progress" ADD CONSTRAINT "charge_point_firmware_progress_requested_firmware_id_charge_point_firmware_files_id_fk" FOREIGN KEY ("requested_firmware_id") REFERENCES "public"."charge_point_firmware_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_point_diagnostics_files_station_idx" ON "charge_point_diagnostics_files" USING btree ("station_id","created_at","id");--> statement-breakpoint
CREATE INDEX "charge_point_firmware_files_created_idx" ON "charge_point_firmware_files" USING btree ("created_at","id");