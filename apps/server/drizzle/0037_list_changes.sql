CREATE TABLE "list_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(63) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_changes_name_idx" ON "list_changes" USING btree ("name");