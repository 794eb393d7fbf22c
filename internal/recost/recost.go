// Package recost is cost recalculation (重算成本): a job replays the stock
// ledger since the last closed period, balance by balance, through the
// stock engine's own recosting (stock.Recost), each balance in its own short
// transaction, while the screen polls its progress; it then lists every
// balance whose value or cost of goods out changed (goods, warehouse, old
// and new figures). One job runs at a time (across app instances: the job
// row is the claim); a job whose instance stopped is seen as failed once
// its heartbeat is stale.
package recost

import (
	"time"

	"cangshu/internal/dec"
)

// Job statuses.
const (
	StatusRunning = "running"
	StatusDone    = "done"
	StatusFailed  = "failed"
)

// staleAfter: a running job without progress for this long is failed.
const staleAfter = 10 * time.Minute

// Job is a run (GET /api/recost/status).
type Job struct {
	ID         int64      `json:"id"`
	Status     string     `json:"status"`
	FromDate   string     `json:"fromDate"` // first day replayed ("" = the whole ledger)
	Total      int        `json:"total"`
	Done       int        `json:"done"`
	Percent    int        `json:"percent"`
	Changed    int        `json:"changed"`
	Error      string     `json:"error"`
	UserName   string     `json:"userName"`
	StartTime  time.Time  `json:"startTime"`
	FinishTime *time.Time `json:"finishTime"`
}

// Change is one balance a run changed.
type Change struct {
	InvID        int64   `json:"invId"`
	InvNumber    string  `json:"invNumber"`
	InvName      string  `json:"invName"`
	SkuName      string  `json:"skuName"`
	LocationID   int64   `json:"locationId"`
	LocationName string  `json:"locationName"`
	Batch        string  `json:"batch"`
	Qty          dec.Dec `json:"qty"`
	OldAmount    dec.Dec `json:"oldAmount"` // stock value before
	NewAmount    dec.Dec `json:"newAmount"`
	OldUnitCost  dec.Dec `json:"oldUnitCost"` // value ÷ quantity (0 at no stock)
	NewUnitCost  dec.Dec `json:"newUnitCost"`
	OldOutCost   dec.Dec `json:"oldOutCost"` // cost of what left since fromDate
	NewOutCost   dec.Dec `json:"newOutCost"`
}

func (j *Job) fill(now time.Time, heartbeat time.Time) {
	if j.Status == StatusRunning && now.Sub(heartbeat) > staleAfter {
		j.Status = StatusFailed
		j.Error = "stale"
	}
	switch {
	case j.Status == StatusDone:
		j.Percent = 100
	case j.Total > 0:
		j.Percent = j.Done * 100 / j.Total
	}
}
