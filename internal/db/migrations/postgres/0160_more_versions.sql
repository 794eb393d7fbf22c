-- Custom field definitions and coding rules are settings every document
-- reads while saving (its custom values are checked against the
-- definitions, its number made by the rule): each app process keeps them
-- with the system parameters, so their changes count on the same counter
-- (cache_versions.params, migration 0081: moved at COMMIT).
CREATE CONSTRAINT TRIGGER custom_fields_params_version AFTER INSERT OR UPDATE OR DELETE ON custom_fields DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_params();
CREATE CONSTRAINT TRIGGER coding_rules_params_version AFTER INSERT OR UPDATE OR DELETE ON coding_rules DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_params();
-- A new shop is one more a ROOT user may switch to (the caller's shop
-- list is kept with the signed-in caller: cache_versions.auth).
CREATE CONSTRAINT TRIGGER shops_auth_version_insert AFTER INSERT ON shops DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cache_versions_auth();
