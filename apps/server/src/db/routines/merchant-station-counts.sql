-- The merchant list shows each merchant's station counts; keeping them on the merchants row lets the merchants module
-- answer them without knowing the stations table (stations belong to merchants, not the reverse). Inserts and
-- deletes are counted per statement from the transition table both triggers name "changed_stations" (one UPDATE per
-- merchant however many stations a statement writes), added on insert and taken away on delete; an update counts
-- only when a station changes status or merchant. inactive is stations_count - active_stations_count (a station's
-- status is 0 or 1).
CREATE OR REPLACE FUNCTION "merchant_station_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE "merchants" AS "merchant"
  SET "stations_count" = "merchant"."stations_count" + sign * "delta"."total",
      "active_stations_count" = "merchant"."active_stations_count" + sign * "delta"."active"
  FROM (
    SELECT "merchant_id", count(*)::int AS "total", (count(*) FILTER (WHERE "status" = 0))::int AS "active"
    FROM "changed_stations" GROUP BY "merchant_id"
  ) AS "delta"
  WHERE "merchant"."id" = "delta"."merchant_id";
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "merchant_station_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."merchant_id" = NEW."merchant_id" THEN
    UPDATE "merchants"
    SET "active_stations_count" = "active_stations_count" + (NEW."status" = 0)::int - (OLD."status" = 0)::int
    WHERE "id" = NEW."merchant_id";
  ELSE
    UPDATE "merchants"
    SET "stations_count" = "stations_count" - 1, "active_stations_count" = "active_stations_count" - (OLD."status" = 0)::int
    WHERE "id" = OLD."merchant_id";
    UPDATE "merchants"
    SET "stations_count" = "stations_count" + 1, "active_stations_count" = "active_stations_count" + (NEW."status" = 0)::int
    WHERE "id" = NEW."merchant_id";
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "merchant_station_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchants" SET "stations_count" = 0, "active_stations_count" = 0 WHERE "stations_count" <> 0;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "stations_merchant_counts_insert" AFTER INSERT ON "stations" REFERENCING NEW TABLE AS "changed_stations" FOR EACH STATEMENT EXECUTE FUNCTION "merchant_station_counts_apply"();
CREATE OR REPLACE TRIGGER "stations_merchant_counts_delete" AFTER DELETE ON "stations" REFERENCING OLD TABLE AS "changed_stations" FOR EACH STATEMENT EXECUTE FUNCTION "merchant_station_counts_apply"();
CREATE OR REPLACE TRIGGER "stations_merchant_counts_update" AFTER UPDATE OF "status", "merchant_id" ON "stations" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id") EXECUTE FUNCTION "merchant_station_counts_update"();
CREATE OR REPLACE TRIGGER "stations_merchant_counts_truncate" AFTER TRUNCATE ON "stations" FOR EACH STATEMENT EXECUTE FUNCTION "merchant_station_counts_truncate"();
