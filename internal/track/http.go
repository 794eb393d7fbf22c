package track

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/server"
)

// Permissions: the serial tracking report or the goods screen reads a
// serial's history; pickers of the documents that take stock out read what
// is in stock.
const (
	permHistory = "report:serNumTracer:query|settings:inventory:query"
	permPick    = "settings:inventory:query|sales:sales:add|sales:sales:update|purchase:rePurchase:add|purchase:rePurchase:update"
)

const (
	labelGoods  errs.Key = "bill.field.invId"
	labelSerNum errs.Key = "bill.field.serNum"
	labelSerial errs.Key = "track.serial"
)

// Service answers the read side of serials and batches.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// Routes are the serial and batch endpoints (docs/stock.md).
func Routes(s *Service) []server.Route {
	const tag = "track"
	return []server.Route{
		{Method: "GET", Path: "/api/serNum/history", Perm: permHistory, Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				goodsID, err := c.QueryInt("invId", 0)
				if err != nil || goodsID <= 0 {
					return nil, errs.Required("invId", labelGoods)
				}
				serial := strings.TrimSpace(c.Query("serNum"))
				if serial == "" {
					return nil, errs.Required("serNum", labelSerNum)
				}
				return s.History(c.Context(), shopOf(c), c.User.IsRoot(), rightsOf(c), goodsID, serial)
			}},
		{Method: "GET", Path: "/api/serNum/list", Perm: permPick, Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				goodsID, locID, err := goodsAndLocation(c)
				if err != nil {
					return nil, err
				}
				return s.InStock(c.Context(), shopOf(c), rightsOf(c), goodsID, locID)
			}},
		{Method: "GET", Path: "/api/inventory/batches", Perm: permPick, Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				goodsID, locID, err := goodsAndLocation(c)
				if err != nil {
					return nil, err
				}
				skuID, err := c.QueryInt("skuId", -1)
				if err != nil {
					return nil, err
				}
				return s.Batches(c.Context(), shopOf(c), rightsOf(c), goodsID, locID, skuID)
			}},
	}
}

func shopOf(c *server.Ctx) int64 {
	if c.User == nil {
		return 0
	}
	return c.User.ShopID
}

// rightsOf is the caller's data rights (docs/rights.md; nil: all).
func rightsOf(c *server.Ctx) *rights.Set {
	if c.User == nil {
		return nil
	}
	return c.User.Rights
}

func goodsAndLocation(c *server.Ctx) (int64, int64, error) {
	goodsID, err := c.QueryInt("invId", 0)
	if err != nil || goodsID <= 0 {
		return 0, 0, errs.Required("invId", labelGoods)
	}
	locID, err := c.QueryInt("locationId", 0)
	if err != nil {
		return 0, 0, err
	}
	if !rightsOf(c).WarehouseOK(locID) { // data rights (docs/rights.md)
		return 0, 0, errs.Field("locationId", "err.notFound", errs.A("what", "bill.field.locationId"))
	}
	return goodsID, locID, nil
}

// History is a serial's state and moves.
type History struct {
	InvID        int64  `json:"invId"`
	InvNumber    string `json:"invNumber"`
	InvName      string `json:"invName"`
	SerNum       string `json:"serNum"`
	InStock      int    `json:"inStock"` // 1 in stock at locationId
	LocationID   int64  `json:"locationId"`
	LocationName string `json:"locationName"`
	SaleDate     string `json:"saleDate"`     // out by a sale: its date
	WarrantyDays int    `json:"warrantyDays"` // the goods' safeDays
	WarrantyEnd  string `json:"warrantyEnd"`  // saleDate + warrantyDays ("" unless sold and the goods have days)
	Moves        []Move `json:"moves"`
}

// Move is one audited document line that moved the serial.
type Move struct {
	BillID       int64  `json:"billId"`
	BillNo       string `json:"billNo"`
	Kind         string `json:"kind"`
	TransType    int    `json:"transType"`
	Date         string `json:"date"`
	Direction    int    `json:"direction"` // 1 in, -1 out
	LocationID   int64  `json:"locationId"`
	LocationName string `json:"locationName"`
	ContactName  string `json:"contactName"`
}

// History answers the serial's history; 404 when it was never received.
// Outside the administrator (all, who sees every shop), a serial exists for
// the caller only through the active shop and its data rights (rs): its
// moves in the shop's documents the caller may see (a warehouse, contact
// and maker it may see: rights.Line), and where it is now only when that
// is one of the shop's warehouses it may use; a serial the caller never
// saw is a 404, as if unknown.
func (s *Service) History(ctx context.Context, shopID int64, all bool, rs *rights.Set, goodsID int64, serial string) (*History, error) {
	h := History{InvID: goodsID, SerNum: serial, Moves: []Move{}}
	var id int64
	var lastKind, lastDate string
	err := s.db.QueryRow(ctx, `SELECT s.id, g.number, g.name, s.in_stock, COALESCE(s.location_id, 0), COALESCE(l.name, ''), s.last_kind, s.last_date, g.safe_days
		FROM serials s JOIN goods g ON g.id = s.goods_id LEFT JOIN locations l ON l.id = s.location_id
		WHERE s.goods_id = ? AND s.serial = ?`, goodsID, serial).
		Scan(&id, &h.InvNumber, &h.InvName, &h.InStock, &h.LocationID, &h.LocationName, &lastKind, &lastDate, &h.WarrantyDays)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.NotFound(labelSerial)
	}
	if err != nil {
		return nil, err
	}
	if h.InStock == 0 && lastKind == "sales" {
		h.SaleDate = lastDate
		if h.WarrantyDays > 0 {
			h.WarrantyEnd = AddDays(lastDate, h.WarrantyDays)
		}
	}
	where, args := rs.Line("b", "sm").And("sm.serial_id = ? AND (? OR b.shop_id = ?)", []any{id, all, shopID})
	moves, err := db.All(ctx, s.db, func(r *sql.Rows, m *Move) error {
		return r.Scan(&m.BillID, &m.BillNo, &m.Kind, &m.TransType, &m.Date, &m.Direction, &m.LocationID, &m.LocationName, &m.ContactName)
	}, `SELECT sm.bill_id, b.bill_no, sm.kind, b.trans_type, sm.move_date, sm.direction, sm.location_id, l.name, COALESCE(c.name, '')
		FROM serial_moves sm JOIN bills b ON b.id = sm.bill_id JOIN locations l ON l.id = sm.location_id LEFT JOIN contacts c ON c.id = b.contact_id
		WHERE `+where+` ORDER BY sm.id`, args...)
	if err != nil {
		return nil, err
	}
	if !all {
		var here int
		if h.LocationID != 0 && rs.WarehouseOK(h.LocationID) {
			if err := s.db.QueryRow(ctx, "SELECT COUNT(*) FROM shop_locations WHERE shop_id = ? AND location_id = ?", shopID, h.LocationID).Scan(&here); err != nil {
				return nil, err
			}
		}
		if here == 0 {
			if len(moves) == 0 {
				return nil, errs.NotFound(labelSerial)
			}
			h.LocationID, h.LocationName = 0, ""
		}
	}
	if moves != nil {
		h.Moves = moves
	}
	return &h, nil
}

// InStockSerial is a serial in stock.
type InStockSerial struct {
	SerNum       string `json:"serNum"`
	LocationID   int64  `json:"locationId"`
	LocationName string `json:"locationName"`
	Date         string `json:"date"` // received
}

// InStock lists the goods' serials in stock in the shop's warehouses the
// caller may use (locID 0: all of them), oldest received first.
func (s *Service) InStock(ctx context.Context, shopID int64, rs *rights.Set, goodsID, locID int64) ([]InStockSerial, error) {
	where, args := rs.Warehouse("s.location_id").And("s.goods_id = ? AND s.in_stock = 1 AND (? = 0 OR s.location_id = ?)", []any{shopID, goodsID, locID, locID})
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, v *InStockSerial) error {
		return r.Scan(&v.SerNum, &v.LocationID, &v.LocationName, &v.Date)
	}, `SELECT s.serial, s.location_id, l.name, s.last_date FROM serials s JOIN locations l ON l.id = s.location_id
		JOIN shop_locations sl ON sl.location_id = s.location_id AND sl.shop_id = ?
		WHERE `+where+` ORDER BY s.last_date, s.serial`, args...)
	if rows == nil {
		rows = []InStockSerial{}
	}
	return rows, err
}

// Batch is a batch with stock.
type Batch struct {
	Batch        string  `json:"batch"`
	LocationID   int64   `json:"locationId"`
	LocationName string  `json:"locationName"`
	SkuID        int64   `json:"skuId"`
	Qty          dec.Dec `json:"qty"` // base units
	ProdDate     string  `json:"prodDate"`
	ValidDate    string  `json:"validDate"`
}

// Batches lists the goods' batches with stock (qty > 0) in the shop's
// warehouses the caller may use (locID 0: all; skuID < 0: every SKU),
// earliest expiry first, batches without an expiry last. The dates are
// those each batch was first received with.
func (s *Service) Batches(ctx context.Context, shopID int64, rs *rights.Set, goodsID, locID, skuID int64) ([]Batch, error) {
	where, args := rs.Warehouse("sb.location_id").And("sb.goods_id = ? AND sb.batch <> '' AND sb.qty > 0 AND (? = 0 OR sb.location_id = ?) AND (? < 0 OR sb.sku_id = ?)",
		[]any{shopID, goodsID, locID, locID, skuID, skuID})
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, v *Batch) error {
		return r.Scan(&v.Batch, &v.LocationID, &v.LocationName, &v.SkuID, &v.Qty)
	}, `SELECT sb.batch, sb.location_id, l.name, sb.sku_id, sb.qty FROM stock_balances sb JOIN locations l ON l.id = sb.location_id
		JOIN shop_locations sl ON sl.location_id = sb.location_id AND sl.shop_id = ?
		WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	dates := map[string][2]string{}
	for i := range rows {
		b := &rows[i]
		d, ok := dates[b.Batch]
		if !ok {
			p, v, err := BatchDates(ctx, s.db, goodsID, b.Batch)
			if err != nil {
				return nil, err
			}
			d = [2]string{p, v}
			dates[b.Batch] = d
		}
		b.ProdDate, b.ValidDate = d[0], d[1]
	}
	slices.SortFunc(rows, func(a, b Batch) int {
		if (a.ValidDate == "") != (b.ValidDate == "") {
			if a.ValidDate == "" {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.ValidDate, b.ValidDate), cmp.Compare(a.Batch, b.Batch), cmp.Compare(a.LocationID, b.LocationID))
	})
	if rows == nil {
		rows = []Batch{}
	}
	return rows, nil
}
