package warehouse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/rights"
)

// sheetFilter selects the rows of a stocktake sheet.
type sheetFilter struct {
	shopID, locationID, categoryID, goodsID int64
	showZero                                bool
	date                                    string // "" = now (the balances); else the ledger up to and including it
}

// SheetRow is one goods/SKU/batch of the sheet with its book quantity.
type SheetRow struct {
	InvID     int64   `json:"invId"`
	InvNumber string  `json:"invNumber"`
	InvName   string  `json:"invName"`
	InvSpec   string  `json:"invSpec"`
	SkuID     int64   `json:"skuId"`
	SkuName   string  `json:"skuName"`
	Batch     string  `json:"batch"`
	Unit      string  `json:"unit"`
	Qty       dec.Dec `json:"qty"`
}

// sheetRows reads the book quantities of one warehouse: from the balances
// (one indexed read) or, for a past date, summed from the ledger.
func sheetRows(ctx context.Context, q db.Querier, f sheetFilter) ([]SheetRow, error) {
	from := "stock_balances b"
	args := []any{}
	where := "b.location_id = ?"
	if f.date != "" {
		from = "(SELECT goods_id, sku_id, location_id, batch, SUM(qty) AS qty FROM stock_moves WHERE location_id = ? AND move_date <= ? GROUP BY goods_id, sku_id, location_id, batch) b"
		args = append(args, f.locationID, f.date)
		where = "1 = 1"
	} else {
		args = append(args, f.locationID)
	}
	if !f.showZero {
		where += " AND b.qty <> 0"
	}
	if f.goodsID > 0 {
		where += " AND b.goods_id = ?"
		args = append(args, f.goodsID)
	}
	if f.categoryID > 0 {
		where += ` AND g.category_id IN (WITH RECURSIVE sub(id) AS (SELECT CAST(? AS BIGINT)
			UNION ALL SELECT a.id FROM assists a JOIN sub ON a.parent_id = sub.id) SELECT id FROM sub)`
		args = append(args, f.categoryID)
	}
	rows, err := q.Query(ctx, `SELECT b.goods_id, g.number, g.name, g.spec, b.sku_id, COALESCE(s.name, ''), b.batch, COALESCE(u.name, ''), b.qty
		FROM `+from+` JOIN goods g ON g.id = b.goods_id LEFT JOIN goods_skus s ON s.id = b.sku_id LEFT JOIN units u ON u.id = g.unit_id
		WHERE `+where+` ORDER BY g.number, b.goods_id, b.sku_id, b.batch`, args...)
	if err != nil {
		return nil, fmt.Errorf("stocktake sheet: %w", err)
	}
	defer rows.Close()
	var out []SheetRow
	for rows.Next() {
		var s SheetRow
		var qty int64
		if err := rows.Scan(&s.InvID, &s.InvNumber, &s.InvName, &s.InvSpec, &s.SkuID, &s.SkuName, &s.Batch, &s.Unit, &qty); err != nil {
			return nil, err
		}
		s.Qty = dec.FromMicros(qty)
		out = append(out, s)
	}
	return out, rows.Err()
}

// countHead is a stocktake's row.
type countHead struct {
	id, shopID, locationID, otherInID, otherOutID int64
	date, description                             string
	generated                                     int
	version                                       int64
}

// countsSeen is the condition that a count of alias t is one the caller's
// data rights (docs/rights.md) show: of a warehouse it may use, made by it
// when it sees only its own documents.
func countsSeen(rs *rights.Set, where string, args []any) (string, []any) {
	where, args = rs.Warehouse("t.location_id").And(where, args)
	return rs.Maker("t.maker_id").And(where, args)
}

// readCount reads a count of the shop the caller's data rights show (not
// found: another shop's, or hidden by them).
func readCount(ctx context.Context, q db.Querier, shopID int64, rs *rights.Set, id int64) (countHead, bool, error) {
	var h countHead
	where, args := countsSeen(rs, "t.id = ? AND t.shop_id = ?", []any{id, shopID})
	err := q.QueryRow(ctx, `SELECT t.id, t.shop_id, t.location_id, COALESCE(t.other_in_id, 0), COALESCE(t.other_out_id, 0), t.count_date, t.description,
		t.generated, t.version FROM stocktakes t WHERE `+where, args...).
		Scan(&h.id, &h.shopID, &h.locationID, &h.otherInID, &h.otherOutID, &h.date, &h.description, &h.generated, &h.version)
	if errors.Is(err, sql.ErrNoRows) {
		return h, false, nil
	}
	if err != nil {
		return h, false, fmt.Errorf("stocktake %d: %w", id, err)
	}
	return h, true, nil
}

// countLine is a stored line of a count.
type countLine struct {
	goodsID, skuID    int64
	batch             string
	bookQty, countQty dec.Dec
}

func readCountLines(ctx context.Context, q db.Querier, id int64) ([]countLine, error) {
	return db.All(ctx, q, func(r *sql.Rows, l *countLine) error {
		return r.Scan(&l.goodsID, &l.skuID, &l.batch, &l.bookQty, &l.countQty)
	}, "SELECT goods_id, sku_id, batch, book_qty, count_qty FROM stocktake_lines WHERE stocktake_id = ? ORDER BY line_no", id)
}

func insertCount(ctx context.Context, tx db.Querier, shopID, userID int64, h countHead) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO stocktakes (shop_id, location_id, count_date, description, maker_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, shopID, h.locationID, h.date, h.description, db.NullID(userID), now, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert stocktake: %w", err)
	}
	return id, nil
}

// updateCount rewrites a count not generated yet at its version.
func updateCount(ctx context.Context, tx db.Querier, h countHead, version int64) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE stocktakes SET location_id = ?, count_date = ?, description = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND shop_id = ? AND generated = 0 AND version = ?`, h.locationID, h.date, h.description, time.Now().UTC(), h.id, h.shopID, version)
	if err != nil {
		return false, fmt.Errorf("update stocktake %d: %w", h.id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// writeCountLines replaces the lines of a count (multi-row inserts).
func writeCountLines(ctx context.Context, tx db.Querier, id int64, lines []countLine) error {
	if _, err := tx.Exec(ctx, "DELETE FROM stocktake_lines WHERE stocktake_id = ?", id); err != nil {
		return fmt.Errorf("lines of stocktake %d: %w", id, err)
	}
	const per = 100 // 7 parameters a line
	for start := 0; start < len(lines); start += per {
		part := lines[start:min(start+per, len(lines))]
		args := make([]any, 0, 7*len(part))
		for i, l := range part {
			args = append(args, id, start+i+1, l.goodsID, l.skuID, l.batch, l.bookQty, l.countQty)
		}
		q := "INSERT INTO stocktake_lines (stocktake_id, line_no, goods_id, sku_id, batch, book_qty, count_qty) VALUES " +
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?), ", len(part)), ", ")
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return fmt.Errorf("lines of stocktake %d: %w", id, err)
		}
	}
	return nil
}

// CountRow is a count in the list, with the documents it generated.
type CountRow struct {
	ID           int64  `json:"id"`
	Date         string `json:"date"`
	LocationID   int64  `json:"locationId"`
	LocationName string `json:"locationName"`
	Description  string `json:"description"`
	Generated    int    `json:"generated"`
	OtherInID    int64  `json:"otherInId"`
	OtherInNo    string `json:"otherInNo"`
	OtherOutID   int64  `json:"otherOutId"`
	OtherOutNo   string `json:"otherOutNo"`
	Lines        int    `json:"lines"`
	Version      int64  `json:"version"`
}

func listCounts(ctx context.Context, q db.Querier, shopID int64, rs *rights.Set, limit, offset int) ([]CountRow, int, error) {
	where, args := countsSeen(rs, "t.shop_id = ?", []any{shopID})
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM stocktakes t WHERE "+where, args...).Scan(&n); err != nil {
		return nil, 0, fmt.Errorf("count stocktakes: %w", err)
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, c *CountRow) error {
		return r.Scan(&c.ID, &c.Date, &c.LocationID, &c.LocationName, &c.Description, &c.Generated, &c.OtherInID, &c.OtherInNo,
			&c.OtherOutID, &c.OtherOutNo, &c.Lines, &c.Version)
	}, `SELECT t.id, t.count_date, t.location_id, l.name, t.description, t.generated, COALESCE(t.other_in_id, 0), COALESCE(bi.bill_no, ''),
		COALESCE(t.other_out_id, 0), COALESCE(bo.bill_no, ''), (SELECT COUNT(*) FROM stocktake_lines x WHERE x.stocktake_id = t.id), t.version
		FROM stocktakes t JOIN locations l ON l.id = t.location_id LEFT JOIN bills bi ON bi.id = t.other_in_id LEFT JOIN bills bo ON bo.id = t.other_out_id
		WHERE `+where+` ORDER BY t.count_date DESC, t.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return rows, n, err
}
