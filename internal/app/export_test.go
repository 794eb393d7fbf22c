package app

// ResetTables are the tables reset clears and those it keeps.
func ResetTables() (cleared, kept []string) { return resetCleared, resetKept }
