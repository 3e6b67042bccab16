CREATE TABLE "charge_point_local_lists" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"supported" boolean,
	"version" integer,
	"from_network" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_auth_list" (
	"id_tag" varchar(20) PRIMARY KEY NOT NULL,
	"status" varchar(8),
	"version" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_auth_list_status_check" CHECK ("local_auth_list"."status" in ('Accepted', 'Blocked'))
);
--> statement-breakpoint
CREATE TABLE "local_auth_list_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "local_auth_list_version_one_row" CHECK ("local_auth_list_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "charge_point_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"connector_id" smallint NOT NULL,
	"id_tag" varchar(20) NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"status" varchar(10) NOT NULL,
	"charge_id" bigint,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_point_reservations_status_check" CHECK ("charge_point_reservations"."status" in ('active', 'used', 'cancelled', 'expired', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "charge_point_local_lists" ADD CONSTRAINT "charge_point_local_lists_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_reservations" ADD CONSTRAINT "charge_point_reservations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_reservations" ADD CONSTRAINT "charge_point_reservations_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_reservations" ADD CONSTRAINT "charge_point_reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_auth_list_version_idx" ON "local_auth_list" USING btree ("version");--> statement-breakpoint
CREATE INDEX "charge_point_reservations_station_idx" ON "charge_point_reservations" USING btree ("station_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_point_reservations_active_idx" ON "charge_point_reservations" USING btree ("station_id","connector_id") WHERE "charge_point_reservations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "charge_point_reservations_expiry_idx" ON "charge_point_reservations" USING btree ("expires_at") WHERE "charge_point_reservations"."status" = 'active';--> statement-breakpoint
INSERT INTO "local_auth_list_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
INSERT INTO "local_auth_list" ("id_tag", "status", "version")
  SELECT t."id_tag", CASE WHEN u."status" = 0 THEN 'Accepted' ELSE 'Blocked' END, 1
  FROM "user_id_tags" t JOIN "app_users" u ON u."id" = t."user_id" WHERE t."kind" = 'rfid';
