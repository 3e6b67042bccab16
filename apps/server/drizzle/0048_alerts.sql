CREATE TABLE "alert_rules" (
	"rule" varchar(32) PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"severity" varchar(10) NOT NULL,
	"thresholds" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "alert_rules_severity_check" CHECK ("alert_rules"."severity" in ('critical', 'warning', 'info'))
);
--> statement-breakpoint
CREATE TABLE "alert_signals" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"event" varchar(14) NOT NULL,
	"account_id" integer,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_events_event_check" CHECK ("incident_events"."event" in ('opened', 'repeated', 'acknowledged', 'assigned', 'resolved', 'reopened'))
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule" varchar(32) NOT NULL,
	"severity" varchar(10) NOT NULL,
	"status" varchar(14) DEFAULT 'open' NOT NULL,
	"station_id" integer,
	"connector_id" smallint,
	"charge_id" bigint,
	"user_id" integer,
	"merchant_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_note" varchar(500),
	"assigned_to" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" varchar(8),
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('open', 'acknowledged', 'resolved')),
	CONSTRAINT "incidents_severity_check" CHECK ("incidents"."severity" in ('critical', 'warning', 'info')),
	CONSTRAINT "incidents_resolution_check" CHECK ("incidents"."resolution" in ('manual', 'cleared')),
	CONSTRAINT "incidents_resolved_check" CHECK (("incidents"."status" = 'resolved') = ("incidents"."resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_acknowledged_by_accounts_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_assigned_to_accounts_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_resolved_by_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_signals_created_idx" ON "alert_signals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "incident_events_incident_idx" ON "incident_events" USING btree ("incident_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_unresolved_unique" ON "incidents" USING btree ("rule",coalesce("station_id", 0),coalesce("connector_id", -1),coalesce("charge_id", 0)) WHERE "incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "incidents_last_seen_idx" ON "incidents" USING btree ("last_seen_at","id");--> statement-breakpoint
CREATE INDEX "incidents_status_idx" ON "incidents" USING btree ("status","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "incidents_station_idx" ON "incidents" USING btree ("station_id","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "incidents_merchant_idx" ON "incidents" USING btree ("merchant_id","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "incidents_assigned_idx" ON "incidents" USING btree ("assigned_to","last_seen_at","id");