CREATE TABLE "list_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(63) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_changes_name_idx" ON "list_changes" USING btree ("name");--> statement-breakpoint
-- A list's version is its list_versions row plus its list_changes rows (src/db/routines/list-versions.sql): every listed
-- table gets its row now, so that its counts are remembered from its first write on.
INSERT INTO "list_versions" ("name", "version") VALUES
  ('accounts', 0), ('rates', 0), ('rental_partners', 0), ('surroundings', 0), ('tags', 0), ('merchants', 0),
  ('stations', 0), ('app_users', 0), ('charges', 0)
ON CONFLICT ("name") DO NOTHING;
