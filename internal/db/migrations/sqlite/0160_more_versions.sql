-- Custom field definitions and coding rules are settings every document
-- reads while saving (its custom values are checked against the
-- definitions, its number made by the rule): each app process keeps them
-- with the system parameters, so their changes count on the same counter
-- (cache_versions.params, migration 0081).
CREATE TRIGGER custom_fields_params_version_insert AFTER INSERT ON custom_fields BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER custom_fields_params_version_update AFTER UPDATE ON custom_fields BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER custom_fields_params_version_delete AFTER DELETE ON custom_fields BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER coding_rules_params_version_insert AFTER INSERT ON coding_rules BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER coding_rules_params_version_update AFTER UPDATE ON coding_rules BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
CREATE TRIGGER coding_rules_params_version_delete AFTER DELETE ON coding_rules BEGIN
  UPDATE cache_versions SET params = params + 1 WHERE id = 1;
END;
-- A new shop is one more a ROOT user may switch to (the caller's shop
-- list is kept with the signed-in caller: cache_versions.auth).
CREATE TRIGGER shops_auth_version_insert AFTER INSERT ON shops BEGIN
  UPDATE cache_versions SET auth = auth + 1 WHERE id = 1;
END;
