DROP INDEX "app_users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "app_users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "app_users_personal_account_trgm_idx";--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name::text) || chr(1) || lower(email::text) || chr(1) || lower(personal_account::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "app_users_search_trgm_idx" ON "app_users" USING gin ("search_text" gin_trgm_ops);