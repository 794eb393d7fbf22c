package opening

import (
	"context"
	"fmt"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/goods"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Post replaces the opening-stock moves of a goods item by lines, dated
// date, inside tx (the stock engine, handed in at wiring).
type Post func(ctx context.Context, tx db.Querier, goodsID int64, date string, lines []goods.OpeningMove) error

// Service reads and changes the openings.
type Service struct {
	db   *db.DB
	post Post
}

// NewService makes the service.
func NewService(d *db.DB, post Post) *Service { return &Service{db: d, post: post} }

func scopeOf(p *server.Principal) scope {
	if p == nil || p.IsRoot() {
		return scope{}
	}
	return scope{shopID: p.ShopID, rights: p.Rights}
}

// Summary is the opening position: every kind's totals (stock in the
// caller's warehouses, receivables and payables of the contacts it may
// use), the start date and whether the openings are locked.
func (s *Service) Summary(ctx context.Context, p *server.Principal) (Summary, error) {
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return Summary{}, err
	}
	out := Summary{StartDate: sys.StartDate, CloseDate: sys.CloseDate, Locked: sys.CloseDate != ""}
	if out.StockLines, out.StockQty, out.StockAmount, err = stockTotals(ctx, s.db, scopeOf(p), stockFilter{}); err != nil {
		return Summary{}, fmt.Errorf("opening stock totals: %w", err)
	}
	if _, out.Receivable, out.AdvanceReceived, err = contactTotals(ctx, s.db, scopeOf(p), TypeCustomer, ""); err != nil {
		return Summary{}, fmt.Errorf("opening receivables: %w", err)
	}
	if _, out.Payable, out.AdvancePaid, err = contactTotals(ctx, s.db, scopeOf(p), TypeSupplier, ""); err != nil {
		return Summary{}, fmt.Errorf("opening payables: %w", err)
	}
	if _, out.Accounts, err = accountTotals(ctx, s.db, ""); err != nil {
		return Summary{}, fmt.Errorf("opening account balances: %w", err)
	}
	out.Net = out.StockAmount.Add(out.Receivable).Add(out.AdvancePaid).Add(out.Accounts).Sub(out.Payable).Sub(out.AdvanceReceived)
	return out, nil
}

var stockSort = map[string]string{"invNumber": "g.number", "invName": "g.name", "locationName": "l.name", "qty": "o.qty", "amount": "o.amount"}

// Stock is a page of opening stock lines (matchCon: goods number or name,
// warehouse name; locationId) with the totals of every matching line.
func (s *Service) Stock(ctx context.Context, p *server.Principal, lp server.ListParams, locationID int64) (server.ListPage[StockRow], error) {
	order, err := lp.OrderBy(stockSort, "g.number")
	if err != nil {
		return server.ListPage[StockRow]{}, err
	}
	f := stockFilter{match: lp.MatchCon, locationID: locationID}
	n, qty, amount, err := stockTotals(ctx, s.db, scopeOf(p), f)
	if err != nil {
		return server.ListPage[StockRow]{}, fmt.Errorf("count opening stock: %w", err)
	}
	var rows []StockRow
	if n > lp.Offset() {
		if rows, err = listStock(ctx, s.db, scopeOf(p), f, order+", l.number, o.sku_id", lp.Rows, lp.Offset()); err != nil {
			return server.ListPage[StockRow]{}, fmt.Errorf("list opening stock: %w", err)
		}
	}
	page := server.NewListPage(lp, rows, n)
	page.Userdata = Totals{Qty: &qty, Amount: amount}
	return page, nil
}

var contactSort = map[string]string{"number": "c.number", "name": "c.name", "amount": "c.opening_amount", "periodMoney": "c.opening_advance"}

// Contacts is a page of the customers (type -10) or suppliers (10) the
// caller may use, with their openings.
func (s *Service) Contacts(ctx context.Context, p *server.Principal, lp server.ListParams, typ int64) (server.ListPage[ContactRow], error) {
	if typ != TypeCustomer && typ != TypeSupplier {
		return server.ListPage[ContactRow]{}, errs.Field("type", "err.invalid", errs.A("field", labelContactType))
	}
	order, err := lp.OrderBy(contactSort, "c.number")
	if err != nil {
		return server.ListPage[ContactRow]{}, err
	}
	n, amount, advance, err := contactTotals(ctx, s.db, scopeOf(p), typ, lp.MatchCon)
	if err != nil {
		return server.ListPage[ContactRow]{}, fmt.Errorf("count contacts: %w", err)
	}
	var rows []ContactRow
	if n > lp.Offset() {
		if rows, err = listContacts(ctx, s.db, scopeOf(p), typ, lp.MatchCon, order+", c.id", lp.Rows, lp.Offset()); err != nil {
			return server.ListPage[ContactRow]{}, fmt.Errorf("list contacts: %w", err)
		}
	}
	page := server.NewListPage(lp, rows, n)
	page.Userdata = Totals{Amount: amount, PeriodMoney: &advance}
	return page, nil
}

var accountSort = map[string]string{"number": "a.number", "name": "a.name", "amount": "a.opening_balance"}

// Accounts is a page of settlement accounts with their opening balances.
func (s *Service) Accounts(ctx context.Context, lp server.ListParams) (server.ListPage[AccountRow], error) {
	order, err := lp.OrderBy(accountSort, "a.number")
	if err != nil {
		return server.ListPage[AccountRow]{}, err
	}
	n, amount, err := accountTotals(ctx, s.db, lp.MatchCon)
	if err != nil {
		return server.ListPage[AccountRow]{}, fmt.Errorf("count accounts: %w", err)
	}
	var rows []AccountRow
	if n > lp.Offset() {
		if rows, err = listAccounts(ctx, s.db, lp.MatchCon, order+", a.id", lp.Rows, lp.Offset()); err != nil {
			return server.ListPage[AccountRow]{}, fmt.Errorf("list accounts: %w", err)
		}
	}
	page := server.NewListPage(lp, rows, n)
	page.Userdata = Totals{Amount: amount}
	return page, nil
}

// begin reads the parameters in tx and refuses when the openings are locked.
func begin(ctx context.Context, tx db.Querier) (sysparam.System, error) {
	sys, err := sysparam.ReadSystem(ctx, tx)
	if err != nil {
		return sys, err
	}
	return sys, locked(sys)
}

// SaveStock sets one opening stock line and posts the goods item's opening
// stock again (the stock engine refuses a reduction a later sale depends on) A caller without the
// cost right sets the quantity only: the line keeps its stored unit cost, a
// new line's is 0 (docs/rights.md, "Money rights").
func (s *Service) SaveStock(ctx context.Context, p *server.Principal, in StockInput) (Summary, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := begin(ctx, tx)
		if err != nil {
			return err
		}
		keep := !stockMoney.Visible(p, "unitCost")
		if keep {
			if in.UnitCost, err = storedCost(ctx, tx, in); err != nil {
				return err
			}
		}
		if err := s.checkStock(ctx, tx, scopeOf(p), sys, &in, nil); err != nil {
			return err
		}
		if err := setStock(ctx, tx, in, sys.AmountPlaces, sys.StartDate, keep); err != nil {
			return errs.Wrap("write opening stock", err)
		}
		return s.repost(ctx, tx, sys, in.InvID)
	})
	if err != nil {
		return Summary{}, errs.Wrap("save opening stock", err)
	}
	return s.Summary(ctx, p)
}

// checkStock validates a stock line against the database: the goods item,
// warehouse (in the caller's shop and data rights) and SKU exist; goods
// managed by batch (ISWARRANTY on, the goods flagged) name a batch, their
// expiry not given is the production date plus the shelf life; goods
// managed by serial number (ISSERNUM on, the goods flagged) name one
// serial per base unit, each once; other goods name neither. Whether a
// serial is already known is checked when it is written (writeSerials).
// g, when given, is the goods item already read.
func (s *Service) checkStock(ctx context.Context, q db.Querier, sc scope, sys sysparam.System, in *StockInput, g *goodsInfo) error {
	var f errs.Fields
	in.check(&f, sys)
	if in.InvID > 0 && g == nil {
		got, ok, err := loadGoods(ctx, q, "id = ?", in.InvID)
		if err != nil {
			return err
		}
		if !ok {
			f.Add("invId", "err.notFound", errs.A("what", labelGoods))
		} else {
			g = &got
		}
	}
	if g != nil {
		trackLine(&f, sys, g, in)
		if in.SkuID > 0 && !g.skuIDs[in.SkuID] {
			f.Add("skuId", "err.notFound", errs.A("what", labelSku))
		}
		if in.SkuID == 0 && len(g.skuIDs) > 0 && !in.Qty.IsZero() {
			f.Required("skuId", labelSku)
		}
	}
	if in.LocationID > 0 {
		if ok, err := locationIn(ctx, q, sc, in.LocationID); err != nil {
			return err
		} else if !ok {
			f.Add("locationId", "err.notFound", errs.A("what", labelLocation))
		}
	}
	return f.Err()
}

// repost posts a goods item's opening stock lines through the engine.
func (s *Service) repost(ctx context.Context, tx db.Querier, sys sysparam.System, goodsID int64) error {
	lines, err := openingMoves(ctx, tx, goodsID)
	if err != nil {
		return fmt.Errorf("read opening stock of goods %d: %w", goodsID, err)
	}
	return s.post(ctx, tx, goodsID, sys.StartDate, lines)
}

// SaveContact sets a customer's or supplier's opening debt and advance.
func (s *Service) SaveContact(ctx context.Context, p *server.Principal, in ContactInput) (Summary, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := begin(ctx, tx)
		if err != nil {
			return err
		}
		var f errs.Fields
		in.check(&f, sys)
		if err := f.Err(); err != nil {
			return err
		}
		return setContact(ctx, tx, p, in)
	})
	if err != nil {
		return Summary{}, errs.Wrap("save contact opening", err)
	}
	return s.Summary(ctx, p)
}

// setContact writes a contact's openings; one the caller may not use is
// not found. A caller without the right of the contact's side (sales for a
// customer, purchase for a supplier) keeps the stored ones.
func setContact(ctx context.Context, q db.Querier, p *server.Principal, in ContactInput) error {
	where, args := scopeOf(p).rights.Contact("id").And("id = ?", []any{in.ID})
	var typ int64
	if err := q.QueryRow(ctx, "SELECT type FROM contacts WHERE "+where, args...).Scan(&typ); isNoRows(err) {
		return errs.Field("id", "err.notFound", errs.A("what", labelContact))
	} else if err != nil {
		return fmt.Errorf("read contact: %w", err)
	}
	hidden := contactMoney(typ == TypeSupplier).Hidden(p)
	var sets []string
	var vals []any
	for _, c := range []struct {
		key, col string
		v        dec.Dec
	}{{"amount", "opening_amount", in.Amount}, {"periodMoney", "opening_advance", in.PeriodMoney}} {
		if !hidden[c.key] {
			sets = append(sets, c.col+" = ?")
			vals = append(vals, c.v)
		}
	}
	if len(sets) == 0 {
		return nil
	}
	if _, err := q.Exec(ctx, "UPDATE contacts SET "+strings.Join(sets, ", ")+" WHERE id = ?", append(vals, in.ID)...); err != nil {
		return fmt.Errorf("write contact opening: %w", err)
	}
	return nil
}

// SaveAccount sets a settlement account's opening balance.
func (s *Service) SaveAccount(ctx context.Context, p *server.Principal, in AccountInput) (Summary, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := begin(ctx, tx)
		if err != nil {
			return err
		}
		var f errs.Fields
		in.check(&f, sys)
		if err := f.Err(); err != nil {
			return err
		}
		return setAccount(ctx, tx, in)
	})
	if err != nil {
		return Summary{}, errs.Wrap("save account opening", err)
	}
	return s.Summary(ctx, p)
}

func setAccount(ctx context.Context, q db.Querier, in AccountInput) error {
	res, err := q.Exec(ctx, "UPDATE settle_accounts SET opening_balance = ? WHERE id = ?", in.Amount, in.ID)
	if err != nil {
		return fmt.Errorf("write account opening: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errs.Field("id", "err.notFound", errs.A("what", labelAccount))
	}
	return nil
}
