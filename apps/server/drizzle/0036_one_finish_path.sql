-- By hand (issue 32: one charges engine, one rollup mechanism). Every charge now finishes through the engine's
-- finishCharge, the demo seed and the benchmarks included, so the batch's by-passes go: the ledger's triggers and the
-- charges' rollup trigger no longer stand aside under zaryad.ledger_by_batch or zaryad.charge_totals_by_batch. And
-- station_daily_totals, which the engine upserted itself, is kept by the charges' rollup trigger with the other charge
-- rollups, in the writing transaction: whoever writes a charge (the engine, the stale-charge job, a restore, a fix by
-- hand) keeps every total true. A station day holds the delivered (finished or stopped) charges by their Bishkek
-- finish day; a day left with none loses its row, as a rebuild would leave it.
CREATE OR REPLACE FUNCTION "charge_totals_add"(c "charges", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  finished_local timestamp := c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours';
BEGIN
  PERFORM "charge_totals_daily_add"(c, sign);
  IF c."finished_at" IS NOT NULL THEN
    INSERT INTO "charge_totals_hourly" AS t ("finished_hour", "day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id", "charges", "energy_wh", "turnover", "discount")
      VALUES (extract(hour from finished_local)::smallint, (c."started_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, finished_local::date, c."status", c."source", c."payment_method", c."platform", c."promotion_id", sign, sign * c."energy_wh", sign * c."total_cost", sign * c."discount")
      ON CONFLICT ("finished_hour", "day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id") DO UPDATE
      SET "charges" = t."charges" + excluded."charges", "energy_wh" = t."energy_wh" + excluded."energy_wh",
          "turnover" = t."turnover" + excluded."turnover", "discount" = t."discount" + excluded."discount";
  END IF;
  IF c."status" IN ('finished', 'stopped') THEN
    INSERT INTO "station_daily_totals" AS t ("station_id", "day", "charges", "energy_kwh", "turnover")
      VALUES (c."station_id", finished_local::date, sign, sign * c."energy_wh"::numeric / 1000, sign * c."total_cost"::numeric / 100)
      ON CONFLICT ("station_id", "day") DO UPDATE
      SET "charges" = t."charges" + excluded."charges", "energy_kwh" = t."energy_kwh" + excluded."energy_kwh",
          "turnover" = t."turnover" + excluded."turnover";
    IF sign < 0 THEN
      DELETE FROM "station_daily_totals"
        WHERE "station_id" = c."station_id" AND "day" = finished_local::date AND "charges" = 0;
    END IF;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "charges_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A meter value moves only the meter: nothing the rollups hold changes.
  IF TG_OP = 'UPDATE' AND (NEW."station_id", NEW."started_at", NEW."finished_at", NEW."status", NEW."source", NEW."payment_method", NEW."platform", NEW."promotion_id", NEW."energy_wh", NEW."total_cost", NEW."discount")
      IS NOT DISTINCT FROM (OLD."station_id", OLD."started_at", OLD."finished_at", OLD."status", OLD."source", OLD."payment_method", OLD."platform", OLD."promotion_id", OLD."energy_wh", OLD."total_cost", OLD."discount") THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "charge_totals_add"(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "charge_totals_add"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The ledger's triggers as migrations 0033, 0015 and 0012 had them, before the batch's by-pass (0035).
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "balance_entry_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "balance_entry_totals" AS t ("day", "basis", "method", "shard", "entries", "debit", "credit")
    VALUES ((NEW."created_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, NEW."basis", NEW."method", NEW."user_id" % 16, 1, NEW."debit", NEW."credit")
    ON CONFLICT ("day", "basis", "method", "shard") DO UPDATE
    SET "entries" = t."entries" + 1, "debit" = t."debit" + excluded."debit", "credit" = t."credit" + excluded."credit";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "app_users_balance_from_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the ledger's trigger (one level down) moves a balance; a direct UPDATE of it is refused.
  IF NEW."balance" IS DISTINCT FROM OLD."balance" AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'app_users.balance changes only through balance_entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The demo seed rebuilds the dashboard's rollups from all its charges once they are booked (the analytics seed,
-- analytics_rebuild()): its transactions ask, by the transaction-local setting zaryad.analytics_rebuilt_after = 'on'
-- (as for inserts since 0035), that its finishes skip the incremental additions, which the rebuild would throw away.
CREATE OR REPLACE FUNCTION "analytics_charges_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('zaryad.analytics_rebuilt_after', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM "analytics_add_ended"(ARRAY(
    SELECT n."id" FROM "new_charges" n JOIN "old_charges" o ON o."id" = n."id"
    WHERE n."finished_at" IS NOT NULL AND o."finished_at" IS NULL));
  RETURN NULL;
END
$$;
