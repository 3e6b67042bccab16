ALTER TABLE "charges" ADD COLUMN "meter_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "closed_by" varchar(12);--> statement-breakpoint
CREATE INDEX "charges_running_meter_idx" ON "charges" USING btree ("meter_at") WHERE "charges"."status" in ('initiated', 'in_progress', 'pause');--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_closed_by_check" CHECK ("charges"."closed_by" in ('charge_point', 'force', 'auto'));