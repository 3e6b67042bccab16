-- The ledger (balance_entries) is append-only and the only way a user's balance moves: each entry's trigger moves its
-- user's balance and records the balance it left (deposit), and adds the entry to the daily totals.

-- An entry moves its user's balance and keeps the user's entries in time order: an entry dated now gets the clock's
-- time (not the transaction's start), and one dated at or before the user's newest entry goes just after it.
CREATE OR REPLACE FUNCTION "balance_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  newest timestamptz;
BEGIN
  -- The user's row lock queues concurrent entries of one user: each sees the balance the previous one left.
  UPDATE "app_users" SET "balance" = "balance" + NEW."credit" - NEW."debit", "updated_at" = now()
    WHERE "id" = NEW."user_id"
    RETURNING "balance", "status" = 1 INTO NEW."deposit", NEW."user_blocked";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'balance_entries: no app user %', NEW."user_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NEW."created_at" = transaction_timestamp() THEN
    NEW."created_at" := clock_timestamp();
  END IF;
  SELECT e."created_at" INTO newest FROM "balance_entries" e
    WHERE e."user_id" = NEW."user_id" ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1;
  IF newest IS NOT NULL AND NEW."created_at" <= newest THEN
    NEW."created_at" := newest + interval '1 microsecond';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "balance_entries_apply" BEFORE INSERT ON "balance_entries"
  FOR EACH ROW EXECUTE FUNCTION "balance_entries_apply"();

-- The ledger is append-only (append-only.sql).
CREATE OR REPLACE TRIGGER "balance_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "balance_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE OR REPLACE TRIGGER "balance_entries_no_truncate" BEFORE TRUNCATE ON "balance_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();

-- The ledger's exact rollup by Bishkek day (UTC+6, epoch arithmetic: no time-zone database needed), basis, method and
-- shard (user_id % 16), kept in the entry's own transaction; the all-users statement's total and the totals line read
-- it.
CREATE OR REPLACE FUNCTION "balance_entry_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "balance_entry_totals" AS t ("day", "basis", "method", "shard", "entries", "debit", "credit")
    VALUES ((NEW."created_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, NEW."basis", NEW."method", NEW."user_id" % 16, 1, NEW."debit", NEW."credit")
    ON CONFLICT ("day", "basis", "method", "shard") DO UPDATE
    SET "entries" = t."entries" + 1, "debit" = t."debit" + excluded."debit", "credit" = t."credit" + excluded."credit";
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "balance_entry_totals" AFTER INSERT ON "balance_entries"
  FOR EACH ROW EXECUTE FUNCTION "balance_entry_totals_apply"();

CREATE OR REPLACE FUNCTION "app_users_balance_from_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the ledger's trigger (one level down) moves a balance; a direct UPDATE of it is refused.
  IF NEW."balance" IS DISTINCT FROM OLD."balance" AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'app_users.balance changes only through balance_entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "app_users_balance_from_ledger" BEFORE UPDATE OF "balance" ON "app_users"
  FOR EACH ROW EXECUTE FUNCTION "app_users_balance_from_ledger"();

-- A user starts at a zero balance whatever the insert says; only ledger entries move it.
CREATE OR REPLACE FUNCTION "app_users_balance_starts_at_zero"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."balance" := 0;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "app_users_balance_starts_at_zero" BEFORE INSERT ON "app_users"
  FOR EACH ROW EXECUTE FUNCTION "app_users_balance_starts_at_zero"();
