package bill

import (
	"context"
	"fmt"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
	"cangshu/internal/track"
)

// Serial numbers and batches on document lines (docs/stock.md "Serial
// numbers", "Batches"). Saving checks what a document says by itself
// (count, duplicates, required batch, dates); where serials are is checked
// when the document is audited (internal/track, under the serials' row
// locks), as stock is.

const labelSerNum errs.Key = "bill.field.serNum"

const maxSerials = 5000 // per line

type serialKey struct {
	goodsID int64
	serial  string
}

// serialsSeen is the line number (1-based) first naming each serial of a
// document: a serial appears at most once in a document.
type serialsSeen map[serialKey]int

// serialLine checks and keeps the serials of line i. Serial-managed lines
// (ISSERNUM on, goods flagged, a stock kind) name one serial per base unit;
// other lines may name none.
func serialLine(k *Kind, sys sysparam.System, g goodsRow, okGoods bool, i int, list []SerNum, line *Entry, seen serialsSeen, f *errs.Fields) {
	line.SerNumList = []SerNum{}
	p := fmt.Sprintf("entries[%d].serNumList", i)
	managed := okGoods && sys.ISSERNUM == 1 && g.isSerNum == 1 && k.Stock != 0 && !k.ValueOnly
	if managed && k.Combination {
		f.Add(fmt.Sprintf("entries[%d].invId", i), "bill.err.serNumCombination", errs.A("line", i+1), errs.A("goods", g.name))
		return
	}
	if !managed {
		if len(list) > 0 && okGoods {
			f.Add(p, "bill.err.serNumNotManaged", errs.A("line", i+1), errs.A("goods", g.name))
		}
		return
	}
	if len(list) > maxSerials {
		f.Add(p, "bill.err.tooManySerNums", errs.A("line", i+1), errs.A("max", maxSerials))
		return
	}
	for j, sn := range list {
		path := fmt.Sprintf("%s[%d].serNum", p, j)
		v := strings.TrimSpace(sn.SerNum)
		before := f.Len()
		if f.Text(path, labelSerNum, v, true, maxShort); f.Len() > before {
			continue
		}
		key := serialKey{line.InvID, v}
		if first, dup := seen[key]; dup {
			f.Add(path, "bill.err.serNumDup", errs.A("serNum", v), errs.A("line", i+1), errs.A("goods", g.name), errs.A("first", first))
			continue
		}
		seen[key] = i + 1
		line.SerNumList = append(line.SerNumList, SerNum{SerNum: v})
	}
	if line.BaseQty.Sign() <= 0 { // not computed: the line has other errors
		return
	}
	if !line.BaseQty.Round(0).Equal(line.BaseQty) {
		f.Add(fmt.Sprintf("entries[%d].qty", i), "bill.err.serNumWhole", errs.A("line", i+1), errs.A("goods", g.name))
		return
	}
	if n := len(list); !dec.FromInt(int64(n)).Equal(line.BaseQty) {
		f.Add(p, "bill.err.serNumCount", errs.A("line", i+1), errs.A("goods", g.name), errs.A("qty", line.BaseQty.String()), errs.A("n", n))
	}
}

// batchLine checks the batch of line i of batch-managed goods (ISWARRANTY
// on, goods flagged, a stock kind): a batch is required; dates not given
// are those the batch was first received with; a receipt's expiry not
// given is the production date plus the goods' shelf life (safeDays).
func batchLine(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, g goodsRow, i int, line *Entry, f *errs.Fields) error {
	if sys.ISWARRANTY != 1 || g.isWarranty != 1 || k.Stock == 0 {
		return nil
	}
	p := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
	if line.Batch == "" {
		f.Add(p("batch"), "bill.err.batchRequired", errs.A("line", i+1), errs.A("goods", g.name))
		return nil
	}
	if line.ProdDate == "" && line.ValidDate == "" {
		prod, valid, err := track.BatchDates(ctx, q, line.InvID, line.Batch)
		if err != nil {
			return err
		}
		line.ProdDate, line.ValidDate = prod, valid
	}
	if line.ValidDate == "" && line.ProdDate != "" && g.safeDays > 0 && sysparam.ValidDate(line.ProdDate) {
		line.ValidDate = track.AddDays(line.ProdDate, g.safeDays)
	}
	if line.ProdDate != "" && line.ValidDate != "" && line.ValidDate < line.ProdDate {
		f.Add(p("validDate"), "bill.err.validBeforeProd", errs.A("line", i+1), errs.A("goods", g.name))
	}
	return nil
}

// postSerials moves the serials of an audited document (ISSERNUM on).
func postSerials(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state) error {
	if sys.ISSERNUM != 1 || k.Stock == 0 || k.ValueOnly || k.Combination {
		return nil
	}
	return track.PostSerials(ctx, tx, track.Doc{BillID: st.id, Kind: k.Name, Date: st.date, Dir: k.Stock, ReturnOf: k.ReturnOf, Transfer: k.Transfer})
}
