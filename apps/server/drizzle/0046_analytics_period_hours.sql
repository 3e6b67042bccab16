-- The active and promotion users of a period by the hour of the user's first finish in it (analytics_period_hours),
-- so that a period in progress counts the users up to its cut's hour from the rollups and probes only the cut's
-- partial hour's users: the user days gain their first finish, the counts move from analytics_period_counts (which
-- keeps the new users). Backfilled here from the charges and the user days (routines/analytics-rebuild.sql computes
-- the same).
CREATE TABLE "analytics_period_hours" (
	"kind" varchar(5) NOT NULL,
	"period_start" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"metric" varchar(6) NOT NULL,
	"first_hour" timestamp NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_period_hours_kind_period_start_merchant_id_metric_first_hour_pk" PRIMARY KEY("kind","period_start","merchant_id","metric","first_hour")
);
--> statement-breakpoint
ALTER TABLE "analytics_user_days" ADD COLUMN "first_at" timestamp;
--> statement-breakpoint
UPDATE "analytics_user_days" u SET "first_at" = f."first_at" FROM (
  SELECT m."merchant_id", x."promo", c."user_id", (c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours')::date AS "day",
    min(c."finished_at" AT TIME ZONE 'UTC' + interval '6 hours') AS "first_at"
  FROM "charges" c JOIN "stations" s ON s."id" = c."station_id"
  CROSS JOIN LATERAL (VALUES (0), (s."merchant_id")) m("merchant_id")
  CROSS JOIN (VALUES (false), (true)) x("promo")
  WHERE c."finished_at" IS NOT NULL AND c."user_id" IS NOT NULL AND c."status" IN ('finished', 'stopped')
    AND (NOT x."promo" OR c."promotion_id" IS NOT NULL)
  GROUP BY 1, 2, 3, 4) f
WHERE u."merchant_id" = f."merchant_id" AND u."promo" = f."promo" AND u."user_id" = f."user_id" AND u."day" = f."day";
--> statement-breakpoint
DELETE FROM "analytics_user_days" WHERE "first_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "analytics_user_days" ALTER COLUMN "first_at" SET NOT NULL;
--> statement-breakpoint
INSERT INTO "analytics_period_hours" ("kind", "period_start", "merchant_id", "metric", "first_hour", "users")
  SELECT k."kind", k."period_start", d."merchant_id", CASE WHEN d."promo" THEN 'promo' ELSE 'active' END,
    date_trunc('hour', d."first_at"), count(*)
  FROM (
    SELECT u.*, lag(u."day") OVER (PARTITION BY u."merchant_id", u."promo", u."user_id" ORDER BY u."day") AS "previous_day"
    FROM "analytics_user_days" u) d
  CROSS JOIN LATERAL (VALUES ('day', d."day"), ('week', date_trunc('week', d."day"::timestamp)::date),
    ('month', date_trunc('month', d."day"::timestamp)::date), ('year', date_trunc('year', d."day"::timestamp)::date)
  ) k("kind", "period_start")
  WHERE k."kind" = 'day' OR d."previous_day" IS NULL OR d."previous_day" < k."period_start"
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
DELETE FROM "analytics_period_counts" WHERE "metric" IN ('active', 'promo');
