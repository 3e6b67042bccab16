-- Append-only tables (audit_log, balance_entries): the database itself refuses UPDATE, DELETE and TRUNCATE of them,
-- whatever code or route asks. Each table's triggers stand in its own file.
CREATE OR REPLACE FUNCTION "refuse_append_only_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
