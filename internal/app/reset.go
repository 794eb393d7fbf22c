package app

import (
	"context"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/home"
	"cangshu/internal/sysconf"
)

// What "reset data" (重新初始化, POST /api/home/reset) does with each table.
// reset_test.go lists every table of the database and fails when one is in
// neither list: a feature adding a table adds it to one of them (to
// resetCleared in an order that deletes rows before the rows they refer to).

// resetCleared are emptied, in this order: documents, ledgers, balances,
// settlements, serials, batches, openings, number sequences, closed periods.
var resetCleared = []string{
	"stocktake_lines", "stocktakes",
	"bill_entry_serials", "serial_moves", "serials",
	"stock_layers", "stock_moves", "stock_balances",
	"contact_moves", "account_moves", "contact_balances", "account_balances",
	"stocktake_lines", "stocktakes",
	"settlements", "fund_entries", "invoice_entries", "invoice_heads",
	"bill_accounts", "bill_attachments", "bill_entries", "bills", "bill_sequences",
	"goods_opening_serials", "goods_openings", "stock_snapshot_rows", "stock_snapshot_flows", "stock_snapshots", "period_closes",
	"recost_changes", "recost_jobs",
	"statement_shares", // snapshots of the documents cleared here
}

// resetWhat says in the user's words what clearing a table removed (the
// reset's answer); the tables left out hold rows of what another one counts
// (the documents' lines, balances, layers …).
var resetWhat = map[string]errs.Key{
	"bills": "home.reset.bills", "stocktakes": "home.reset.stocktakes", "stock_moves": "home.reset.stockMoves",
	"contact_moves": "home.reset.contactMoves", "account_moves": "home.reset.accountMoves", "settlements": "home.reset.settlements",
	"serials": "home.reset.serials", "bill_attachments": "home.reset.attachments", "goods_openings": "home.reset.goodsOpenings",
	"period_closes": "home.reset.periodCloses", "statement_shares": "home.reset.statementShares",
}

// resetKept keep their rows: master data, users, roles, menus, shops,
// settings, notices, the operation log, sign-in sessions.
var resetKept = []string{
	"app_secrets", "shops", "depts", "users", "roles", "user_roles", "menus", "role_menus", "user_shops", "data_rights",
	"sessions", "refresh_tokens", "captchas", "login_failures", "verify_codes",
	"dicts", "dict_items", "notices", "notice_targets", "notice_reads", "sys_logs", "configs",
	"assist_types", "assists", "unit_types", "units", "locations", "shop_locations", "employees",
	"settle_accounts", "items", "contacts", "contact_links",
	"goods", "goods_units", "goods_sku_types", "goods_skus", "goods_sku_values", "barcodes", "goods_warnings", "goods_images",
	"coding_rules", "backup_settings", "custom_fields", "custom_values", "print_templates", "schema_migrations", "cache_versions",
	"combination_templates", "combination_template_parts",
}

// registerReset registers the reset's steps: the cleared tables, the
// opening amounts kept on master data set to zero, and the close date
// cleared; a backup is made first.
func (a *App) registerReset() {
	for _, t := range resetCleared {
		step := home.ClearTable(t)
		step.What = resetWhat[t]
		if t == "bill_attachments" {
			// the attachments' files go with their rows
			step.After = func(ctx context.Context, began time.Time) { a.Bills.SweepAttachments(ctx, began) }
		}
		a.Home.RegisterReset(step)
	}
	a.Home.RegisterReset(home.ResetStep{Name: "openings", Run: func(ctx context.Context, q db.Querier) (int64, error) {
		var n int64
		for _, s := range []string{
			"UPDATE contacts SET opening_amount = 0, opening_advance = 0 WHERE opening_amount <> 0 OR opening_advance <> 0",
			"UPDATE settle_accounts SET opening_balance = 0 WHERE opening_balance <> 0",
		} {
			res, err := q.Exec(ctx, s)
			if err != nil {
				return 0, err
			}
			m, err := res.RowsAffected()
			if err != nil {
				return 0, err
			}
			n += m
		}
		return n, nil
	}, What: "home.reset.openings"}, home.ResetStep{Name: "customBillValues", Run: func(ctx context.Context, q db.Querier) (int64, error) {
		// custom_values is kept for master data; the documents' values go
		// with the documents (internal/custom).
		res, err := q.Exec(ctx, "DELETE FROM custom_values WHERE target = 'bill'")
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}}, home.ResetStep{Name: "closeDate", Run: func(ctx context.Context, q db.Querier) (int64, error) {
		return 0, sysconf.SetParam(ctx, q, "closeDate", "")
	}})
	a.Home.SetResetBackup(func(ctx context.Context) (string, error) {
		f, err := a.Backups.Make(ctx, "before-reset-")
		return f.Name, err
	})
}
