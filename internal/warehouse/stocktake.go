package warehouse

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"

	"cangshu/internal/bill"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// Stocktakes (盘点): the sheet of book quantities of one warehouse, counts
// saved against it (editable until generated), and the stocktake gain and
// loss documents generated for the differences (drafts, at the current unit
// cost for gains). See docs/stock.md "Stocktakes".

// SheetFilter is what GET /api/stocktake/sheet selects.
type SheetFilter struct {
	LocationID, CatID, InvID int64
	ShowZero                 bool
	Date                     string
}

// Sheet is the book quantities per goods, SKU and batch of a warehouse of
// the caller's shop (at a date: the ledger up to it; else now).
func (s *Service) Sheet(ctx context.Context, p *server.Principal, f SheetFilter) (map[string]any, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	if err := s.checkLocation(ctx, s.db, p, shopID, f.LocationID); err != nil {
		return nil, err
	}
	if f.Date != "" && !sysparam.ValidDate(f.Date) {
		return nil, errs.Field("date", "err.badParam", errs.A("name", "date"))
	}
	rows, err := sheetRows(ctx, s.db, sheetFilter{shopID: shopID, locationID: f.LocationID, categoryID: f.CatID, goodsID: f.InvID, showZero: f.ShowZero, date: f.Date})
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []SheetRow{}
	}
	return map[string]any{"rows": rows, "records": len(rows)}, nil
}

func (s *Service) checkLocation(ctx context.Context, q db.Querier, p *server.Principal, shopID, locationID int64) error {
	if locationID <= 0 {
		return errs.Required("locationId", labelLocation)
	}
	if !p.Rights.WarehouseOK(locationID) { // data rights (docs/rights.md): as if another shop's
		return errs.Field("locationId", "err.notFound", errs.A("what", labelLocation))
	}
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM shop_locations WHERE shop_id = ? AND location_id = ?", shopID, locationID).Scan(&n); err != nil {
		return fmt.Errorf("warehouse %d: %w", locationID, err)
	}
	if n == 0 {
		return errs.Field("locationId", "err.notFound", errs.A("what", labelLocation))
	}
	return nil
}

const (
	labelLocation errs.Key = "bill.field.locationId"
	labelDate     errs.Key = "bill.field.date"
	labelGoods    errs.Key = "bill.field.invId"
	labelCount    errs.Key = "stocktake.field.countQty"
	labelBatch    errs.Key = "bill.field.batch"
	labelDesc     errs.Key = "bill.field.description"
)

// CountInput is a count as saved (add, or update with id and version).
type CountInput struct {
	ID          int64        `json:"id"`
	Version     int64        `json:"version"`
	Date        string       `json:"date"`
	LocationID  int64        `json:"locationId"`
	Description string       `json:"description"`
	Entries     []CountEntry `json:"entries"`
}

// CountEntry is one counted goods/SKU/batch.
type CountEntry struct {
	InvID    int64   `json:"invId"`
	SkuID    int64   `json:"skuId"`
	Batch    string  `json:"batch"`
	CountQty dec.Dec `json:"countQty"`
}

// SaveCount adds or updates a count (not once generated: 409); the book
// quantities are those of the ledger at its date.
func (s *Service) SaveCount(ctx context.Context, p *server.Principal, in CountInput, update bool) (any, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		h := countHead{shopID: shopID, locationID: in.LocationID, date: strings.TrimSpace(in.Date), description: strings.TrimSpace(in.Description)}
		var f errs.Fields
		switch {
		case h.date == "":
			f.Required("date", labelDate)
		case !sysparam.ValidDate(h.date):
			f.Add("date", "err.invalid", errs.A("field", labelDate))
		case sys.CloseDate != "" && h.date <= sys.CloseDate:
			f.Add("date", "bill.err.closed", errs.A("date", sys.CloseDate))
		}
		f.Text("description", labelDesc, h.description, false, 500)
		if err := s.checkLocation(ctx, tx, p, shopID, in.LocationID); err != nil {
			return err
		}
		lines, err := countLines(ctx, tx, sys, in.Entries, &f)
		if err != nil {
			return err
		}
		if err := f.Err(); err != nil {
			return err
		}
		book, err := bookQty(ctx, tx, h)
		if err != nil {
			return err
		}
		for i := range lines {
			lines[i].bookQty = book[lineKey{lines[i].goodsID, lines[i].skuID, lines[i].batch}]
		}
		if update {
			old, found, err := readCount(ctx, tx, shopID, p.Rights, in.ID)
			if err != nil {
				return err
			}
			if !found {
				return errs.NotFound("stocktake.entity")
			}
			if old.generated == 1 {
				return errs.Conflict("stocktake.err.generated")
			}
			h.id = in.ID
			ok, err := updateCount(ctx, tx, h, in.Version)
			if err != nil {
				return err
			}
			if !ok {
				return errs.Conflict("err.stale")
			}
			id = in.ID
		} else if id, err = insertCount(ctx, tx, shopID, p.UserID, h); err != nil {
			return err
		}
		return writeCountLines(ctx, tx, id, lines)
	})
	if err != nil {
		return nil, err
	}
	return s.GetCount(ctx, p, id)
}

type lineKey struct {
	goodsID, skuID int64
	batch          string
}

// countLines checks the counted lines: known goods (and SKU of it), a
// count ≥ 0, each goods/SKU/batch once.
func countLines(ctx context.Context, q db.Querier, sys sysparam.System, in []CountEntry, f *errs.Fields) ([]countLine, error) {
	if len(in) == 0 {
		f.Required("entries", "bill.field.entries")
		return nil, nil
	}
	if len(in) > MaxCountLines {
		f.Add("entries", "bill.err.tooManyLines", errs.A("max", MaxCountLines))
		return nil, nil
	}
	goods := map[int64]bool{}
	skus := map[int64]int64{}
	var ids, skuIDs []int64
	for _, e := range in {
		ids, skuIDs = append(ids, e.InvID), append(skuIDs, e.SkuID)
	}
	if err := scanIDs(ctx, q, "SELECT id, id FROM goods WHERE id IN ", ids, func(id, _ int64) { goods[id] = true }); err != nil {
		return nil, err
	}
	if err := scanIDs(ctx, q, "SELECT id, goods_id FROM goods_skus WHERE id IN ", skuIDs, func(id, g int64) { skus[id] = g }); err != nil {
		return nil, err
	}
	seen := map[lineKey]int{}
	out := make([]countLine, 0, len(in))
	for i, e := range in {
		p := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
		batch := strings.TrimSpace(e.Batch)
		switch {
		case e.InvID <= 0:
			f.Required(p("invId"), labelGoods)
		case !goods[e.InvID]:
			f.Add(p("invId"), "err.notFound", errs.A("what", labelGoods))
		}
		if e.SkuID != 0 && skus[e.SkuID] != e.InvID {
			f.Add(p("skuId"), "err.notFound", errs.A("what", "bill.field.skuId"))
		}
		dec.Check(f, p("countQty"), labelCount, e.CountQty, sys.QtyPlaces, dec.Zero, dec.MaxQty)
		f.Text(p("batch"), labelBatch, batch, false, 64)
		k := lineKey{e.InvID, e.SkuID, batch}
		if first, dup := seen[k]; dup {
			f.Add(p("invId"), "stocktake.err.duplicate", errs.A("line", i+1), errs.A("first", first))
		}
		seen[k] = i + 1
		out = append(out, countLine{goodsID: e.InvID, skuID: e.SkuID, batch: batch, countQty: e.CountQty})
	}
	return out, nil
}

func scanIDs(ctx context.Context, q db.Querier, query string, ids []int64, fn func(a, b int64)) error {
	seen := map[int64]bool{}
	var list []int64
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			list = append(list, id)
		}
	}
	for len(list) > 0 {
		n := min(len(list), 500)
		rows, err := db.All(ctx, q, func(r *sql.Rows, v *[2]int64) error { return r.Scan(&v[0], &v[1]) }, query+db.In(n), db.Args(list[:n])...)
		if err != nil {
			return err
		}
		for _, v := range rows {
			fn(v[0], v[1])
		}
		list = list[n:]
	}
	return nil
}

// bookQty is the ledger's quantity per goods/SKU/batch of the count's
// warehouse at its date.
func bookQty(ctx context.Context, q db.Querier, h countHead) (map[lineKey]dec.Dec, error) {
	rows, err := sheetRows(ctx, q, sheetFilter{shopID: h.shopID, locationID: h.locationID, showZero: true, date: h.date})
	if err != nil {
		return nil, err
	}
	out := make(map[lineKey]dec.Dec, len(rows))
	for _, r := range rows {
		out[lineKey{r.InvID, r.SkuID, r.Batch}] = r.Qty
	}
	return out, nil
}

// Count is a count as GET /query answers it.
type Count struct {
	CountRow
	Entries []CountLineOut `json:"entries"`
}

// CountLineOut is a line of a count with its difference.
type CountLineOut struct {
	InvID     int64   `json:"invId"`
	InvNumber string  `json:"invNumber"`
	InvName   string  `json:"invName"`
	SkuID     int64   `json:"skuId"`
	Batch     string  `json:"batch"`
	BookQty   dec.Dec `json:"qty"`
	CountQty  dec.Dec `json:"countQty"`
	DiffQty   dec.Dec `json:"diffQty"`
}

// GetCount is one count of the caller's shop with its lines.
func (s *Service) GetCount(ctx context.Context, p *server.Principal, id int64) (*Count, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	h, found, err := readCount(ctx, s.db, shopID, p.Rights, id)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, errs.NotFound("stocktake.entity")
	}
	c := &Count{CountRow: CountRow{ID: h.id, Date: h.date, LocationID: h.locationID, Description: h.description, Generated: h.generated,
		OtherInID: h.otherInID, OtherOutID: h.otherOutID, Version: h.version}}
	if err := s.db.QueryRow(ctx, "SELECT name FROM locations WHERE id = ?", h.locationID).Scan(&c.LocationName); err != nil {
		return nil, fmt.Errorf("stocktake %d: %w", id, err)
	}
	c.Entries, err = db.All(ctx, s.db, func(r *sql.Rows, l *CountLineOut) error {
		return r.Scan(&l.InvID, &l.InvNumber, &l.InvName, &l.SkuID, &l.Batch, &l.BookQty, &l.CountQty)
	}, `SELECT t.goods_id, g.number, g.name, t.sku_id, t.batch, t.book_qty, t.count_qty FROM stocktake_lines t JOIN goods g ON g.id = t.goods_id
		WHERE t.stocktake_id = ? ORDER BY t.line_no`, id)
	if err != nil {
		return nil, fmt.Errorf("lines of stocktake %d: %w", id, err)
	}
	for i := range c.Entries {
		c.Entries[i].DiffQty = c.Entries[i].CountQty.Sub(c.Entries[i].BookQty)
	}
	c.Lines = len(c.Entries)
	return c, nil
}

// ListCounts is a page of the shop's counts with their documents (those
// the caller's data rights show).
func (s *Service) ListCounts(ctx context.Context, p *server.Principal, lp server.ListParams) (any, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	rows, n, err := listCounts(ctx, s.db, shopID, p.Rights, lp.Rows, lp.Offset())
	if err != nil {
		return nil, err
	}
	return server.NewListPage(lp, rows, n), nil
}

// DeleteCount deletes a count not generated yet.
func (s *Service) DeleteCount(ctx context.Context, p *server.Principal, id int64) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		h, found, err := readCount(ctx, tx, shopID, p.Rights, id)
		if err != nil {
			return err
		}
		if !found {
			return errs.NotFound("stocktake.entity")
		}
		if h.generated == 1 {
			return errs.Conflict("stocktake.err.generated")
		}
		_, err = tx.Exec(ctx, "DELETE FROM stocktakes WHERE id = ? AND generated = 0", id)
		return err
	})
}

// Generated answers which documents a count generated (null: none).
type Generated struct {
	OtherIn  *int64 `json:"otherIn"`
	OtherOut *int64 `json:"otherOut"`
}

// Generate makes the draft documents for the differences of a count,
// against the ledger at its date: gains as a stocktake gain (otherIn
// 150701) at the balance's current unit cost (its last cost where it holds
// nothing), losses as a stocktake loss (otherOut 150801). One transaction;
// a count is generated once (409 after); no difference is a 400.
func (s *Service) Generate(ctx context.Context, p *server.Principal, id int64) (Generated, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return Generated{}, err
	}
	var out Generated
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// Lock the count: two generations of it run one after the other.
		if _, err := tx.Exec(ctx, "UPDATE stocktakes SET version = version WHERE id = ? AND shop_id = ?", id, shopID); err != nil {
			return fmt.Errorf("lock stocktake %d: %w", id, err)
		}
		h, found, err := readCount(ctx, tx, shopID, p.Rights, id)
		if err != nil {
			return err
		}
		if !found {
			return errs.NotFound("stocktake.entity")
		}
		if h.generated == 1 {
			return errs.Conflict("stocktake.err.generated")
		}
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		lines, err := readCountLines(ctx, tx, id)
		if err != nil {
			return err
		}
		book, err := bookQty(ctx, tx, h)
		if err != nil {
			return err
		}
		costs, err := unitCosts(ctx, tx, h.locationID)
		if err != nil {
			return err
		}
		var gains, losses []bill.EntryInput
		for _, l := range lines {
			k := lineKey{l.goodsID, l.skuID, l.batch}
			diff := l.countQty.Sub(book[k])
			e := bill.EntryInput{InvID: l.goodsID, SkuID: l.skuID, Batch: l.batch, LocationID: h.locationID}
			switch diff.Sign() {
			case 1:
				e.Qty, e.Price = diff, costs[k].Round(sys.PricePlaces)
				gains = append(gains, e)
			case -1:
				e.Qty = diff.Neg()
				losses = append(losses, e)
			}
		}
		if len(gains) == 0 && len(losses) == 0 {
			return errs.Invalid("stocktake.err.noDifference")
		}
		in := bill.Input{Date: h.date, LocationID: h.locationID, Description: h.description}
		if len(gains) > 0 {
			in.TransType, in.Entries = TransTypeStocktakeGain, gains
			gid, err := s.bills.SaveIn(ctx, tx, p, OtherIn, in)
			if err != nil {
				return err
			}
			out.OtherIn = &gid
		}
		if len(losses) > 0 {
			in.TransType, in.Entries = TransTypeStocktakeLoss, losses
			lid, err := s.bills.SaveIn(ctx, tx, p, OtherOut, in)
			if err != nil {
				return err
			}
			out.OtherOut = &lid
		}
		_, err = tx.Exec(ctx, "UPDATE stocktakes SET generated = 1, other_in_id = ?, other_out_id = ?, version = version + 1 WHERE id = ?",
			ptrID(out.OtherIn), ptrID(out.OtherOut), id)
		return err
	})
	return out, err
}

func ptrID(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// unitCosts are the current unit costs of a warehouse's balances: value /
// quantity, or the last cost where it holds nothing.
func unitCosts(ctx context.Context, q db.Querier, locationID int64) (map[lineKey]dec.Dec, error) {
	type row struct {
		k               lineKey
		qty, amt, lastC dec.Dec
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, v *row) error {
		return r.Scan(&v.k.goodsID, &v.k.skuID, &v.k.batch, &v.qty, &v.amt, &v.lastC)
	}, "SELECT goods_id, sku_id, batch, qty, amount, last_cost FROM stock_balances WHERE location_id = ?", locationID)
	if err != nil {
		return nil, fmt.Errorf("unit costs: %w", err)
	}
	out := make(map[lineKey]dec.Dec, len(rows))
	for _, r := range rows {
		if r.qty.Sign() > 0 {
			out[r.k] = r.amt.Div(r.qty)
		} else {
			out[r.k] = r.lastC
		}
	}
	return out, nil
}

// sheetColumns are the columns of the sheet's Excel (export and import).
var sheetColumns = []sheet.Column{
	{Key: "invNumber", Label: "stocktake.field.invNumber", Required: true, Text: true},
	{Key: "invName", Label: "bill.field.invId", Width: 24},
	{Key: "skuId", Label: "stocktake.field.skuId"},
	{Key: "skuName", Label: "bill.field.skuId"},
	{Key: "batch", Label: "bill.field.batch", Text: true},
	{Key: "unit", Label: "bill.field.unitId"},
	{Key: "qty", Label: "stocktake.field.bookQty"},
	{Key: "countQty", Label: "stocktake.field.countQty", Required: true},
}

// ExportSheet is the sheet as Excel, with an empty counted column to fill.
func (s *Service) ExportSheet(ctx context.Context, p *server.Principal, lang i18n.Lang, f SheetFilter) (server.File, error) {
	res, err := s.Sheet(ctx, p, f)
	if err != nil {
		return server.File{}, err
	}
	rows := res["rows"].([]SheetRow)
	return sheet.Export(lang, "stocktake.file.sheet", "stocktake.entity", sheetColumns, func(add func([]any) error) error {
		for _, r := range rows {
			if err := add([]any{r.InvNumber, r.InvName, r.SkuID, r.SkuName, r.Batch, r.Unit, r.Qty.String(), ""}); err != nil {
				return err
			}
		}
		return nil
	})
}

// ImportSheet reads counted quantities from a filled sheet: the entries of
// a count to save (rows without a count are skipped). Goods are found by
// number; a bad row is a 400 naming its line.
func (s *Service) ImportSheet(ctx context.Context, p *server.Principal, lang i18n.Lang, r io.Reader) ([]CountEntry, error) {
	if _, err := shopOf(p); err != nil {
		return nil, err
	}
	file, err := sheet.Read(lang, r, sheetColumns, MaxCountLines)
	if err != nil {
		return nil, err
	}
	numbers := map[string]int64{}
	var f errs.Fields
	out := []CountEntry{}
	for _, row := range file.Rows {
		num, count := row.Cells["invNumber"], row.Cells["countQty"]
		if count == "" {
			continue
		}
		path := fmt.Sprintf("rows[%d]", row.Line)
		id, ok := numbers[num]
		if !ok {
			err := s.db.QueryRow(ctx, "SELECT id FROM goods WHERE number = ?", num).Scan(&id)
			if err != nil && err != sql.ErrNoRows {
				return nil, fmt.Errorf("goods %q: %w", num, err)
			}
			numbers[num] = id
		}
		if id == 0 {
			f.Add(path+".invNumber", "stocktake.err.rowGoods", errs.A("line", row.Line), errs.A("number", num))
			continue
		}
		qty, err := dec.Parse(count)
		if err != nil || qty.Sign() < 0 {
			f.Add(path+".countQty", "stocktake.err.rowCount", errs.A("line", row.Line))
			continue
		}
		var sku int64
		if v := row.Cells["skuId"]; v != "" && v != "0" {
			if _, err := fmt.Sscan(v, &sku); err != nil {
				f.Add(path+".skuId", "stocktake.err.rowCount", errs.A("line", row.Line))
				continue
			}
		}
		out = append(out, CountEntry{InvID: id, SkuID: sku, Batch: row.Cells["batch"], CountQty: qty})
	}
	return out, f.Err()
}
