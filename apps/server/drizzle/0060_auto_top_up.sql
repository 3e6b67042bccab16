CREATE TABLE "auto_top_ups" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"card_id" bigint,
	"threshold" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"stopped" varchar(20),
	"last_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_top_ups_threshold_check" CHECK ("auto_top_ups"."threshold" >= 0),
	CONSTRAINT "auto_top_ups_amount_check" CHECK ("auto_top_ups"."amount" > 0),
	CONSTRAINT "auto_top_ups_card_check" CHECK (not "auto_top_ups"."enabled" or "auto_top_ups"."card_id" is not null),
	CONSTRAINT "auto_top_ups_stopped_check" CHECK ("auto_top_ups"."stopped" is null or "auto_top_ups"."stopped" in ('card_failed', 'card_removed'))
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"profile_id" varchar(64) NOT NULL,
	"card" varchar(40) DEFAULT '' NOT NULL,
	"expires_on" date,
	"payment_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "card_id" bigint;--> statement-breakpoint
ALTER TABLE "auto_top_ups" ADD CONSTRAINT "auto_top_ups_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_top_ups" ADD CONSTRAINT "auto_top_ups_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_top_ups_enabled_idx" ON "auto_top_ups" USING btree ("user_id") WHERE "auto_top_ups"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_profile_unique" ON "saved_cards" USING btree ("provider","profile_id");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_auto_open_unique" ON "card_payments" USING btree ("user_id") WHERE "card_payments"."kind" = 'auto_top_up' and "card_payments"."status" in ('created', 'pending');--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_auto_card_check" CHECK (("card_payments"."kind" = 'auto_top_up') = ("card_payments"."card_id" is not null));