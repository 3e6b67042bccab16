CREATE TABLE "station_daily_totals" (
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(14, 3) DEFAULT '0' NOT NULL,
	"turnover" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "station_daily_totals_station_id_day_pk" PRIMARY KEY("station_id","day"),
	CONSTRAINT "station_daily_totals_non_negative" CHECK ("station_daily_totals"."charges" >= 0 and "station_daily_totals"."energy_kwh" >= 0 and "station_daily_totals"."turnover" >= 0)
);
--> statement-breakpoint
ALTER TABLE "station_daily_totals" ADD CONSTRAINT "station_daily_totals_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;