package stock

import (
	"context"
	"fmt"
	"slices"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// Post writes the moves (one document's, or opening stock) with
// everything they change: balances, FIFO layers and the computed cost of
// every later move of the same balances. It refuses (400, naming goods,
// warehouse and shortfall) a move that makes a balance negative at its
// date or later when negative stock is not allowed. It returns each move's
// cost amount (signed like its quantity), in the order given. Run it in the
// document's transaction; after an error the transaction must be rolled
// back (db.InTx does).
func Post(ctx context.Context, tx db.Querier, cfg Config, moves []Move) ([]dec.Dec, error) {
	return apply(ctx, tx, cfg, nil, moves)
}

// Unpost removes every move of a document (un-audit) and recosts what
// followed them; refused like Post when a later point goes negative.
func Unpost(ctx context.Context, tx db.Querier, cfg Config, billID int64) error {
	dels, err := movesWhere(ctx, tx, "bill_id = ?", billID)
	if err != nil {
		return fmt.Errorf("moves of bill %d: %w", billID, err)
	}
	_, err = apply(ctx, tx, cfg, dels, nil)
	return err
}

// ReplaceOpenings replaces every opening-stock move of a goods item by
// moves (Kind OpeningKind, OpeningID set; nil removes them), as one change:
// each balance is recosted once and the negative-stock rule is checked on
// the result, so re-saving unchanged openings never fails half-way.
func ReplaceOpenings(ctx context.Context, tx db.Querier, cfg Config, goodsID int64, moves []Move) error {
	dels, err := movesWhere(ctx, tx, "goods_id = ? AND kind = ?", goodsID, OpeningKind)
	if err != nil {
		return fmt.Errorf("opening moves of goods %d: %w", goodsID, err)
	}
	_, err = apply(ctx, tx, cfg, dels, moves)
	return err
}

// RemoveGoods clears the stock of a goods item being deleted: its opening
// moves and its balance rows (the caller has checked that no document moved
// it: usage.Goods).
func RemoveGoods(ctx context.Context, tx db.Querier, cfg Config, goodsID int64) error {
	if err := ReplaceOpenings(ctx, tx, cfg, goodsID, nil); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, "DELETE FROM stock_balances WHERE goods_id = ? AND NOT EXISTS (SELECT 1 FROM stock_moves m WHERE m.goods_id = ?)", goodsID, goodsID)
	return err
}

// Balance is the on-hand quantity and value of one balance (zero when none).
func Balance(ctx context.Context, q db.Querier, k Key) (qty, amount dec.Dec, err error) {
	err = q.QueryRow(ctx, "SELECT COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0) FROM stock_balances WHERE "+keyCond,
		k.args()...).Scan(&qty, &amount)
	return
}

// Row is one balance: its key, on-hand quantity and value.
type Row struct {
	Key
	Qty    dec.Dec `json:"qty"`
	Amount dec.Dec `json:"amount"`
}

// Balances lists the balances of one goods item (goodsID > 0) or of all
// goods (0), in key order, from the balance rows (never from the ledger).
func Balances(ctx context.Context, q db.Querier, goodsID int64) ([]Row, error) {
	query := "SELECT goods_id, sku_id, location_id, batch, qty, amount FROM stock_balances"
	var args []any
	if goodsID > 0 {
		query += " WHERE goods_id = ?"
		args = append(args, goodsID)
	}
	rows, err := q.Query(ctx, query+" ORDER BY goods_id, sku_id, location_id, batch", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Row
	for rows.Next() {
		var r Row
		var qty, amount int64
		if err := rows.Scan(&r.GoodsID, &r.SKUID, &r.LocationID, &r.Batch, &qty, &amount); err != nil {
			return nil, err
		}
		r.Qty, r.Amount = dec.FromMicros(qty), dec.FromMicros(amount)
		out = append(out, r)
	}
	return out, rows.Err()
}

// EntryCosts gives the cost amount of each document line's move, by entry
// id, signed by the move's direction (what left for an outbound move, what
// came in for an inbound one): positive, except where negative stock left a
// balance with negative value; a return at its source's cost needs that
// sign. Back-dated documents recompute it.
func EntryCosts(ctx context.Context, q db.Querier, billID int64) (map[int64]dec.Dec, error) {
	rows, err := q.Query(ctx, "SELECT entry_id, role, qty, amount FROM stock_moves WHERE bill_id = ? AND entry_id IS NOT NULL", billID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var c entryCosts
	for rows.Next() {
		var id, qty, a int64
		var role int
		if err := rows.Scan(&id, &role, &qty, &a); err != nil {
			return nil, err
		}
		c.add(id, role, qty, a)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return c.result(), nil
}

// CostsOf is EntryCosts of moves just posted, from the costs Post answered
// for them (in the same order): what the stored moves hold, without
// reading them back.
func CostsOf(moves []Move, costs []dec.Dec) map[int64]dec.Dec {
	var c entryCosts
	for i, m := range moves {
		if m.EntryID == 0 || i >= len(costs) {
			continue
		}
		q, _ := m.Qty.Micros()
		a, _ := costs[i].Micros()
		c.add(m.EntryID, m.Role, q, a)
	}
	return c.result()
}

// entryCosts sums moves' costs per line: a line with a feeding and a fed
// move (a transfer) answers its feeding move's cost, counted once; a line
// with only a fed move (an assembly's product, a disassembly's part)
// answers that one.
type entryCosts struct{ out, fed map[int64]dec.Dec }

// add counts a move of line id (its role, quantity and amount, micro-units).
func (c *entryCosts) add(id int64, role int, qty, amount int64) {
	if c.out == nil {
		c.out, c.fed = map[int64]dec.Dec{}, map[int64]dec.Dec{}
	}
	if qty < 0 {
		amount = -amount
	}
	if role == RoleIn {
		c.fed[id] = c.fed[id].Add(dec.FromMicros(amount))
	} else {
		c.out[id] = c.out[id].Add(dec.FromMicros(amount))
	}
}

func (c *entryCosts) result() map[int64]dec.Dec {
	out := c.out
	if out == nil {
		out = map[int64]dec.Dec{}
	}
	for id, v := range c.fed {
		if _, ok := out[id]; !ok {
			out[id] = v
		}
	}
	return out
}

// newMove is a move being posted: its index in the caller's list and its
// stored quantities.
type newMove struct {
	i          int
	qty, given int64
}

// apply removes dels and posts moves as one change. Balances are locked in
// key order so concurrent documents never wait on each other in a cycle.
// A fed move (RoleIn) is costed once every feeding move (RoleOut) of its
// group is; a recost that changes the cost of a feeding move already
// stored carries the change to its group's fed moves and their balances
// (propagate).
func apply(ctx context.Context, tx db.Querier, cfg Config, dels []delMove, moves []Move) ([]dec.Dec, error) {
	byKey := map[Key]*keyWork{}
	work := func(k Key) *keyWork {
		w := byKey[k]
		if w == nil {
			w = &keyWork{key: k}
			byKey[k] = w
		}
		return w
	}
	for _, d := range dels {
		work(d.Key).dels = append(work(d.Key).dels, d)
	}
	groups := map[int64]*group{}
	for i := range moves {
		m := &moves[i]
		q, ok1 := m.Qty.Micros()
		a, ok2 := m.Amount.Micros()
		if m.ValueOnly {
			m.Given = true
		}
		if !ok1 || !ok2 || (q == 0) != m.ValueOnly || len(m.Date) != 10 || m.GoodsID <= 0 || m.LocationID <= 0 {
			return nil, fmt.Errorf("stock: bad move %+v", *m)
		}
		if fk := m.feedKey(); fk != 0 {
			g := groups[fk]
			if g == nil {
				g = &group{}
				groups[fk] = g
			}
			if m.Role == RoleIn {
				if q < 0 || m.Weight.Sign() < 0 {
					return nil, fmt.Errorf("stock: bad fed move %+v", *m)
				}
				m.Given = true
				g.fed = append(g.fed, i)
			} else {
				if q > 0 {
					return nil, fmt.Errorf("stock: feeding move into stock %+v", *m)
				}
				g.feeding = append(g.feeding, i)
			}
		}
		work(m.Key).adds = append(work(m.Key).adds, newMove{i: i, qty: q, given: a})
	}
	for fk, g := range groups {
		if len(g.fed) == 0 || len(g.feeding) == 0 {
			return nil, fmt.Errorf("stock: group %d without feeding or fed moves", fk)
		}
		// Shares go in line order (entry id), here and in propagate, so
		// the line taking the remainder never changes.
		slices.SortStableFunc(g.fed, func(a, b int) int { return cmpInt(moves[a].EntryID, moves[b].EntryID) })
	}
	keys := make([]Key, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, cmpKey)
	var bal map[Key]locked
	var held map[Key]bool
	var err error
	if tx.Engine() == db.Postgres {
		// Every balance the change can reach, locked now in one order
		// (reach.go).
		starts := make(map[Key]string, len(keys))
		for _, k := range keys {
			w := byKey[k]
			d := ""
			for _, a := range w.adds {
				if md := moves[a.i].Date; d == "" || md < d {
					d = md
				}
			}
			for _, x := range w.dels {
				if d == "" || x.date < d {
					d = x.date
				}
			}
			starts[k] = d
		}
		bal, held, err = lockReach(ctx, tx, keys, starts)
	} else {
		bal, err = lockBalances(ctx, tx, keys)
	}
	if err != nil {
		return nil, err
	}
	// Balances that only gain moves may take the append path unless a
	// later move exists: one query over all of them.
	var cand []Key
	var dates []string
	for _, k := range keys {
		w := byKey[k]
		b := bal[k]
		w.qty, w.value, w.last, w.allowNegative = b.qty, b.value, b.last, b.allowNegative
		// In ledger order: by date; same date keeps the given order (ids rise).
		slices.SortStableFunc(w.adds, func(a, b newMove) int { return cmpStr(moves[a.i].Date, moves[b.i].Date) })
		if len(w.adds) > 0 && len(w.dels) == 0 {
			cand = append(cand, k)
			dates = append(dates, moves[w.adds[0].i].Date)
		}
	}
	later, err := laterKeys(ctx, tx, cand, dates)
	if err != nil {
		return nil, err
	}
	out := make([]dec.Dec, len(moves))
	costed := make([]bool, len(moves))
	var appended []*appendWork
	var fed []int64
	// Balances without fed moves first; then each balance whose fed moves'
	// groups are fully costed, until none is left (a document whose groups
	// feed each other in a circle is refused).
	pending := keys
	for len(pending) > 0 {
		var next []Key
		for _, k := range pending {
			w := byKey[k]
			ready := true
			for _, a := range w.adds {
				if m := &moves[a.i]; m.Role == RoleIn && !groups[m.feedKey()].ready(costed) {
					ready = false
					break
				}
			}
			if !ready {
				next = append(next, k)
				continue
			}
			for j := range w.adds {
				a := &w.adds[j]
				if m := &moves[a.i]; m.Role == RoleIn {
					a.given = groups[m.feedKey()].amountOf(a.i, moves, out, cfg)
					m.Amount = dec.FromMicros(a.given)
				}
			}
			check := w.checks(cfg)
			if len(w.dels) == 0 && !later[k] {
				a, err := w.appendPath(ctx, tx, cfg, moves, out, check)
				if err != nil {
					return nil, err
				}
				appended = append(appended, a)
			} else {
				f, err := w.recost(ctx, tx, cfg, moves, out, check)
				if err != nil {
					return nil, err
				}
				fed = append(fed, f...)
			}
			for _, a := range w.adds {
				costed[a.i] = true
			}
		}
		if len(next) == len(pending) {
			return nil, errs.Invalid("stock.err.circular")
		}
		pending = next
	}
	if err := writeAppended(ctx, tx, appended); err != nil {
		return nil, err
	}
	if err := propagate(ctx, tx, cfg, fed, held); err != nil {
		return nil, err
	}
	// every move written, changed or removed is dated on or after the
	// earliest date given (recosts and fed moves follow it)
	first := ""
	for _, m := range moves {
		if first == "" || m.Date < first {
			first = m.Date
		}
	}
	for _, x := range dels {
		if first == "" || x.date < first {
			first = x.date
		}
	}
	if first == "" {
		return out, nil // nothing written
	}
	return out, staleFrom(ctx, tx, first)
}

// group is the moves of one document posting that feed each other: the
// indexes of its feeding and fed moves.
type group struct {
	feeding, fed []int
	amounts      []int64 // the fed moves' amounts, once computed
}

func (g *group) ready(costed []bool) bool {
	for _, i := range g.feeding {
		if !costed[i] {
			return false
		}
	}
	return true
}

// amountOf is the amount of fed move i: the group's shares are computed on
// the first call.
func (g *group) amountOf(i int, moves []Move, out []dec.Dec, cfg Config) int64 {
	if g.amounts == nil {
		var total int64
		for _, j := range g.feeding {
			a, _ := out[j].Micros()
			total -= a
		}
		weights, qtys := make([]int64, len(g.fed)), make([]int64, len(g.fed))
		for n, j := range g.fed {
			weights[n], _ = moves[j].Weight.Micros()
			qtys[n], _ = moves[j].Qty.Micros()
		}
		fee, _ := moves[g.fed[0]].Fee.Micros()
		g.amounts = share(total+fee, weights, qtys, unit(cfg.AmountPlaces))
	}
	return g.amounts[slices.Index(g.fed, i)]
}

func cmpKey(a, b Key) int {
	if a.less(b) {
		return -1
	}
	if b.less(a) {
		return 1
	}
	return 0
}

// maxPasses bounds propagate: each pass recosts every balance fed by the
// previous one once; a chain of transfers needs one pass per link.
const maxPasses = 10_000

// propagate carries the changed costs of the feeding moves of groups fed
// to the groups' fed moves and recosts each balance holding a changed fed
// move from its earliest one, in date order, each balance once per pass,
// pass after pass while costs keep changing (a fed balance may itself feed
// others). Quantities do not change: the negative-stock rule has nothing to
// check. held: the balances apply locked up front (PostgreSQL; nil on
// SQLite): only others are locked here.
func propagate(ctx context.Context, tx db.Querier, cfg Config, fed []int64, held map[Key]bool) error {
	u := unit(cfg.AmountPlaces)
	var upd amountUpdates
	for pass := 0; len(fed) > 0; pass++ {
		if pass >= maxPasses {
			return fmt.Errorf("stock: recosting did not settle after %d passes", maxPasses)
		}
		slices.Sort(fed)
		ms, err := groupMoves(ctx, tx, slices.Compact(fed))
		if err != nil {
			return fmt.Errorf("fed moves: %w", err)
		}
		byGroup := map[int64][]groupMove{}
		for _, m := range ms {
			byGroup[m.feedKey] = append(byGroup[m.feedKey], m)
		}
		type point struct {
			date string
			id   int64
		}
		start := map[Key]point{}
		for _, g := range byGroup {
			var total, fee int64
			var in []groupMove
			for _, m := range g {
				if m.role == RoleIn {
					in = append(in, m)
					fee = m.fee
				} else {
					total -= m.amount
				}
			}
			if len(in) == 0 {
				continue
			}
			weights, qtys := make([]int64, len(in)), make([]int64, len(in))
			for n, m := range in {
				weights[n], qtys[n] = m.weight, m.qty
			}
			for n, want := range share(total+fee, weights, qtys, u) {
				m := in[n]
				if m.amount == want {
					continue
				}
				upd.add(m.id, want)
				p, ok := start[m.Key]
				if !ok || m.date < p.date || m.date == p.date && m.id < p.id {
					start[m.Key] = point{m.date, m.id}
				}
			}
		}
		if err := upd.flush(ctx, tx); err != nil {
			return fmt.Errorf("fed moves: %w", err)
		}
		keys := make([]Key, 0, len(start))
		for k := range start {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, cmpKey)
		lock := keys
		if held != nil {
			lock = nil
			for _, k := range keys {
				if !held[k] {
					lock = append(lock, k)
					held[k] = true
				}
			}
		}
		if _, err := lockBalances(ctx, tx, lock); err != nil {
			return err
		}
		slices.SortStableFunc(keys, func(a, b Key) int { return cmpStr(start[a].date, start[b].date) })
		fed = fed[:0:0]
		for _, k := range keys {
			p := start[k]
			f, err := walk(ctx, tx, cfg, k, p.date, p.id, nil, nil, false)
			if err != nil {
				return err
			}
			fed = append(fed, f...)
		}
	}
	return nil
}

// keyWork is the change to one balance.
type keyWork struct {
	key              Key
	dels             []delMove
	adds             []newMove
	qty, value, last int64 // the locked balance row
	allowNegative    bool  // its warehouse takes negative stock
}

// checks tells whether the negative-stock rule applies to the change: a
// change that can only lower quantities is checked; one that only raises
// them (a receipt, an un-audited sale) cannot create a shortfall.
func (w *keyWork) checks(cfg Config) bool {
	lowers := false
	for _, a := range w.adds {
		lowers = lowers || a.qty < 0
	}
	for _, d := range w.dels {
		lowers = lowers || d.qty > 0
	}
	return lowers && cfg.CheckNegative && !w.allowNegative
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// appendWork is a balance on the append path, costed and checked, waiting
// to be written with the others.
type appendWork struct {
	key  Key
	s    *state
	old  []layer
	rows []moveRow
}

// appendPath costs moves dated on or after every move of the balance from
// the balance row (and FIFO layers) and checks the rule; writeAppended
// then inserts them with their final amounts and writes the balances.
func (w *keyWork) appendPath(ctx context.Context, tx db.Querier, cfg Config, moves []Move, out []dec.Dec, check bool) (*appendWork, error) {
	s := &state{fifo: cfg.Method == FIFO, u: unit(cfg.AmountPlaces), qty: w.qty, value: w.value, last: w.last}
	a := &appendWork{key: w.key, s: s}
	if s.fifo {
		var err error
		if a.old, err = loadLayers(ctx, tx, w.key); err != nil {
			return nil, err
		}
		s.layers = slices.Clone(a.old)
	}
	minQty := s.qty
	for _, nm := range w.adds {
		m := &moves[nm.i]
		// The move has no id yet: a FIFO layer it opens carries -(its row
		// number + 1) until writeAppended knows the id.
		amt, _ := s.step(mv{id: -int64(len(a.rows) + 1), date: m.Date, qty: nm.qty, amount: nm.given, given: m.Given && nm.qty >= 0})
		a.rows = append(a.rows, moveRow{m: m, qty: nm.qty, amount: amt})
		out[nm.i] = dec.FromMicros(amt)
		minQty = min(minQty, s.qty)
		if s.over() {
			return nil, tooLarge(ctx, tx, w.key)
		}
	}
	if check && minQty < 0 && minQty < w.qty {
		return nil, short(ctx, tx, w.key, -minQty)
	}
	if s.stranded {
		return nil, stranded(ctx, tx, w.key)
	}
	return a, nil
}

// writeAppended inserts the moves of every appended balance in one
// statement, gives the FIFO layers they opened their ids, and writes the
// balances in one statement.
func writeAppended(ctx context.Context, tx db.Querier, ws []*appendWork) error {
	if len(ws) == 0 {
		return nil
	}
	var rows []moveRow
	var bals []balanceRow
	for _, a := range ws {
		rows = append(rows, a.rows...)
		bals = append(bals, balanceRow{key: a.key, qty: a.s.qty, value: a.s.value, last: a.s.last})
	}
	ids, err := insertMoves(ctx, tx, rows)
	if err != nil {
		return fmt.Errorf("insert moves: %w", err)
	}
	n := 0
	for _, a := range ws {
		for j := range a.s.layers {
			if l := &a.s.layers[j]; l.moveID < 0 {
				l.moveID = ids[n+int(-l.moveID)-1]
			}
		}
		n += len(a.rows)
		if a.s.fifo {
			if err := writeLayers(ctx, tx, a.key, a.old, a.s.layers); err != nil {
				return err
			}
		}
	}
	return writeBalances(ctx, tx, bals)
}

// recost applies a back-dated or removing change: it deletes and inserts
// the moves, then walks the balance's ledger from the earliest changed
// point (walk). It answers the stored out-moves whose cost changed.
func (w *keyWork) recost(ctx context.Context, tx db.Querier, cfg Config, moves []Move, out []dec.Dec, check bool) ([]int64, error) {
	pDate, pID := "", int64(0)
	earlier := func(d string, id int64) {
		if pDate == "" || d < pDate || d == pDate && id < pID {
			pDate, pID = d, id
		}
	}
	if len(w.dels) > 0 {
		ids := make([]int64, len(w.dels))
		for i, d := range w.dels {
			ids[i] = d.id
			earlier(d.date, d.id)
		}
		if err := deleteMoves(ctx, tx, ids); err != nil {
			return nil, fmt.Errorf("delete moves: %w", err)
		}
	}
	newIDs := make(map[int64]int, len(w.adds))
	for _, a := range w.adds {
		m := &moves[a.i]
		amt := int64(0)
		if m.Given && a.qty >= 0 {
			amt = a.given
		}
		id, err := insertMove(ctx, tx, m, a.qty, amt)
		if err != nil {
			return nil, fmt.Errorf("insert move: %w", err)
		}
		newIDs[id] = a.i
		earlier(m.Date, id)
	}
	return walk(ctx, tx, cfg, w.key, pDate, pID, newIDs, out, check)
}

// walk recosts balance k from the point (pDate, pID): it recomputes every
// computed amount from there (writing only those that changed), checks the
// rule at every point from there when check, and rewrites the balance row
// and FIFO layers. out[newIDs[id]] receives the amount of each new move.
// It answers the groups of the feeding moves (RoleOut) whose stored cost
// changed, other than new ones (their fed moves are costed by apply).
func walk(ctx context.Context, tx db.Querier, cfg Config, k Key, pDate string, pID int64, newIDs map[int64]int, out []dec.Dec, check bool) ([]int64, error) {
	s, fromDate, fromID, err := startState(ctx, tx, cfg, k, pDate, pID)
	if err != nil {
		return nil, err
	}
	var old []layer
	if s.fifo {
		if old, err = loadLayers(ctx, tx, k); err != nil {
			return nil, err
		}
	}
	ms, err := movesFrom(ctx, tx, k, fromDate, fromID)
	if err != nil {
		return nil, fmt.Errorf("moves to recost: %w", err)
	}
	var fed []int64
	var upd amountUpdates
	minQty := int64(0)
	checking := false
	for _, m := range ms {
		if !checking && (m.date > pDate || m.date == pDate && m.id >= pID) {
			checking = true
			minQty = s.qty
		}
		amt, li := s.step(m)
		if s.over() {
			return nil, tooLarge(ctx, tx, k)
		}
		if li >= 0 {
			s.layers[li].moveID = m.id
		}
		i, isNew := newIDs[m.id]
		if isNew {
			out[i] = dec.FromMicros(amt)
		}
		if amt != m.amount {
			upd.add(m.id, amt)
			if m.role == RoleOut && !isNew {
				fed = append(fed, m.feedKey)
			}
		}
		if checking {
			minQty = min(minQty, s.qty)
		}
	}
	if check && minQty < 0 {
		return nil, short(ctx, tx, k, -minQty)
	}
	if s.stranded {
		return nil, stranded(ctx, tx, k)
	}
	if err := upd.flush(ctx, tx); err != nil {
		return nil, fmt.Errorf("recost moves of %+v: %w", k, err)
	}
	if s.fifo {
		if err := writeLayers(ctx, tx, k, old, s.layers); err != nil {
			return nil, err
		}
	}
	return fed, writeBalance(ctx, tx, k, s)
}

// GoodsBalance is the on-hand quantity and value of a goods item (and SKU)
// over every warehouse.
func GoodsBalance(ctx context.Context, q db.Querier, goodsID, skuID int64) (qty, amount dec.Dec, err error) {
	err = q.QueryRow(ctx, "SELECT COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0) FROM stock_balances WHERE goods_id = ? AND sku_id = ?",
		goodsID, skuID).Scan(&qty, &amount)
	return
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
