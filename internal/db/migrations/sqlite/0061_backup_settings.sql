-- Scheduled backups (issue 17): one row. daily 1 = a backup each day at
-- hour (server local time); keep = how many scheduled backups are kept;
-- last_day = the day of the last scheduled backup (claimed atomically, so
-- one app instance of several makes it).
CREATE TABLE backup_settings (
  id       INTEGER PRIMARY KEY,
  daily    SMALLINT NOT NULL DEFAULT 0,
  hour     INTEGER NOT NULL DEFAULT 2,
  keep     INTEGER NOT NULL DEFAULT 7,
  last_day TEXT NOT NULL DEFAULT ''
);
INSERT INTO backup_settings (id, daily, hour, keep, last_day) VALUES (1, 0, 2, 7, '');
