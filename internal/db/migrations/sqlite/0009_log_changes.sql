-- The fields a change changed (JSON: [{field, old, new}] or a summary), beside
-- the request body.
ALTER TABLE sys_logs ADD COLUMN changes TEXT NOT NULL DEFAULT '';
