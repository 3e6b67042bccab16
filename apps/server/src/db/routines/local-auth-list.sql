-- The network's local authorization list (modules/ocpp/ocpp.local-list.tables.ts, docs/product/ocpp.md#4-states-and-rules):
-- every change of an RFID card (added, removed, its driver blocked or unblocked) takes the next list version and
-- writes the card's row with it. The version row is updated first and its lock held to the commit, so that two
-- changes at once take two versions, commit in their order, and a reader that saw version N saw every change up to N.

-- Recomputes the given id tags' rows from user_id_tags and app_users at the next version. A tag that is no longer an
-- RFID card keeps its row with status null (removed), so that a Differential update removes it from charge points; a
-- tag that was never listed writes nothing. NOTIFY tells every process to push the change to its charge points.
CREATE OR REPLACE FUNCTION "local_auth_list_refresh"("tags" varchar[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM unnest("tags") AS changed(id_tag)
    WHERE EXISTS (SELECT 1 FROM "user_id_tags" t WHERE t."id_tag" = changed.id_tag AND t."kind" = 'rfid')
       OR EXISTS (SELECT 1 FROM "local_auth_list" l WHERE l."id_tag" = changed.id_tag)
  ) THEN
    RETURN;
  END IF;
  INSERT INTO "local_auth_list_version" AS v ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = v."version" + 1
    RETURNING v."version" INTO next_version;
  INSERT INTO "local_auth_list" AS l ("id_tag", "status", "version", "changed_at")
  SELECT changed.id_tag, card.status, next_version, now()
  FROM (SELECT DISTINCT unnest("tags") AS id_tag) changed
  LEFT JOIN LATERAL (
    SELECT CASE WHEN u."status" = 0 THEN 'Accepted' ELSE 'Blocked' END AS status
    FROM "user_id_tags" t JOIN "app_users" u ON u."id" = t."user_id"
    WHERE t."id_tag" = changed.id_tag AND t."kind" = 'rfid'
  ) card ON true
  WHERE card.status IS NOT NULL OR EXISTS (SELECT 1 FROM "local_auth_list" o WHERE o."id_tag" = changed.id_tag)
  ON CONFLICT ("id_tag") DO UPDATE SET "status" = excluded."status", "version" = excluded."version",
    "changed_at" = excluded."changed_at";
  PERFORM pg_notify('ocpp_events', json_build_object('type', 'local_list', 'version', next_version)::text);
END
$$;

-- Cards added, removed or changed: one version per statement (the demo seed adds hundreds of cards in one).
CREATE OR REPLACE FUNCTION "local_auth_list_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "local_auth_list_refresh"(ARRAY(SELECT "id_tag" FROM "new_tags" WHERE "kind" = 'rfid'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "local_auth_list_refresh"(ARRAY(SELECT "id_tag" FROM "old_tags" WHERE "kind" = 'rfid'));
  ELSE
    PERFORM "local_auth_list_refresh"(ARRAY(
      SELECT "id_tag" FROM "old_tags" WHERE "kind" = 'rfid' UNION SELECT "id_tag" FROM "new_tags" WHERE "kind" = 'rfid'));
  END IF;
  RETURN NULL;
END
$$;

-- A driver blocked or unblocked: their cards change status.
CREATE OR REPLACE FUNCTION "local_auth_list_user_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "local_auth_list_refresh"(ARRAY(
    SELECT "id_tag" FROM "user_id_tags" WHERE "user_id" = NEW."id" AND "kind" = 'rfid'));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "user_id_tags_local_auth_list_insert" AFTER INSERT ON "user_id_tags"
  REFERENCING NEW TABLE AS "new_tags" FOR EACH STATEMENT EXECUTE FUNCTION "local_auth_list_tags_changed"();
CREATE OR REPLACE TRIGGER "user_id_tags_local_auth_list_delete" AFTER DELETE ON "user_id_tags"
  REFERENCING OLD TABLE AS "old_tags" FOR EACH STATEMENT EXECUTE FUNCTION "local_auth_list_tags_changed"();
CREATE OR REPLACE TRIGGER "user_id_tags_local_auth_list_update" AFTER UPDATE ON "user_id_tags"
  REFERENCING OLD TABLE AS "old_tags" NEW TABLE AS "new_tags" FOR EACH STATEMENT
  EXECUTE FUNCTION "local_auth_list_tags_changed"();
CREATE OR REPLACE TRIGGER "app_users_local_auth_list" AFTER UPDATE OF "status" ON "app_users"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "local_auth_list_user_status_changed"();
