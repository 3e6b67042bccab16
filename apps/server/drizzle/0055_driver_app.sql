CREATE TABLE "app_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_hash" char(64) NOT NULL,
	"previous_hash" char(64),
	"platform" varchar(10),
	"app_version" varchar(20) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"push_provider" varchar(4),
	"push_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "app_sessions_platform_check" CHECK ("app_sessions"."platform" in ('ios', 'android', 'web')),
	CONSTRAINT "app_sessions_push_check" CHECK ("app_sessions"."push_provider" in ('fcm', 'apns'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"phone" varchar(12) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"text" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('kept', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "app_charge_starts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"connector_ocpp_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" varchar(14) DEFAULT 'pending' NOT NULL,
	"charge_id" integer
);
--> statement-breakpoint
CREATE TABLE "app_otp_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" varchar(12) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "language" varchar(2) DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_sessions" ADD CONSTRAINT "app_sessions_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_charge_starts" ADD CONSTRAINT "app_charge_starts_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_sessions_user_idx" ON "app_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_sessions_refresh_idx" ON "app_sessions" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "app_sessions_previous_idx" ON "app_sessions" USING btree ("previous_hash");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_charge_starts_open_unique" ON "app_charge_starts" USING btree ("station_id","connector_ocpp_id") WHERE "app_charge_starts"."outcome" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "app_charge_starts_user_idx" ON "app_charge_starts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_otp_codes_phone_idx" ON "app_otp_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "app_otp_codes_ip_idx" ON "app_otp_codes" USING btree ("ip","created_at");