-- Change counters of what each app process caches (the signed-in
-- caller's session, user, shops, roles and permissions; the menus; the
-- system parameters). Triggers count every change of the tables the caches
-- are made from; a process reads the one row (one cheap query) and uses
-- its cache only while the counter it was filled at is unchanged, so a
-- change made by any process applies to the next request everywhere.
-- auth: sessions (sign-out, shop switch), users, shops, memberships,
-- roles, grants, menus. params: configs.
CREATE TABLE cache_versions (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  auth   BIGINT NOT NULL DEFAULT 0,
  params BIGINT NOT NULL DEFAULT 0,
  auth_tx   BIGINT NOT NULL DEFAULT 0, -- PostgreSQL's once-per-transaction marks (unused here:
  params_tx BIGINT NOT NULL DEFAULT 0  -- one writer, the counter row is simply updated)
);
INSERT INTO cache_versions (id) VALUES (1);
CREATE TRIGGER sessions_auth_version_update AFTER UPDATE OF revoked_at, shop_id, user_id ON sessions BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER sessions_auth_version_delete AFTER DELETE ON sessions BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER users_auth_version_update AFTER UPDATE ON users BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER users_auth_version_delete AFTER DELETE ON users BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER shops_auth_version_update AFTER UPDATE ON shops BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER shops_auth_version_delete AFTER DELETE ON shops BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER user_shops_auth_version_insert AFTER INSERT ON user_shops BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER user_shops_auth_version_update AFTER UPDATE ON user_shops BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER user_shops_auth_version_delete AFTER DELETE ON user_shops BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER user_roles_auth_version_insert AFTER INSERT ON user_roles BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER user_roles_auth_version_update AFTER UPDATE ON user_roles BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER user_roles_auth_version_delete AFTER DELETE ON user_roles BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER roles_auth_version_update AFTER UPDATE ON roles BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER roles_auth_version_delete AFTER DELETE ON roles BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER role_menus_auth_version_insert AFTER INSERT ON role_menus BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER role_menus_auth_version_update AFTER UPDATE ON role_menus BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER role_menus_auth_version_delete AFTER DELETE ON role_menus BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER menus_auth_version_insert AFTER INSERT ON menus BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER menus_auth_version_update AFTER UPDATE ON menus BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER menus_auth_version_delete AFTER DELETE ON menus BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER configs_params_version_insert AFTER INSERT ON configs BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER configs_params_version_update AFTER UPDATE ON configs BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER configs_params_version_delete AFTER DELETE ON configs BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
