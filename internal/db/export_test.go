package db

// MigrationLock is the statement Migrate takes its PostgreSQL lock with.
const MigrationLock = migrationLock
