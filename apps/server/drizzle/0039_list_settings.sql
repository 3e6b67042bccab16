CREATE TABLE "list_settings" (
	"account_id" integer NOT NULL,
	"list" varchar(64) NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_settings_account_id_list_pk" PRIMARY KEY("account_id","list")
);
--> statement-breakpoint
ALTER TABLE "list_settings" ADD CONSTRAINT "list_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;