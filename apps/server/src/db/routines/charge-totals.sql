-- The charges' rollups, kept by a row trigger on charges in the writing transaction (charge-totals.tables.ts,
-- station-daily-totals.tables.ts): whoever writes a charge keeps every total true. A charge's key: its Bishkek start
-- and finish days (UTC+6, epoch arithmetic: no time-zone database needed) and the filtered columns; sign is 1 to add
-- the charge, -1 to take it out.

-- The daily rollups, network-wide (in 16 shards by the charge's id, charge-totals.tables.ts) and per station.
CREATE OR REPLACE FUNCTION "charge_totals_daily_add"(c "charges", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  started_on date := (c."started_at" AT TIME ZONE 'UTC' + interval '6 hours')::date;
  finished_on date := (c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours')::date;
BEGIN
  INSERT INTO "charge_totals_daily" AS t ("day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id", "shard", "charges", "energy_wh", "turnover", "discount")
    VALUES (started_on, finished_on, c."status", c."source", c."payment_method", c."platform", c."promotion_id", c."id" % 16, sign, sign * c."energy_wh", sign * c."total_cost", sign * c."discount")
    ON CONFLICT ("day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id", "shard") DO UPDATE
    SET "charges" = t."charges" + excluded."charges", "energy_wh" = t."energy_wh" + excluded."energy_wh",
        "turnover" = t."turnover" + excluded."turnover", "discount" = t."discount" + excluded."discount";
  INSERT INTO "charge_station_totals_daily" AS t ("station_id", "day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id", "charges", "energy_wh", "turnover", "discount")
    VALUES (c."station_id", started_on, finished_on, c."status", c."source", c."payment_method", c."platform", c."promotion_id", sign, sign * c."energy_wh", sign * c."total_cost", sign * c."discount")
    ON CONFLICT ("station_id", "day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id") DO UPDATE
    SET "charges" = t."charges" + excluded."charges", "energy_wh" = t."energy_wh" + excluded."energy_wh",
        "turnover" = t."turnover" + excluded."turnover", "discount" = t."discount" + excluded."discount";
END
$$;

-- Adds the charge to the daily rollups and, once it has finished, to its Bishkek finish day and hour; a delivered
-- (finished or stopped) charge also to its station's finish day, and a day left with none loses its row, as a rebuild
-- would leave it. A running charge has no finish and no hourly row.
CREATE OR REPLACE FUNCTION "charge_totals_add"(c "charges", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  finished_local timestamp := c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours';
BEGIN
  PERFORM "charge_totals_daily_add"(c, sign);
  IF c."finished_at" IS NOT NULL THEN
    INSERT INTO "charge_totals_hourly" AS t ("finished_hour", "day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id", "shard", "charges", "energy_wh", "turnover", "discount")
      VALUES (extract(hour from finished_local)::smallint, (c."started_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, finished_local::date, c."status", c."source", c."payment_method", c."platform", c."promotion_id", c."id" % 16, sign, sign * c."energy_wh", sign * c."total_cost", sign * c."discount")
      ON CONFLICT ("finished_hour", "day", "finished_day", "status", "source", "payment_method", "platform", "promotion_id", "shard") DO UPDATE
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
$$;

CREATE OR REPLACE FUNCTION "charges_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "charge_totals_add"(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "charge_totals_add"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "charges_totals" AFTER INSERT OR DELETE ON "charges"
  FOR EACH ROW EXECUTE FUNCTION "charges_totals_apply"();

-- An update only when a column the rollups hold changes: a meter value (up to 1,000 a second at a large network's
-- peak) moves only the meter, and the condition, checked as the row is written, queues no trigger call for it.
CREATE OR REPLACE TRIGGER "charges_totals_update" AFTER UPDATE ON "charges"
  FOR EACH ROW WHEN ((NEW."station_id", NEW."started_at", NEW."finished_at", NEW."status", NEW."source", NEW."payment_method", NEW."platform", NEW."promotion_id", NEW."energy_wh", NEW."total_cost", NEW."discount")
    IS DISTINCT FROM (OLD."station_id", OLD."started_at", OLD."finished_at", OLD."status", OLD."source", OLD."payment_method", OLD."platform", OLD."promotion_id", OLD."energy_wh", OLD."total_cost", OLD."discount"))
  EXECUTE FUNCTION "charges_totals_apply"();
