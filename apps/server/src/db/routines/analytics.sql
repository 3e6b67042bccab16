-- The dashboard's rollups (analytics.tables.ts), added to as charges end and users register; analytics_rebuild()
-- (analytics-rebuild.sql) recomputes them all.

-- The Bishkek periods (UTC+6, no daylight saving: epoch arithmetic, no time-zone database) of a local time.
CREATE OR REPLACE FUNCTION "analytics_periods"(local_at timestamp) RETURNS TABLE ("kind" varchar, "period_start" date) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('day'::varchar, local_at::date), ('week', date_trunc('week', local_at)::date),
         ('month', date_trunc('month', local_at)::date), ('year', date_trunc('year', local_at)::date)
$$;

-- Adds ended charges to every rollup: the counts keyed by the hour of the user's first finish within the period, the
-- new users by registration. Each charge is added once, when it ends.
-- Its statements keep one generic plan each (plan_cache_mode): with the ids unknown the generic plan's estimate passes
-- the custom plan of one id, so PostgreSQL otherwise planned all five afresh at every finish (about 1 ms of its CPU of
-- 2-3 ms per finish, scripts/bench-finish.ts); the ids are always looked up by the primary key, whatever their number.
CREATE OR REPLACE FUNCTION "analytics_add_ended"(ids bigint[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- One user's finishes one at a time (ordered: no deadlock between batches): a user's two days of one week added by
  -- two transactions at once would each see no other day, and two first charges moved at once would both move.
  PERFORM pg_advisory_xact_lock(16, u."user_id") FROM (
    SELECT DISTINCT c."user_id" FROM "charges" c
    WHERE c."id" = ANY(ids) AND c."finished_at" IS NOT NULL AND c."user_id" IS NOT NULL AND c."status" IN ('finished', 'stopped')
    ORDER BY 1) u;
  INSERT INTO "analytics_station_hourly" AS t ("station_id", "hour", "charges", "failed", "energy_wh", "turnover", "discount", "duration_s")
    SELECT c."station_id", date_trunc('hour', c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours'),
      count(*) FILTER (WHERE c."status" IN ('finished', 'stopped')), count(*) FILTER (WHERE c."status" NOT IN ('finished', 'stopped')),
      coalesce(sum(c."energy_wh") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(c."total_cost") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(c."discount") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(greatest(floor(extract(epoch FROM c."finished_at" - c."started_at")), 0)) FILTER (WHERE c."status" IN ('finished', 'stopped')), 0)
    FROM "charges" c WHERE c."id" = ANY(ids) AND c."finished_at" IS NOT NULL GROUP BY 1, 2
    ON CONFLICT ("station_id", "hour") DO UPDATE SET "charges" = t."charges" + excluded."charges",
      "failed" = t."failed" + excluded."failed", "energy_wh" = t."energy_wh" + excluded."energy_wh",
      "turnover" = t."turnover" + excluded."turnover", "discount" = t."discount" + excluded."discount",
      "duration_s" = t."duration_s" + excluded."duration_s";
  INSERT INTO "analytics_hourly" AS t ("merchant_id", "hour", "charges", "failed", "energy_wh", "turnover", "discount", "duration_s")
    SELECT m."merchant_id", date_trunc('hour', c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours'),
      count(*) FILTER (WHERE c."status" IN ('finished', 'stopped')), count(*) FILTER (WHERE c."status" NOT IN ('finished', 'stopped')),
      coalesce(sum(c."energy_wh") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(c."total_cost") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(c."discount") FILTER (WHERE c."status" IN ('finished', 'stopped')), 0),
      coalesce(sum(greatest(floor(extract(epoch FROM c."finished_at" - c."started_at")), 0)) FILTER (WHERE c."status" IN ('finished', 'stopped')), 0)
    FROM "charges" c JOIN "stations" s ON s."id" = c."station_id"
    CROSS JOIN LATERAL (VALUES (0), (s."merchant_id")) m("merchant_id")
    WHERE c."id" = ANY(ids) AND c."finished_at" IS NOT NULL GROUP BY 1, 2
    ON CONFLICT ("merchant_id", "hour") DO UPDATE SET "charges" = t."charges" + excluded."charges",
      "failed" = t."failed" + excluded."failed", "energy_wh" = t."energy_wh" + excluded."energy_wh",
      "turnover" = t."turnover" + excluded."turnover", "discount" = t."discount" + excluded."discount",
      "duration_s" = t."duration_s" + excluded."duration_s";
  -- Active and promotion users: a user's first finish of a day (a new day row, or an earlier finish than the row's,
  -- a charge finished out of time order) may be its first finish of the day, week, month and year: the count of the
  -- period moves to its hour from the hour of the finish counted before, if any. The statement does not see the rows
  -- its own insert adds or moves, so the user days it reads are the ones before it; the earliest of the finishes one
  -- statement adds to a period is the new first.
  WITH "days" AS (
    SELECT m."merchant_id", x."promo", c."user_id", (c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day",
      min(c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours') AS "first_at"
    FROM "charges" c JOIN "stations" s ON s."id" = c."station_id"
    CROSS JOIN LATERAL (VALUES (0), (s."merchant_id")) m("merchant_id")
    CROSS JOIN (VALUES (false), (true)) x("promo")
    WHERE c."id" = ANY(ids) AND c."finished_at" IS NOT NULL AND c."user_id" IS NOT NULL
      AND c."status" IN ('finished', 'stopped') AND (NOT x."promo" OR c."promotion_id" IS NOT NULL)
    GROUP BY 1, 2, 3, 4),
  "added" AS (
    INSERT INTO "analytics_user_days" AS t ("merchant_id", "promo", "user_id", "day", "first_at") SELECT * FROM "days"
    ON CONFLICT ("merchant_id", "promo", "user_id", "day") DO UPDATE SET "first_at" = excluded."first_at"
      WHERE excluded."first_at" < t."first_at"
    RETURNING "merchant_id", "promo", "user_id", "day", "first_at"),
  "periods" AS (
    SELECT p."kind", p."period_start", a."merchant_id", a."promo", a."user_id", min(a."first_at") AS "first_at"
    FROM "added" a CROSS JOIN LATERAL "analytics_periods"(a."day"::timestamp) p
    GROUP BY 1, 2, 3, 4, 5),
  "moves" AS (
    SELECT x.*, (
      SELECT u."first_at" FROM "analytics_user_days" u
      WHERE u."merchant_id" = x."merchant_id" AND u."promo" = x."promo" AND u."user_id" = x."user_id"
        AND u."day" >= x."period_start"
        AND u."day" < (x."period_start" + CASE x."kind" WHEN 'day' THEN interval '1 day' WHEN 'week' THEN interval '7 days'
          WHEN 'month' THEN interval '1 month' ELSE interval '1 year' END)::date
      ORDER BY u."day" LIMIT 1) AS "counted_at"
    FROM "periods" x),
  "deltas" AS (
    SELECT "kind", "period_start", "merchant_id", "promo", date_trunc('hour', "first_at") AS "first_hour", 1 AS "delta"
    FROM "moves" WHERE "counted_at" IS NULL OR "first_at" < "counted_at"
    UNION ALL
    SELECT "kind", "period_start", "merchant_id", "promo", date_trunc('hour', "counted_at"), -1
    FROM "moves" WHERE "first_at" < "counted_at")
  INSERT INTO "analytics_period_hours" AS t ("kind", "period_start", "merchant_id", "metric", "first_hour", "users")
    SELECT "kind", "period_start", "merchant_id", CASE WHEN "promo" THEN 'promo' ELSE 'active' END, "first_hour", sum("delta")
    FROM "deltas" GROUP BY 1, 2, 3, 4, 5 HAVING sum("delta") <> 0
    ON CONFLICT ("kind", "period_start", "merchant_id", "metric", "first_hour") DO UPDATE SET "users" = t."users" + excluded."users";
  -- New users: a user's first delivered charge in the network moves only to an earlier time (the smaller merchant id
  -- of two at one instant); when its merchant changes, the user's registration day leaves the old merchant's new users
  -- for the new one's (kind 'year', the registration's year; first_day the registration's Bishkek day).
  WITH "firsts" AS (
    SELECT DISTINCT ON (c."user_id") c."user_id", s."merchant_id", c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours' AS "first_at"
    FROM "charges" c JOIN "stations" s ON s."id" = c."station_id"
    WHERE c."id" = ANY(ids) AND c."finished_at" IS NOT NULL AND c."user_id" IS NOT NULL AND c."status" IN ('finished', 'stopped')
    ORDER BY c."user_id", c."finished_at", s."merchant_id"),
  "before" AS (
    SELECT t."user_id", t."merchant_id" FROM "analytics_first_charges" t JOIN "firsts" f ON f."user_id" = t."user_id"),
  "changed" AS (
    INSERT INTO "analytics_first_charges" AS t ("user_id", "merchant_id", "first_at") SELECT * FROM "firsts"
    ON CONFLICT ("user_id") DO UPDATE SET "merchant_id" = excluded."merchant_id", "first_at" = excluded."first_at"
      WHERE (excluded."first_at", excluded."merchant_id") < (t."first_at", t."merchant_id")
    RETURNING t."user_id", t."merchant_id"),
  "moves" AS (
    SELECT "user_id", "merchant_id", 1 AS "delta" FROM "changed"
    UNION ALL
    SELECT b."user_id", b."merchant_id", -1 FROM "changed" c JOIN "before" b ON b."user_id" = c."user_id")
  INSERT INTO "analytics_period_counts" AS t ("kind", "period_start", "merchant_id", "metric", "first_day", "users")
    SELECT 'year', date_trunc('year', r."day"::timestamp)::date, mv."merchant_id", 'new', r."day", sum(mv."delta")
    FROM "moves" mv JOIN "app_users" u ON u."id" = mv."user_id"
    CROSS JOIN LATERAL (SELECT (u."registered_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day") r
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(mv."delta") <> 0
    ON CONFLICT ("kind", "period_start", "merchant_id", "metric", "first_day") DO UPDATE SET "users" = t."users" + excluded."users";
END
$$;

-- Statement triggers with transition tables: a batch insert of 2,000 ended charges adds them in a few set-based
-- statements, one finish in the same few statements. The demo seed rebuilds the rollups from all its charges once
-- they are booked (analytics_rebuild()): its transactions ask, by the transaction-local setting
-- zaryad.analytics_rebuilt_after = 'on', that their inserts and finishes skip the incremental additions, which the
-- rebuild would throw away.
-- The charges ended by the statement: inserted already finished, or updated from running to finished.
CREATE OR REPLACE FUNCTION "analytics_charges_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('zaryad.analytics_rebuilt_after', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "analytics_add_ended"(ARRAY(SELECT "id" FROM "new_charges" WHERE "finished_at" IS NOT NULL));
  ELSE
    PERFORM "analytics_add_ended"(ARRAY(
      SELECT n."id" FROM "new_charges" n JOIN "old_charges" o ON o."id" = n."id"
      WHERE n."finished_at" IS NOT NULL AND o."finished_at" IS NULL));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "analytics_charges_insert" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS "new_charges"
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_charges_ended"();
CREATE OR REPLACE TRIGGER "analytics_charges_update" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS "old_charges" NEW TABLE AS "new_charges"
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_charges_ended"();

-- Registrations: the network's new users (merchant 0) per Bishkek registration day, raised by the users' inserts, so
-- that a year's new users are a sum of at most 366 rows and the cut's partial day.
CREATE OR REPLACE FUNCTION "analytics_users_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_period_counts" AS t ("kind", "period_start", "merchant_id", "metric", "first_day", "users")
    SELECT 'year', date_trunc('year', r."day"::timestamp)::date, 0, 'new', r."day", count(*)
    FROM "added_users" u CROSS JOIN LATERAL (SELECT (u."registered_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day") r
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("kind", "period_start", "merchant_id", "metric", "first_day") DO UPDATE SET "users" = t."users" + excluded."users";
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "analytics_users_added" AFTER INSERT ON "app_users" REFERENCING NEW TABLE AS "added_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_users_added"();

-- A user's registration moved (the app never does; a data fix may): the network's new users and its merchant's move
-- with it.
CREATE OR REPLACE FUNCTION "analytics_user_registered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(16, NEW."id");
  INSERT INTO "analytics_period_counts" AS t ("kind", "period_start", "merchant_id", "metric", "first_day", "users")
    SELECT 'year', date_trunc('year', d."day"::timestamp)::date, m."merchant_id", 'new', d."day", sum(d."delta")
    FROM (SELECT 0 AS "merchant_id" UNION ALL SELECT f."merchant_id" FROM "analytics_first_charges" f WHERE f."user_id" = NEW."id") m
    CROSS JOIN (VALUES
      ((OLD."registered_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, -1),
      ((NEW."registered_at" AT TIME ZONE 'UTC' + interval '6 hours')::date, 1)) d("day", "delta")
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d."delta") <> 0
    ON CONFLICT ("kind", "period_start", "merchant_id", "metric", "first_day") DO UPDATE SET "users" = t."users" + excluded."users";
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "analytics_user_registered" AFTER UPDATE OF "registered_at" ON "app_users"
  FOR EACH ROW WHEN (OLD."registered_at" IS DISTINCT FROM NEW."registered_at") EXECUTE FUNCTION "analytics_user_registered"();
