package bill

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// countingQuerier counts the statements sent through it.
type countingQuerier struct {
	db.Querier
	n int
}

func (c *countingQuerier) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	c.n++
	return c.Querier.Exec(ctx, query, args...)
}

func (c *countingQuerier) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.n++
	return c.Querier.Query(ctx, query, args...)
}

func (c *countingQuerier) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	c.n++
	return c.Querier.QueryRow(ctx, query, args...)
}

// An invoice's lines are checked against their source documents and lines
// read in two queries, however many lines it has (it was two a line), with
// the same answers: totals, and each bad line refused on its own field.
func TestBuildInvoiceQueries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t)
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 {
		t.Helper()
		var id int64
		if err := d.InTx(ctx, func(tx *db.Tx) error { return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id) }); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return id
	}
	shop := ins("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S090', '本店', ?, ?)", now, now)
	unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	goods := ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', ?, ?, ?)", unit, now, now)
	contact := func(num string) int64 {
		return ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, ?, ?, ?, ?, ?)", num, num, num, now, now)
	}
	cust, other := contact("KH001"), contact("KH002")
	// Ten sales of three lines each (10 × 10 = 100 a line, 30 invoiced
	// already), a sales return alike (its figures stored positive, as the
	// engine does), a draft, and another customer's sale.
	bill := func(kind string, tt int, no string, buID int64, checked int) (int64, []int64) {
		id := ins(`INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, contact_id, checked, created_at, updated_at)
			VALUES (?, ?, ?, ?, '2025-03-01', ?, ?, ?, ?)`, shop, kind, tt, no, buID, checked, now, now)
		var lines []int64
		for i := range 3 {
			lines = append(lines, ins(`INSERT INTO bill_entries (bill_id, line_no, goods_id, unit_id, unit_rate, qty, base_qty, amount, tax_amount, invoiced_amount)
				VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`, id, i+1, goods, unit, dec.FromInt(10), dec.FromInt(10),
				dec.FromInt(100), dec.FromInt(100), dec.FromInt(30)))
		}
		return id, lines
	}
	type src struct {
		id    int64
		lines []int64
	}
	var sales []src
	for i := range 10 {
		id, lines := bill("sales", 150601, fmt.Sprintf("XS%03d", i), cust, 1)
		sales = append(sales, src{id, lines})
	}
	ret, retLines := bill("reSales", 150602, "XT001", cust, 1)
	draft, draftLines := bill("sales", 150601, "XS900", cust, 0)
	away, awayLines := bill("sales", 150601, "XS901", other, 1)

	k := &Kind{Name: "salesInvoice", TransType: 153501, Family: Fund, Fund: FundInvoice, ContactType: Customer, SettleKinds: []string{"sales", "reSales"}}
	sys := sysparam.System{QtyPlaces: 2, AmountPlaces: 2}
	build := func(entries []EntryInput) (*Document, map[string]string, int) {
		t.Helper()
		q := &countingQuerier{Querier: d}
		var f errs.Fields
		doc := &Document{}
		if err := buildInvoice(ctx, q, k, sys, shop, &Input{BuID: cust, Entries: entries}, doc, &f); err != nil {
			t.Fatal(err)
		}
		refused := map[string]string{}
		if e, ok := errs.As(f.Err()); ok {
			for _, fe := range e.Fields {
				if _, ok := refused[fe.Path]; !ok {
					refused[fe.Path] = fe.Key
				}
			}
		}
		return doc, refused, q.n
	}
	line := func(bill, entry int64, amount int64) EntryInput {
		return EntryInput{SrcBillID: bill, SrcEntryID: entry, Amount: dec.FromInt(amount), Tax: dec.Zero}
	}

	// One line, then every line of the ten sales and the return: the same
	// number of queries.
	_, refused, one := build([]EntryInput{line(sales[0].id, sales[0].lines[0], 70)})
	if len(refused) != 0 {
		t.Fatalf("one line refused: %v", refused)
	}
	var all []EntryInput
	for _, s := range sales {
		for _, l := range s.lines {
			all = append(all, line(s.id, l, 70))
		}
	}
	all = append(all, line(ret, retLines[0], -40))
	doc, refused, many := build(all)
	if len(refused) != 0 || one != 2 || many != one {
		t.Fatalf("queries: %d for one line, %d for %d lines (want 2 each); refused %v", one, many, len(all), refused)
	}
	if got := fmt.Sprintf("%d %s %s %s %s", len(doc.Entries), doc.TotalAmount, doc.TotalTaxAmount, doc.Amount, doc.Entries[30].SrcBillNo); got != "31 2060 2060 2060 XT001" {
		t.Fatalf("invoice: %s", got)
	}

	// Bad lines, each on its own field, beside good ones.
	_, refused, n := build([]EntryInput{
		line(sales[1].id, sales[1].lines[0], 70),          // ok
		line(sales[1].id, sales[1].lines[1], 71),          // more than the 70 left
		line(sales[2].id, sales[3].lines[0], 10),          // another document's line
		line(draft, draftLines[0], 10),                    // a draft
		line(away, awayLines[0], 10),                      // another customer's
		line(0, sales[0].lines[0], 10),                    // no document
		line(sales[4].id, 0, 10),                          // no line
		line(ret, retLines[1], 10),                        // a return invoiced positive
		line(sales[5].id, sales[5].lines[2], 40),          // ok: 40 of 70
		line(sales[5].id, sales[5].lines[2], 31),          // the same line again: only 30 left
		line(sales[6].id+1_000_000, sales[6].lines[0], 1), // no such document
	})
	want := map[string]string{
		"entries[1].amount":     "bill.err.invoiceTooMuch",
		"entries[2].srcEntryId": "err.notFound",
		"entries[3].srcBillId":  "bill.err.checkNotAudited",
		"entries[4].srcBillId":  "bill.err.checkContact",
		"entries[5].srcBillId":  "err.required",
		"entries[6].srcEntryId": "err.notFound",
		"entries[7].amount":     "bill.err.invoiceSign",
		"entries[9].amount":     "bill.err.invoiceTooMuch",
		"entries[10].srcBillId": "err.notFound",
	}
	var diff []string
	for p, key := range want {
		if refused[p] != key {
			diff = append(diff, fmt.Sprintf("%s: %q, want %q", p, refused[p], key))
		}
	}
	for p, key := range refused {
		if _, ok := want[p]; !ok {
			diff = append(diff, fmt.Sprintf("%s: %q, want nothing", p, key))
		}
	}
	if len(diff) > 0 || n != 2 {
		t.Fatalf("%d queries; refusals:\n%s", n, strings.Join(diff, "\n"))
	}
}
