-- The records a logged write concerned (document ids, comma-separated;
-- empty: not named): the live stream sends a caller limited by data rights
-- the details of a change only when it may see every one of them.
ALTER TABLE sys_logs ADD COLUMN refs TEXT NOT NULL DEFAULT '';
