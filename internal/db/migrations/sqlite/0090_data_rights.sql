-- Data rights (数据权限, docs/rights.md): per role or per user, the
-- warehouses, customers and suppliers it may see and use, and whether it
-- sees only the documents it made. kind:
--   warehouse | customer | supplier  ref_id 0 marks the kind as limited
--                                    (so an empty list means none); every
--                                    other row allows the ref_id
--   maker                            ref_id 0: own documents only
--   set                              (users) the user's own rights replace
--                                    those of its roles
-- No row of a kind: unrestricted, as before.
CREATE TABLE data_rights (
  id      INTEGER PRIMARY KEY,
  role_id BIGINT REFERENCES roles (id) ON DELETE CASCADE,
  user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
  kind    TEXT NOT NULL,
  ref_id  BIGINT NOT NULL DEFAULT 0,
  CHECK ((role_id IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX data_rights_role ON data_rights (role_id, kind, ref_id) WHERE role_id IS NOT NULL;
CREATE UNIQUE INDEX data_rights_user ON data_rights (user_id, kind, ref_id) WHERE user_id IS NOT NULL;
-- The signed-in caller is cached with its rights (cache_versions.auth).
CREATE TRIGGER data_rights_auth_version_insert AFTER INSERT ON data_rights BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER data_rights_auth_version_update AFTER UPDATE ON data_rights BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
CREATE TRIGGER data_rights_auth_version_delete AFTER DELETE ON data_rights BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
