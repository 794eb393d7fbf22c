package app

import (
	"context"

	"cangshu/internal/backup"
	"cangshu/internal/bill"
	"cangshu/internal/coding"
	"cangshu/internal/contact"
	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/goods"
	"cangshu/internal/opening"
	"cangshu/internal/period"
	"cangshu/internal/printtpl"
	"cangshu/internal/recost"
	"cangshu/internal/server"
	"cangshu/internal/stock"
	"cangshu/internal/warning"
)

// wireSettings builds the advanced settings (高级设置): coding rules and
// the period close, backup and restore (with the scheduled daily backups,
// stopped by Close), and the month-end stock snapshots the reports start
// from (built in the background, stopped by Close).
func (a *App) wireSettings() ([]server.Route, error) {
	r := coding.Routes(coding.NewService(a.DB))
	r = append(r, period.Routes(period.NewService(a.DB, period.Snapshots{Store: stock.Snapshot, Drop: stock.DropSnapshot}))...)
	a.Backups = backup.NewService(a.DB, a.Config.DataDir, Version, a.Logger)
	a.Backups.MaxUpload = a.Config.MaxBackupBytes
	a.Backups.Checks = RestoreChecks()
	a.Backups.FileOK = BackupFileOK
	go a.Backups.Schedule(a.stop)
	go stock.KeepSnapshots(a.stop, a.DB, a.Logger)
	r = append(r, backup.Routes(a.Backups)...)
	r = append(r, opening.Routes(opening.NewService(a.DB, replaceOpenings))...)
	a.Recost = recost.NewService(a.DB, a.Logger)
	r = append(r, recost.Routes(a.Recost)...)
	r = append(r, warning.Routes(warning.NewService(a.DB))...)
	r = append(r, printtpl.Routes(printtpl.NewService(a.DB))...)
	r = append(r, custom.Routes(custom.NewService(a.DB, custom.Builtin{
		custom.TargetGoods:    goods.SheetColumns(),
		custom.TargetCustomer: contact.SheetColumns(contact.TypeCustomer),
		custom.TargetSupplier: contact.SheetColumns(contact.TypeSupplier),
		custom.TargetBill:     bill.SheetColumns(),
	}))...)
	a.registerReset()
	return r, nil
}

// RestoreChecks are the checks a restore runs on a backup's data before it
// replaces the live data (the books' invariants): the app's restore and
// `cangshu restore` both run them.
func RestoreChecks() []func(context.Context, db.Querier) error {
	return []func(context.Context, db.Querier) error{checkStockLedger, checkMoneyLedger}
}

// BackupFileOK tells whether a file of a backup's images folder is one
// Cangshu keeps there (a goods picture or a document attachment).
func BackupFileOK(rel string, data []byte) bool {
	return goods.ImageOK(data) || bill.AttachmentOK(rel, data)
}

// checkStockLedger refuses a backup whose stock balances differ from the
// sums of their moves (the books' first invariant, docs/stock.md).
func checkStockLedger(ctx context.Context, q db.Querier) error {
	n, err := stock.LedgerMismatches(ctx, q)
	if err != nil {
		return err
	}
	if n > 0 {
		return errs.Field("name", "backup.err.stockLedger", errs.A("count", n))
	}
	return nil
}

// checkMoneyLedger refuses a backup whose contacts' or accounts' balances
// differ from the sums of their moves (docs/money.md).
func checkMoneyLedger(ctx context.Context, q db.Querier) error {
	c, a, err := bill.MoneyLedgerMismatches(ctx, q)
	if err != nil {
		return err
	}
	if c > 0 || a > 0 {
		return errs.Field("name", "backup.err.moneyLedger", errs.A("contacts", c), errs.A("accounts", a))
	}
	return nil
}
