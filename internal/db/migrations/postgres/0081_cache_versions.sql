-- Change counters of what each app process caches (the signed-in
-- caller's session, user, shops, roles and permissions; the menus; the
-- system parameters). Triggers count every change of the tables the caches
-- are made from; a process reads the one row (one cheap query) and uses
-- its cache only while the counter it was filled at is unchanged, so a
-- change made by any process applies to the next request everywhere.
-- auth: sessions (sign-out, shop switch), users, shops, memberships,
-- roles, grants, menus. params: configs.
--
-- PostgreSQL: the counters move at COMMIT (deferred constraint triggers), so
-- the row lock is taken last and held only while committing (no deadlock
-- with the rows a transaction changed), once per transaction and counter
-- (auth_tx, params_tx: the transaction that last moved it).
CREATE TABLE cache_versions (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  auth      BIGINT NOT NULL DEFAULT 0,
  params    BIGINT NOT NULL DEFAULT 0,
  auth_tx   BIGINT NOT NULL DEFAULT 0,
  params_tx BIGINT NOT NULL DEFAULT 0
);
INSERT INTO cache_versions (id) VALUES (1);
CREATE FUNCTION cache_versions_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET auth = auth + 1, auth_tx = txid_current() WHERE id = 1 AND auth_tx <> txid_current();
  RETURN NULL;
END $$;
CREATE FUNCTION cache_versions_params() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET params = params + 1, params_tx = txid_current() WHERE id = 1 AND params_tx <> txid_current();
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER sessions_auth_version AFTER UPDATE OF revoked_at, shop_id, user_id OR DELETE ON sessions DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER users_auth_version AFTER UPDATE OR DELETE ON users DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER shops_auth_version AFTER UPDATE OR DELETE ON shops DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER user_shops_auth_version AFTER INSERT OR UPDATE OR DELETE ON user_shops DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER user_roles_auth_version AFTER INSERT OR UPDATE OR DELETE ON user_roles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER roles_auth_version AFTER UPDATE OR DELETE ON roles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER role_menus_auth_version AFTER INSERT OR UPDATE OR DELETE ON role_menus DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER menus_auth_version AFTER INSERT OR UPDATE OR DELETE ON menus DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
CREATE CONSTRAINT TRIGGER configs_params_version AFTER INSERT OR UPDATE OR DELETE ON configs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_params();
