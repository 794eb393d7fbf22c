package sysconf

import (
	"context"

	"cangshu/internal/db"
	"cangshu/internal/sysparam"
)

// The parameters' definitions, checks and typed view live in package
// sysparam, which the stock engine and master data read without importing
// HTTP. These three names remain here for the document packages until their
// reshape moves them to sysparam; new code imports sysparam.

// System is sysparam.System.
type System = sysparam.System

// ReadSystem is sysparam.ReadSystem.
func ReadSystem(ctx context.Context, q db.Querier) (System, error) {
	return sysparam.ReadSystem(ctx, q)
}

// ValidDate is sysparam.ValidDate.
func ValidDate(s string) bool { return sysparam.ValidDate(s) }
