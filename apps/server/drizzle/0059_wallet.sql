CREATE TABLE "charge_holds" (
	"charge_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"rises" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stop_requested_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "charge_holds_amount_check" CHECK ("charge_holds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"kind" varchar(12) DEFAULT 'top_up' NOT NULL,
	"order_id" varchar(40) NOT NULL,
	"provider_payment_id" varchar(64),
	"amount" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'created' NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"card" varchar(40) DEFAULT '' NOT NULL,
	"failure" varchar(500) DEFAULT '' NOT NULL,
	"idempotency_key" varchar(255),
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "card_payments_amount_check" CHECK ("card_payments"."amount" > 0),
	CONSTRAINT "card_payments_refunded_check" CHECK ("card_payments"."refunded" >= 0 and "card_payments"."refunded" <= "card_payments"."amount"),
	CONSTRAINT "card_payments_status_check" CHECK ("card_payments"."status" in ('created', 'pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "card_payments_kind_check" CHECK ("card_payments"."kind" in ('top_up', 'auto_top_up')),
	CONSTRAINT "card_payments_paid_check" CHECK (("card_payments"."status" = 'paid') = ("card_payments"."entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(200) NOT NULL,
	"account_id" integer,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refunds_amount_check" CHECK ("card_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint,
	"order_id" varchar(64) DEFAULT '' NOT NULL,
	"kind" varchar(10) NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"body" jsonb NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_kind_check" CHECK ("payment_events"."kind" in ('init', 'callback', 'status', 'refund', 'check'))
);
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_closed_by_check";--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "payment_id" bigint;--> statement-breakpoint
ALTER TABLE "charge_holds" ADD CONSTRAINT "charge_holds_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_entry_id_balance_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."balance_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_payment_id_card_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_entry_id_balance_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."balance_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_card_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_holds_open_idx" ON "charge_holds" USING btree ("user_id") WHERE "charge_holds"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_order_unique" ON "card_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_provider_id_unique" ON "card_payments" USING btree ("provider","provider_payment_id") WHERE "card_payments"."provider_payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_idempotency_unique" ON "card_payments" USING btree ("user_id","idempotency_key") WHERE "card_payments"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "card_payments_created_idx" ON "card_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "card_payments_user_idx" ON "card_payments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_payments_open_idx" ON "card_payments" USING btree ("created_at") WHERE "card_payments"."status" in ('created', 'pending');--> statement-breakpoint
CREATE INDEX "card_refunds_payment_idx" ON "card_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_payment_top_up_unique" ON "balance_entries" USING btree ("payment_id") WHERE "balance_entries"."basis" = 'top_up' and "balance_entries"."payment_id" is not null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_closed_by_check" CHECK ("charges"."closed_by" in ('charge_point', 'force', 'auto', 'balance'));