-- list_versions: one version per listed table, moved by a statement trigger on every write that can change what its
-- list shows; a list count is remembered against the version it was counted at (platform/list-query.ts).
-- A table's version is its list_versions row plus its rows in list_changes. Each writing statement inserts a row of its
-- own there (issue 32): updating the one shared row made every charge start and finish wait for the transaction before
-- it to commit. A job folds the change rows into list_versions (platform/list-versions.ts), the sum unchanged.
CREATE OR REPLACE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_changes" ("name") VALUES (TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "accounts_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
CREATE OR REPLACE TRIGGER "rates_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
CREATE OR REPLACE TRIGGER "rental_partners_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rental_partners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
CREATE OR REPLACE TRIGGER "surroundings_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "surroundings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
CREATE OR REPLACE TRIGGER "tags_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
CREATE OR REPLACE TRIGGER "merchants_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
CREATE OR REPLACE TRIGGER "stations_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();

-- Users' counts stay remembered while only balances move (each top-up and charge moves one): a list filtered by
-- balance is counted afresh each time instead (users.service.ts).
CREATE OR REPLACE TRIGGER "app_users_list_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "personal_account", "name", "phone", "email", "gender", "birthday", "registered_at", "status" ON "app_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();

CREATE OR REPLACE TRIGGER "charges_list_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "user_id", "station_id", "source", "platform", "started_at", "finished_at", "promotion_id", "payment_method", "status" ON "charges"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"();
