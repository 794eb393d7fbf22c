package location

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/search"
)

// scope is the SQL condition (on alias l) limiting warehouses to those a
// caller sees: every one for ROOT, the active shop's for anyone else.
type scope struct {
	root   bool
	shopID int64
	rights *rights.Set // the caller's data rights (docs/rights.md)
}

func (s scope) cond() (string, []any) {
	if s.root {
		return "1 = 1", nil
	}
	return s.rights.Warehouse("l.id").And(rights.ShopCond("l.id"), []any{s.shopID})
}

// filter narrows the list.
type filter struct {
	matchCon string
	enabled  bool  // only enabled warehouses
	shopID   int64 // 0 = any
}

const columns = `l.id, l.number, l.name, l.address, l.keeper, l.phone, l.allow_negative, l.disabled, l.remark`

func scanLocation(r interface{ Scan(...any) error }, l *Location) error {
	if err := r.Scan(&l.ID, &l.Number, &l.Name, &l.Address, &l.Keeper, &l.Phone, &l.AllowNegative, &l.Disable, &l.Remark); err != nil {
		return err
	}
	l.Search = search.Answer(search.Text(l.Number, l.Name))
	return nil
}

func listLocations(ctx context.Context, q db.Querier, sc scope, f filter, order string, limit, offset int) ([]Location, int, error) {
	where, args := sc.cond()
	if f.enabled {
		where += " AND l.disabled = 0"
	}
	if f.shopID > 0 {
		where += " AND " + rights.ShopCond("l.id")
		args = append(args, f.shopID)
	}
	// matchCon looks in the search text (number, name and their pinyin,
	// search.Text), made here: warehouses are few, so the matching rows are
	// picked in Go and paged after.
	var total int
	page := " LIMIT ? OFFSET ?"
	if f.matchCon != "" {
		page = ""
	} else {
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM locations l WHERE "+where, args...).Scan(&total); err != nil {
			return nil, 0, err
		}
		args = append(args, limit, offset)
	}
	list, err := db.All(ctx, q, func(r *sql.Rows, l *Location) error { return scanLocation(r, l) },
		"SELECT "+columns+" FROM locations l WHERE "+where+" ORDER BY "+order+", l.id"+page, args...)
	if err != nil {
		return nil, 0, err
	}
	if f.matchCon != "" {
		list, total = search.Filter(list, func(l *Location) string { return l.Search }, f.matchCon, limit, offset)
	}
	return list, total, loadShops(ctx, q, list)
}

// getLocation reads a warehouse the scope sees; any other is not found.
func getLocation(ctx context.Context, q db.Querier, sc scope, id int64) (Location, error) {
	where, args := sc.cond()
	var l Location
	err := scanLocation(q.QueryRow(ctx, "SELECT "+columns+" FROM locations l WHERE l.id = ? AND "+where,
		append([]any{id}, args...)...), &l)
	if errors.Is(err, sql.ErrNoRows) {
		return l, errs.NotFound(Entity)
	}
	if err != nil {
		return l, err
	}
	list := []Location{l}
	err = loadShops(ctx, q, list)
	return list[0], err
}

// loadShops fills the shops of each warehouse, in shop order.
func loadShops(ctx context.Context, q db.Querier, list []Location) error {
	if len(list) == 0 {
		return nil
	}
	at := make(map[int64]int, len(list))
	ids := make([]int64, len(list))
	for i := range list {
		at[list[i].ID] = i
		ids[i] = list[i].ID
		list[i].ShopIDs = []int64{}
	}
	names := make([][]string, len(list))
	for len(ids) > 0 {
		n := min(len(ids), 500)
		chunk := ids[:n]
		ids = ids[n:]
		type link struct {
			loc, shop int64
			name      string
		}
		links, err := db.All(ctx, q, func(r *sql.Rows, k *link) error { return r.Scan(&k.loc, &k.shop, &k.name) },
			`SELECT sl.location_id, s.id, s.name FROM shop_locations sl JOIN shops s ON s.id = sl.shop_id
			WHERE sl.location_id IN `+db.In(len(chunk))+` ORDER BY s.sort, s.id`, db.Args(chunk)...)
		if err != nil {
			return err
		}
		for _, k := range links {
			i := at[k.loc]
			list[i].ShopIDs = append(list[i].ShopIDs, k.shop)
			names[i] = append(names[i], k.name)
		}
	}
	for i := range list {
		list[i].ShopNames = strings.Join(names[i], ",")
	}
	return nil
}

// duplicateNumber is a 409 when another warehouse (not id) has the number.
func duplicateNumber(ctx context.Context, q db.Querier, number string, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM locations WHERE number = ? AND id <> ?", number, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("number", labelNumber, number)
	}
	return nil
}

func insertLocation(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO locations (number, name, address, keeper, phone, allow_negative, remark, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		in.Number, in.Name, in.Address, in.Keeper, in.Phone, in.AllowNegative, in.Remark, now, now).Scan(&id)
	return id, err
}

func updateLocation(ctx context.Context, q db.Querier, id int64, in Input) error {
	_, err := q.Exec(ctx, `UPDATE locations SET number = ?, name = ?, address = ?, keeper = ?, phone = ?, allow_negative = ?,
		remark = ?, updated_at = ? WHERE id = ?`,
		in.Number, in.Name, in.Address, in.Keeper, in.Phone, in.AllowNegative, in.Remark, time.Now().UTC(), id)
	return err
}

func setShops(ctx context.Context, q db.Querier, id int64, shopIDs []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM shop_locations WHERE location_id = ?", id); err != nil {
		return err
	}
	for _, s := range shopIDs {
		if _, err := q.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", s, id); err != nil {
			return err
		}
	}
	return nil
}

func memberShops(ctx context.Context, q db.Querier, userID int64) (map[int64]bool, error) {
	return db.IDSet(ctx, q, "SELECT shop_id FROM user_shops WHERE user_id = ?", userID)
}

func setDisabled(ctx context.Context, q db.Querier, id int64, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE locations SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return err
}

func deleteLocation(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM locations WHERE id = ?", id)
	return err
}
