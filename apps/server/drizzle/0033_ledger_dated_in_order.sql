-- By hand (issue 31). A user's statement reads as a chain: ordered by date (ties by id), each deposit is the previous
-- one plus its credit minus its debit. The trigger sets the deposit in the order entries take the user's row lock, so
-- an entry is dated no earlier than that: after the user's newest entry (by a microsecond, so that no tie is left to
-- the ids, drawn before the lock). An entry given an earlier date keeps its own when nothing was booked since (a
-- charge's finish as its charge point tells it, the demo's past year); one booked after later entries (a stop sent by
-- a charge point whose clock is behind, a finish racing a top-up) stands after them, where its deposit belongs.
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
$$;
