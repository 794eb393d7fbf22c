package bill_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"cangshu/internal/bill"
	"cangshu/internal/db"
)

// TestMoneyLedgerMismatches: the restore's money check counts each contact
// whose debt or advance differs from the sums of its moves, and each
// settlement account whose balance does, moves without a balance row and
// nonzero balance rows without moves included; a zero balance row without
// moves and moves that cancel out are no mismatch.
func TestMoneyLedgerMismatches(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	now := time.Now().UTC()
	doc := w.e.Insert(`INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, created_at, updated_at)
		VALUES (?, 'purchase', 0, 'LEDGER-1', '2025-01-01', ?, ?) RETURNING id`, w.shop, now, now)
	type cm struct{ contact, debt, advance int64 }
	type am struct{ account, amount int64 }
	s, c, cash := w.supplier, w.customer, w.cash
	bank := w.e.Insert("INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH009', '银行', ?, ?) RETURNING id", now, now)
	cases := []struct {
		name               string
		cmoves, cbal       []cm
		amoves, abal       []am
		contacts, accounts int64
	}{
		{"sound", []cm{{s, 100, 0}, {s, -30, 5}, {c, 7, 0}}, []cm{{s, 70, 5}, {c, 7, 0}},
			[]am{{cash, 50}, {cash, -20}, {bank, 1}}, []am{{cash, 30}, {bank, 1}}, 0, 0},
		{"a debt differs", []cm{{s, 100, 0}}, []cm{{s, 99, 0}}, nil, nil, 1, 0},
		{"an advance differs", []cm{{s, 100, 5}}, []cm{{s, 100, 6}}, nil, nil, 1, 0},
		{"contact moves without a balance", []cm{{s, 100, 0}}, nil, nil, nil, 1, 0},
		{"contact moves that cancel out, no balance", []cm{{s, 100, 0}, {s, -100, 0}}, nil, nil, nil, 0, 0},
		{"a contact balance without moves", nil, []cm{{c, 0, 1}}, nil, nil, 1, 0},
		{"a zero contact balance without moves", nil, []cm{{c, 0, 0}}, nil, nil, 0, 0},
		{"an account differs", nil, nil, []am{{cash, 10}}, []am{{cash, 11}}, 0, 1},
		{"account moves without a balance", nil, nil, []am{{cash, 10}}, nil, 0, 1},
		{"an account balance without moves, another zero", nil, nil, nil, []am{{cash, 10}, {bank, 0}}, 0, 1},
		{"both books off", []cm{{s, 1, 0}, {c, 2, 0}}, []cm{{s, 2, 0}, {c, 3, 0}}, []am{{cash, 1}}, []am{{bank, 1}}, 2, 2},
	}
	rollback := errors.New("rollback")
	for _, k := range cases {
		var gotC, gotA int64
		err := w.e.App.DB.InTx(ctx, func(tx *db.Tx) error {
			for _, q := range []string{"DELETE FROM contact_moves", "DELETE FROM contact_balances", "DELETE FROM account_moves", "DELETE FROM account_balances"} {
				if _, err := tx.Exec(ctx, q); err != nil {
					return err
				}
			}
			for _, m := range k.cmoves {
				if _, err := tx.Exec(ctx, "INSERT INTO contact_moves (bill_id, shop_id, contact_id, move_date, debt, advance) VALUES (?, ?, ?, '2025-01-01', ?, ?)",
					doc, w.shop, m.contact, m.debt, m.advance); err != nil {
					return err
				}
			}
			for _, b := range k.cbal {
				if _, err := tx.Exec(ctx, "INSERT INTO contact_balances (contact_id, debt, advance) VALUES (?, ?, ?)", b.contact, b.debt, b.advance); err != nil {
					return err
				}
			}
			for _, m := range k.amoves {
				if _, err := tx.Exec(ctx, "INSERT INTO account_moves (bill_id, shop_id, account_id, move_date, amount) VALUES (?, ?, ?, '2025-01-01', ?)",
					doc, w.shop, m.account, m.amount); err != nil {
					return err
				}
			}
			for _, b := range k.abal {
				if _, err := tx.Exec(ctx, "INSERT INTO account_balances (account_id, amount) VALUES (?, ?)", b.account, b.amount); err != nil {
					return err
				}
			}
			var err error
			if gotC, gotA, err = bill.MoneyLedgerMismatches(ctx, tx); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("%s: %v", k.name, err)
		}
		if gotC != k.contacts || gotA != k.accounts {
			t.Errorf("%s: %d contacts and %d accounts differ, want %d and %d", k.name, gotC, gotA, k.contacts, k.accounts)
		}
	}
}
