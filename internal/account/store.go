package account

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

type filter struct {
	matchCon string
	enabled  bool
	typ      int64 // 0 = any
}

// ownColumns are the account's own columns; the service's columns add the
// money in less the money out of audited documents' settlement lines, scanned last.
const ownColumns = `a.id, a.number, a.name, a.kind, a.bank_account, a.opening_balance, a.opening_date, a.disabled, a.remark`

func scanAccount(r interface{ Scan(...any) error }, a *Account) error {
	if err := r.Scan(&a.ID, &a.Number, &a.Name, &a.Type, &a.BankAccount, &a.Amount, &a.Date, &a.Disable, &a.Remark, &a.Balance); err != nil {
		return err
	}
	a.Balance = a.Amount.Add(a.Balance)
	a.Search = search.Answer(search.Text(a.Number, a.Name, a.BankAccount))
	return nil
}

func listAccounts(ctx context.Context, q db.Querier, columns string, f filter, order string, limit, offset int) ([]Account, int, error) {
	where, args := "1 = 1", []any{}
	if f.enabled {
		where += " AND a.disabled = 0"
	}
	if f.typ != 0 {
		where += " AND a.kind = ?"
		args = append(args, f.typ)
	}
	// matchCon looks in the search text (number, name, bank account and
	// their pinyin, search.Text), made here: accounts are few, so the
	// matching rows are picked in Go and paged after.
	var total int
	page := " LIMIT ? OFFSET ?"
	if f.matchCon != "" {
		page = ""
	} else {
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM settle_accounts a WHERE "+where, args...).Scan(&total); err != nil {
			return nil, 0, err
		}
		args = append(args, limit, offset)
	}
	list, err := db.All(ctx, q, func(r *sql.Rows, a *Account) error { return scanAccount(r, a) },
		"SELECT "+columns+" FROM settle_accounts a WHERE "+where+" ORDER BY "+order+", a.id"+page, args...)
	if err != nil {
		return nil, 0, err
	}
	if f.matchCon != "" {
		list, total = search.Filter(list, func(a *Account) string { return a.Search }, f.matchCon, limit, offset)
	}
	return list, total, nil
}

func getAccount(ctx context.Context, q db.Querier, columns string, id int64) (Account, error) {
	var a Account
	err := scanAccount(q.QueryRow(ctx, "SELECT "+columns+" FROM settle_accounts a WHERE a.id = ?", id), &a)
	if errors.Is(err, sql.ErrNoRows) {
		return a, errs.NotFound(Entity)
	}
	return a, err
}

func duplicateNumber(ctx context.Context, q db.Querier, number string, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM settle_accounts WHERE number = ? AND id <> ?", number, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("number", labelNumber, number)
	}
	return nil
}

func insertAccount(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO settle_accounts (number, name, kind, bank_account, opening_balance, opening_date, remark, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		in.Number, in.Name, in.Type, in.BankAccount, in.Amount, in.Date, in.Remark, now, now).Scan(&id)
	return id, err
}

func updateAccount(ctx context.Context, q db.Querier, id int64, in Input) error {
	_, err := q.Exec(ctx, `UPDATE settle_accounts SET number = ?, name = ?, kind = ?, bank_account = ?, opening_balance = ?,
		opening_date = ?, remark = ?, updated_at = ? WHERE id = ?`,
		in.Number, in.Name, in.Type, in.BankAccount, in.Amount, in.Date, in.Remark, time.Now().UTC(), id)
	return err
}

func setDisabled(ctx context.Context, q db.Querier, id, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE settle_accounts SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return err
}

func deleteAccount(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM settle_accounts WHERE id = ?", id)
	return err
}
