-- By hand (issue 31: the demo seed's speed). finishChargesInBatch books a week of the demo year at once: thousands of
-- ledger entries whose deposits it has already computed from the balances it holds locked (SELECT ... FOR UPDATE) and
-- whose dates it already keeps after each user's newest entry. One by one, each entry's trigger updated its user's row
-- (app_users.balance is indexed: no HOT update, every index of the row rewritten, and one row updated many times in one
-- transaction slows each next update down) and added to the ledger's daily totals: most of the seed's time. Under the
-- transaction-local setting zaryad.ledger_by_batch = 'on' the entries keep the deposit, user_blocked and created_at the
-- batch gives, the daily totals are added by the batch in one statement, and the batch moves each balance once by the
-- sum of its entries, after checking in SQL that every deposit is the user's balance plus its entries so far.
-- Without the setting nothing changes: every other writer of the ledger goes through the trigger as before.
CREATE OR REPLACE FUNCTION "balance_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  newest timestamptz;
BEGIN
  IF current_setting('zaryad.ledger_by_batch', true) = 'on' THEN
    RETURN NEW;
  END IF;
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "balance_entry_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('zaryad.ledger_by_batch', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "balance_entry_totals" AS t ("day", "basis", "method", "shard", "entries", "debit", "credit")
    VALUES ((NEW."created_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, NEW."basis", NEW."method", NEW."user_id" % 16, 1, NEW."debit", NEW."credit")
    ON CONFLICT ("day", "basis", "method", "shard") DO UPDATE
    SET "entries" = t."entries" + 1, "debit" = t."debit" + excluded."debit", "credit" = t."credit" + excluded."credit";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "app_users_balance_from_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the ledger's trigger (one level down), or the ledger's batch (above), moves a balance; a direct UPDATE of it
  -- is refused.
  IF NEW."balance" IS DISTINCT FROM OLD."balance" AND pg_trigger_depth() < 2
     AND current_setting('zaryad.ledger_by_batch', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'app_users.balance changes only through balance_entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The demo seed rebuilds the dashboard's rollups from all its charges once they are booked (the analytics seed,
-- analytics_rebuild()): its batches ask, by the transaction-local setting zaryad.analytics_rebuilt_after = 'on', that
-- their inserts skip the incremental additions, which it would throw away.
CREATE OR REPLACE FUNCTION "analytics_charges_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('zaryad.analytics_rebuilt_after', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM "analytics_add_ended"(ARRAY(SELECT "id" FROM "new_charges" WHERE "finished_at" IS NOT NULL));
  RETURN NULL;
END
$$;
