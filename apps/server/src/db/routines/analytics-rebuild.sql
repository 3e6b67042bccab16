-- Recomputes every dashboard rollup from the charges and the users (npm run analytics:rebuild, and the demo seed
-- after booking its year).
CREATE OR REPLACE FUNCTION "analytics_rebuild"() RETURNS void LANGUAGE plpgsql
  SET work_mem = '256MB' SET maintenance_work_mem = '512MB' AS $$
BEGIN
  TRUNCATE "analytics_station_hourly", "analytics_hourly", "analytics_user_days", "analytics_period_hours", "analytics_period_counts",
    "analytics_first_charges";
  INSERT INTO "analytics_station_hourly" ("station_id", "hour", "charges", "failed", "energy_wh", "turnover", "discount", "duration_s")
    SELECT c."station_id", date_trunc('hour', c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours'),
      count(*) FILTER (WHERE c."status" IN ('finished', 'stopped')), count(*) FILTER (WHERE c."status" NOT IN ('finished', 'stopped')),
      coalesce(sum(c."energy_wh") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(c."total_cost") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(c."discount") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(greatest(floor(extract(epoch FROM c."finished_at" - c."started_at")), 0)) FILTER (WHERE c."status" IN ('finished', 'stopped')), 0)
    FROM "charges" c WHERE c."finished_at" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2;
  INSERT INTO "analytics_hourly" ("merchant_id", "hour", "charges", "failed", "energy_wh", "turnover", "discount", "duration_s")
    WITH "merchant_hours" AS (
      SELECT s."merchant_id", h."hour", sum(h."charges") AS "charges", sum(h."failed") AS "failed", sum(h."energy_wh") AS "energy_wh",
        sum(h."turnover") AS "turnover", sum(h."discount") AS "discount", sum(h."duration_s") AS "duration_s"
      FROM "analytics_station_hourly" h JOIN "stations" s ON s."id" = h."station_id" GROUP BY 1, 2)
    SELECT * FROM "merchant_hours"
    UNION ALL
    SELECT 0, "hour", sum("charges"), sum("failed"), sum("energy_wh"), sum("turnover"), sum("discount"), sum("duration_s")
    FROM "merchant_hours" GROUP BY 2
    ORDER BY 1, 2;
  -- One row per merchant (0: the network), user and Bishkek day with a delivered charge: whether one had a promotion, the
  -- first finish (and first finish with a promotion), and the user's previous day there (and previous promotion day). A
  -- day holds the user's first finish of its week, month or year there when the previous day is before the period's
  -- start; the first of all is the first charge.
  -- Grouped by sorting on the window's order (one sort per scope, parallel in CREATE TABLE AS).
  CREATE TEMP TABLE "analytics_rebuild_days" ON COMMIT DROP AS
    SELECT d.*, max(d."day") OVER w AS "previous_day", max(d."day") FILTER (WHERE d."promo") OVER w AS "previous_promo_day"
    FROM (
      SELECT s."merchant_id", c."user_id", (c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day",
        bool_or(c."promotion_id" IS NOT NULL) AS "promo", min(c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours') AS "first_at",
        min(c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours') FILTER (WHERE c."promotion_id" IS NOT NULL) AS "promo_first_at"
      FROM "charges" c JOIN "stations" s ON s."id" = c."station_id"
      WHERE c."finished_at" IS NOT NULL AND c."user_id" IS NOT NULL AND c."status" IN ('finished', 'stopped')
      GROUP BY 1, 2, 3) d
    WINDOW w AS (PARTITION BY d."merchant_id", d."user_id" ORDER BY d."day" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
    UNION ALL
    SELECT 0, d.*, max(d."day") OVER w, max(d."day") FILTER (WHERE d."promo") OVER w
    FROM (
      SELECT c."user_id", (c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day",
        bool_or(c."promotion_id" IS NOT NULL) AS "promo", min(c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours') AS "first_at",
        min(c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours') FILTER (WHERE c."promotion_id" IS NOT NULL) AS "promo_first_at"
      FROM "charges" c
      WHERE c."finished_at" IS NOT NULL AND c."user_id" IS NOT NULL AND c."status" IN ('finished', 'stopped')
      GROUP BY 1, 2) d
    WINDOW w AS (PARTITION BY d."user_id" ORDER BY d."day" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
  -- The user days without their key, which is built once at the end.
  ALTER TABLE "analytics_user_days" DROP CONSTRAINT "analytics_user_days_merchant_id_promo_user_id_day_pk";
  INSERT INTO "analytics_user_days" ("merchant_id", "promo", "user_id", "day", "first_at")
    SELECT "merchant_id", false, "user_id", "day", "first_at" FROM "analytics_rebuild_days"
    UNION ALL
    SELECT "merchant_id", true, "user_id", "day", "promo_first_at" FROM "analytics_rebuild_days" WHERE "promo";
  ALTER TABLE "analytics_user_days" ADD CONSTRAINT "analytics_user_days_merchant_id_promo_user_id_day_pk"
    PRIMARY KEY ("merchant_id", "promo", "user_id", "day");
  -- Active and promotion users: per merchant and hour of a first finish of a day, how many users' first finish of that
  -- day, week, month and year it is (a few hundred thousand groups), one row per period and hour.
  INSERT INTO "analytics_period_hours" ("kind", "period_start", "merchant_id", "metric", "first_hour", "users")
    WITH "firsts" AS (
      SELECT d."merchant_id", 'active' AS "metric", d."day", d."first_at", d."previous_day" FROM "analytics_rebuild_days" d
      UNION ALL
      SELECT d."merchant_id", 'promo', d."day", d."promo_first_at", d."previous_promo_day" FROM "analytics_rebuild_days" d
      WHERE d."promo"),
    "per_hour" AS (
      SELECT f."merchant_id", f."metric", date_trunc('hour', f."first_at") AS "hour", f."day", p."week", p."month", p."year",
        count(*) AS "users_day",
        count(*) FILTER (WHERE f."previous_day" IS NULL OR f."previous_day" < p."week") AS "users_week",
        count(*) FILTER (WHERE f."previous_day" IS NULL OR f."previous_day" < p."month") AS "users_month",
        count(*) FILTER (WHERE f."previous_day" IS NULL OR f."previous_day" < p."year") AS "users_year"
      FROM "firsts" f CROSS JOIN LATERAL (
        SELECT date_trunc('week', f."day"::timestamp)::date AS "week", date_trunc('month', f."day"::timestamp)::date AS "month",
          date_trunc('year', f."day"::timestamp)::date AS "year") p
      GROUP BY 1, 2, 3, 4, 5, 6, 7)
    SELECT k."kind", k."period_start", h."merchant_id", h."metric", h."hour", k."users"
    FROM "per_hour" h CROSS JOIN LATERAL (VALUES
      ('day', h."day", h."users_day"), ('week', h."week", h."users_week"),
      ('month', h."month", h."users_month"), ('year', h."year", h."users_year")
    ) k("kind", "period_start", "users")
    WHERE k."users" > 0;
  -- A user's first delivered charge in the network: the earliest first finish of its first days at the merchants.
  INSERT INTO "analytics_first_charges" ("user_id", "merchant_id", "first_at")
    SELECT DISTINCT ON ("user_id") "user_id", "merchant_id", "first_at" FROM "analytics_rebuild_days"
    WHERE "merchant_id" <> 0 AND "previous_day" IS NULL ORDER BY "user_id", "first_at", "merchant_id";
  INSERT INTO "analytics_period_counts" ("kind", "period_start", "merchant_id", "metric", "first_day", "users")
    SELECT 'year', date_trunc('year', r."day"::timestamp)::date, f."merchant_id", 'new', r."day", count(*)
    FROM "analytics_first_charges" f JOIN "app_users" u ON u."id" = f."user_id"
    CROSS JOIN LATERAL (SELECT (u."registered_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day") r
    GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "analytics_period_counts" ("kind", "period_start", "merchant_id", "metric", "first_day", "users")
    SELECT 'year', date_trunc('year', r."day"::timestamp)::date, 0, 'new', r."day", count(*)
    FROM "app_users" u CROSS JOIN LATERAL (SELECT (u."registered_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day") r
    GROUP BY 1, 2, 3, 4, 5;
  DROP TABLE "analytics_rebuild_days";
END
$$;
