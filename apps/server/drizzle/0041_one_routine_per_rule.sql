-- Routines written once (src/db/routines): the two append-only refusals became refuse_append_only_change(), the
-- merchants' station counts on insert and delete merchant_station_counts_apply(), the charges' analytics on insert
-- and update analytics_charges_ended(). Their old functions go with the triggers that call them (CASCADE); the routine
-- files, applied after every migration, create the new functions and the triggers again.
DROP FUNCTION IF EXISTS "audit_log_refuse_change"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "balance_entries_refuse_change"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "merchant_station_counts_insert"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "merchant_station_counts_delete"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "analytics_charges_inserted"() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "analytics_charges_updated"() CASCADE;
