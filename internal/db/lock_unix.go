//go:build unix

package db

import (
	"fmt"
	"os"
	"syscall"
)

// LockDataDir takes the data folder's lock file, so that one process serves
// (or restores) a SQLite database at a time. The lock ends with the process
// or when the returned function is called.
func LockDataDir(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s is in use by another Cangshu process", path)
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}
