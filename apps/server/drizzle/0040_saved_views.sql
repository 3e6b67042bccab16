CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"list" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_check" CHECK ("saved_views"."list" in ('charges', 'users', 'statement'))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_account_idx" ON "saved_views" USING btree ("account_id","list");--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("list") WHERE "saved_views"."shared";