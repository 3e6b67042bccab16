-- By hand. An entry dated by default (the transaction's start) is dated when it takes the user's row lock instead:
-- two entries of one user whose transactions overlap then stand in the statement in the order their deposits follow
-- (the later transaction to start could take the lock first). Entries given a date (a charge's finish, the demo's
-- past year) keep it.
CREATE OR REPLACE FUNCTION "balance_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NEW;
END
$$;
