package bill

import (
	"context"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Orders (purchase and sales orders) move no stock; their lines are
// fulfilled by the lines of audited receipts or deliveries that name them
// (bill_entries.src_order_id/src_order_entry_id). The order's bill_status
// follows every audit, un-audit and delete of such a document in the same
// transaction: 0 nothing fulfilled, 1 partly, 2 every line completely; 3
// closed by hand, kept until the order is opened again. Returns do not link
// to orders: they change no fulfilment. See docs/stock.md.

// Order statuses (bills.bill_status).
const (
	StatusNone    = 0
	StatusPartial = 1
	StatusDone    = 2
	StatusClosed  = 3
)

// Close closes an audited order by hand: nothing more is fulfilled from it.
func (s *Service) Close(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	return s.setClosed(ctx, p, k, id, true)
}

// Open opens a closed order again; its status is recomputed.
func (s *Service) Open(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	return s.setClosed(ctx, p, k, id, false)
}

func (s *Service) setClosed(ctx context.Context, p *server.Principal, k *Kind, id int64, close bool) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		// Lock the order first: a receipt or delivery being audited
		// against it finishes before (or waits for) the close.
		if err := lockBills(ctx, tx, []int64{id}); err != nil {
			return fmt.Errorf("lock bill %d: %w", id, err)
		}
		st, found, err := readState(ctx, tx, shopID, k.Name, id)
		if err != nil {
			return fmt.Errorf("read order %d: %w", id, err)
		}
		if !found {
			return notFound(k)
		}
		if err := seen(ctx, tx, p.Rights, k, id); err != nil {
			return err
		}
		if st.checked != 1 {
			return errs.Conflict("bill.err.notAudited", errs.A("no", st.billNo))
		}
		now := time.Now().UTC()
		if close {
			if st.billStatus == StatusClosed {
				return errs.Conflict("bill.err.orderClosed", errs.A("no", st.billNo))
			}
			return setBillStatus(ctx, tx, id, StatusClosed, now)
		}
		if st.billStatus != StatusClosed {
			return errs.Conflict("bill.err.orderNotClosed", errs.A("no", st.billNo))
		}
		if err := setBillStatus(ctx, tx, id, StatusNone, now); err != nil {
			return err
		}
		return Fulfilment.refresh(ctx, tx, []int64{id})
	})
}
