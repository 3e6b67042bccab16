CREATE TABLE "referral_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"inviter_bonus" bigint DEFAULT 0 NOT NULL,
	"invited_bonus" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_single_row_check" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_bonus_check" CHECK ("referral_settings"."inviter_bonus" >= 0 and "referral_settings"."invited_bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"invited_user_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"rewarded_at" timestamp with time zone,
	"charge_id" bigint,
	"inviter_bonus" bigint,
	"invited_bonus" bigint,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'rewarded')),
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."inviter_user_id" <> "referrals"."invited_user_id"),
	CONSTRAINT "referrals_reward_check" CHECK (("referrals"."status" = 'pending' and "referrals"."rewarded_at" is null) or ("referrals"."status" = 'rewarded' and "referrals"."rewarded_at" is not null and "referrals"."inviter_bonus" >= 0 and "referrals"."invited_bonus" >= 0))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_user_id_app_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invited_user_id_app_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invited_unique" ON "referrals" USING btree ("invited_user_id");--> statement-breakpoint
CREATE INDEX "referrals_registered_idx" ON "referrals" USING btree ("registered_at","id");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","registered_at","id");--> statement-breakpoint
CREATE INDEX "referrals_rewarded_idx" ON "referrals" USING btree ("rewarded_at");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_user_id","registered_at","id");