package goods

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"cangshu/internal/coding"
	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
	"cangshu/internal/usage"
)

// Service manages goods.
type Service struct {
	db     *db.DB
	usage  *usage.Registry
	images string // folder of the image files (<data>/images)
	now    func() time.Time
	stock  Stock
}

// OpeningMove is one line of a goods item's opening stock, as the stock
// engine posts it.
type OpeningMove struct {
	ID         int64 // the goods_openings row
	LocationID int64
	SKUID      int64
	Batch      string  // '' none
	Qty        dec.Dec // base units, not zero
	Amount     dec.Dec
}

// Stock is what goods asks of the stock engine, handed in at wiring time
// (master data imports no engine).
type Stock struct {
	// ReplaceOpenings replaces the opening-stock moves of goods item goodsID
	// by lines, dated date, inside tx.
	ReplaceOpenings func(ctx context.Context, tx db.Querier, goodsID int64, date string, lines []OpeningMove) error
	// RemoveGoods removes the engine's rows of a goods item being deleted
	// (its opening stock: the usage check refused documents).
	RemoveGoods func(ctx context.Context, tx db.Querier, goodsID int64) error
}

// NewService makes the service; images are stored under dataDir/images.
func NewService(d *db.DB, u *usage.Registry, dataDir string, st Stock) *Service {
	return &Service{db: d, usage: u, images: filepath.Join(dataDir, "images"), now: func() time.Time { return time.Now().UTC() }, stock: st}
}

// ListQuery is the list's filters besides the page parameters.
type ListQuery struct {
	CategoryID  int64
	EnabledOnly bool
	LocationID  int64
	SkuTypeID   int64
}

// List is one page of goods with their units, SKUs and on-hand quantity in
// the warehouses of the shop (the caller's active shop).
func (s *Service) List(ctx context.Context, shopID int64, p server.ListParams, lq ListQuery) (server.ListPage[Row], error) {
	order, err := p.OrderBy(sortFields, "g.number")
	if err != nil {
		return server.ListPage[Row]{}, err
	}
	f, err := listFilter{categoryID: lq.CategoryID, match: p.MatchCon, enabledOnly: lq.EnabledOnly, locationID: lq.LocationID, skuTypeID: lq.SkuTypeID}.withCustom(ctx, s.db)
	if err != nil {
		return server.ListPage[Row]{}, err
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return server.ListPage[Row]{}, err
	}
	n, err := countRows(ctx, s.db, f)
	if err != nil {
		return server.ListPage[Row]{}, fmt.Errorf("count goods: %w", err)
	}
	var rows []Row
	if n > p.Offset() {
		if rows, err = listRows(ctx, s.db, f, order+", g.id", p.Rows, p.Offset()); err != nil {
			return server.ListPage[Row]{}, fmt.Errorf("list goods: %w", err)
		}
		if err := attachDetails(ctx, s.db, rows, sys.PricePlaces); err != nil {
			return server.ListPage[Row]{}, err
		}
		if err := attachOnHand(ctx, s.db, shopID, rows); err != nil {
			return server.ListPage[Row]{}, err
		}
		if err := attachCustom(ctx, s.db, rows); err != nil {
			return server.ListPage[Row]{}, err
		}
	}
	return server.NewListPage(p, rows, n), nil
}

// Get is one goods item with its warnings, opening stock and images.
// Its opening stock is what caller p may see (nil: all of it).
func (s *Service) Get(ctx context.Context, p *server.Principal, id int64) (Detail, error) {
	return getDetail(ctx, s.db, id, openingScope(p, "o.location_id"))
}

func getDetail(ctx context.Context, q db.Querier, id int64, vis rights.Cond) (Detail, error) {
	sys, err := sysparam.ReadSystem(ctx, q)
	if err != nil {
		return Detail{}, err
	}
	row, err := getRow(ctx, q, id, sys.PricePlaces)
	if err != nil {
		return Detail{}, err
	}
	one := []Row{row}
	if err := attachCustom(ctx, q, one); err != nil {
		return Detail{}, err
	}
	d := Detail{Row: one[0]}
	if d.Warnings, err = loadWarnings(ctx, q, id); err != nil {
		return Detail{}, fmt.Errorf("warnings of goods %d: %w", id, err)
	}
	if d.Openings, err = loadOpenings(ctx, q, id, vis); err != nil {
		return Detail{}, fmt.Errorf("openings of goods %d: %w", id, err)
	}
	if d.Images, err = listImages(ctx, q, id); err != nil {
		return Detail{}, fmt.Errorf("images of goods %d: %w", id, err)
	}
	return d, nil
}

// Add creates a goods item.
func (s *Service) Add(ctx context.Context, p *server.Principal, in Input) (Detail, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		id, err = s.save(ctx, tx, p, 0, &in)
		return err
	})
	if err != nil {
		return Detail{}, errs.Wrap("add goods", err)
	}
	return s.Get(ctx, p, id)
}

// Update changes a goods item.
func (s *Service) Update(ctx context.Context, p *server.Principal, in Input) (Detail, error) {
	if in.ID <= 0 {
		return Detail{}, errs.Required("id", "field.id")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		_, err := s.save(ctx, tx, p, in.ID, &in)
		return err
	})
	if err != nil {
		return Detail{}, errs.Wrap("update goods", err)
	}
	return s.Get(ctx, p, in.ID)
}

// save checks and writes a goods item (id 0 = new) in tx: the goods row,
// its units, SKU groups, new SKUs, warnings, openings, barcodes and search
// text.
func (s *Service) save(ctx context.Context, tx *db.Tx, p *server.Principal, id int64, in *Input) (int64, error) {
	vis := openingScope(p, "o.location_id")
	in.normalize()
	sys, err := sysparam.ReadSystem(ctx, tx)
	if err != nil {
		return 0, err
	}
	var cur *Row
	if id > 0 {
		r, err := getRow(ctx, tx, id, sys.PricePlaces)
		if err != nil {
			return 0, err
		}
		cur = &r
	}
	if id == 0 {
		// A new item gets the next number when the coding rule does not
		// allow typed numbers (internal/coding).
		if manual, err := coding.Manual(ctx, tx, "inventory"); err != nil {
			return 0, err
		} else if !manual {
			if in.Number, err = coding.NextFor(ctx, tx, "inventory"); err != nil {
				return 0, err
			}
		}
	}
	if cur != nil {
		var curOpenings []Opening
		if in.Openings != nil && !money.Visible(p, "unitCost") {
			if curOpenings, err = loadOpenings(ctx, tx, id, vis); err != nil {
				return 0, fmt.Errorf("openings of goods %d: %w", id, err)
			}
		}
		keepHidden(p, in, cur, curOpenings)
	}
	if err := openingsLocked(ctx, tx, sys, id, in, vis); err != nil {
		return 0, err
	}
	var f errs.Fields
	in.check(&f, sys)
	if err := checkRefs(ctx, tx, in, &f); err != nil {
		return 0, err
	}
	if err := openingWarehouses(ctx, tx, p, in, &f); err != nil {
		return 0, err
	}
	plans, err := checkSkus(ctx, tx, cur, in, &f)
	if err != nil {
		return 0, err
	}
	cf, err := custom.Prepare(ctx, tx, custom.TargetGoods, id, in.Custom, &f)
	if err != nil {
		return 0, err
	}
	if err := f.Err(); err != nil {
		return 0, err
	}
	if taken, err := goodsNumberTaken(ctx, tx, in.Number, id); err != nil {
		return 0, err
	} else if taken {
		return 0, errs.Duplicate("number", labelNumber, in.Number)
	}
	now := s.now()
	if id == 0 {
		if id, err = insertGoods(ctx, tx, in, "", now); err != nil {
			return 0, dbErr(err, in.Number)
		}
	} else if err := updateGoods(ctx, tx, id, in, "", now); err != nil {
		return 0, dbErr(err, in.Number)
	}
	if err := cf.Save(ctx, tx, id); err != nil {
		return 0, fmt.Errorf("custom fields of goods %d: %w", id, err)
	}
	if in.Units != nil {
		err = replaceUnits(ctx, tx, id, in.otherUnits())
	} else {
		// Kept units: only those still in the goods' group.
		_, err = tx.Exec(ctx, `DELETE FROM goods_units WHERE goods_id = ? AND unit_id NOT IN
			(SELECT id FROM units WHERE unit_type_id = ? AND id <> ?)`, id, db.NullID(in.UnitTypeID), in.UnitID)
	}
	if err != nil {
		return 0, fmt.Errorf("units of goods %d: %w", id, err)
	}
	if cur == nil || !sameIDs(cur.SkuTypeIDs, in.SkuTypeIDs) {
		if err := replaceSkuTypes(ctx, tx, id, in.SkuTypeIDs); err != nil {
			return 0, fmt.Errorf("sku groups of goods %d: %w", id, err)
		}
	}
	if err := writeSkus(ctx, tx, id, in.Skus, plans, now); err != nil {
		return 0, err
	}
	if in.Warnings != nil {
		if err := replaceWarnings(ctx, tx, id, in.Warnings); err != nil {
			return 0, fmt.Errorf("warnings of goods %d: %w", id, err)
		}
	}
	if in.Openings != nil {
		if err := replaceOpenings(ctx, tx, id, in.Openings, sys.AmountPlaces, vis); err != nil {
			return 0, fmt.Errorf("openings of goods %d: %w", id, err)
		}
		if err := s.postOpenings(ctx, tx, id, sys.StartDate); err != nil {
			return 0, err
		}
	}
	return id, refreshCodes(ctx, tx, id, inputPaths(in))
}

// postOpenings makes the goods' opening stock the stock engine's opening
// moves (dated the system start date, at their amounts), replacing the
// previous ones in one recost so a change refused by the negative-stock rule
// (a sale already took the stock) changes nothing.
func (s *Service) postOpenings(ctx context.Context, tx *db.Tx, id int64, startDate string) error {
	rows, err := tx.Query(ctx, "SELECT id, location_id, sku_id, batch, qty, amount FROM goods_openings WHERE goods_id = ? ORDER BY id", id)
	if err != nil {
		return fmt.Errorf("read opening stock of goods %d: %w", id, err)
	}
	var lines []OpeningMove
	for rows.Next() {
		var o OpeningMove
		if err := rows.Scan(&o.ID, &o.LocationID, &o.SKUID, &o.Batch, &o.Qty, &o.Amount); err != nil {
			rows.Close()
			return fmt.Errorf("read opening stock of goods %d: %w", id, err)
		}
		if !o.Qty.IsZero() {
			lines = append(lines, o)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read opening stock of goods %d: %w", id, err)
	}
	if err := s.stock.ReplaceOpenings(ctx, tx, id, startDate, lines); err != nil {
		return fmt.Errorf("opening stock of goods %d: %w", id, err)
	}
	return nil
}

// dbErr turns a unique violation the checks could not foresee (a
// concurrent save) into the duplicate number it most likely is.
func dbErr(err error, number string) error {
	if db.IsUnique(err) {
		return errs.Duplicate("number", labelNumber, number)
	}
	return err
}

func sameIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Delete removes a goods item unless a document uses it or one of its SKUs.
func (s *Service) Delete(ctx context.Context, id int64) error {
	var files []string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var number string
		if err := tx.QueryRow(ctx, "SELECT number FROM goods WHERE id = ?", id).Scan(&number); err != nil {
			return notFound(err, labelGoods)
		}
		if err := s.usage.Check(ctx, tx, usage.Goods, labelGoods, id); err != nil {
			return err
		}
		skus, err := db.Values[int64](ctx, tx, "SELECT id FROM goods_skus WHERE goods_id = ?", id)
		if err != nil {
			return err
		}
		for _, sku := range skus {
			if err := s.usage.Check(ctx, tx, usage.SKU, labelSKU, sku); err != nil {
				return err
			}
		}
		if files, err = imageFiles(ctx, tx, "goods_id = ?", id); err != nil {
			return err
		}
		// Only opening stock can be left (the usage check refused documents).
		if err := s.stock.RemoveGoods(ctx, tx, id); err != nil {
			return fmt.Errorf("remove stock of goods %d: %w", id, err)
		}
		if err := custom.Delete(ctx, tx, custom.TargetGoods, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM goods WHERE id = ?", id); err != nil {
			if db.IsForeignKey(err) {
				return errs.Conflict("err.inUse", errs.A("what", labelGoods))
			}
			return err
		}
		return nil
	})
	if err != nil {
		return errs.Wrap("delete goods", err)
	}
	s.removeFiles(files)
	return nil
}

// Disable disables (1) or enables (0) a goods item.
func (s *Service) Disable(ctx context.Context, id int64, disable int64) error {
	return errs.Wrap("disable goods", s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE goods SET disabled = ?, updated_at = ? WHERE id = ?", disable, s.now(), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errs.NotFound(labelGoods)
		}
		return nil
	}))
}

// NextNumber proposes the number of the next goods item.
func (s *Service) NextNumber(ctx context.Context) (map[string]string, error) {
	n, err := coding.NextFor(ctx, s.db, "inventory")
	if err != nil {
		return nil, err
	}
	return map[string]string{"number": n}, nil
}

// removeFiles deletes image files once their rows are gone; a file that
// cannot be removed is only litter, never a failure of the request.
func (s *Service) removeFiles(files []string) {
	for _, f := range files {
		if f != "" {
			os.Remove(filepath.Join(s.images, filepath.FromSlash(f)))
		}
	}
}
