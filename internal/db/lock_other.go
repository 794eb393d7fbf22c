//go:build !unix

package db

// LockDataDir is a no-op where file locks are not available.
func LockDataDir(path string) (func(), error) { return func() {}, nil }
