-- Custom migration: the built-in dashboard roles. Names are defaults; the API translates known role keys.
INSERT INTO "roles" ("key", "name") VALUES
  ('superadmin', 'Superadmin'),
  ('manager', 'Manager'),
  ('operator', 'Operator')
ON CONFLICT ("key") DO NOTHING;
