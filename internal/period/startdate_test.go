package period_test

import (
	"fmt"
	"testing"

	"cangshu/internal/apptest"
)

// The start date may not move into a closed period nor past a document:
// documents before the start date, or a start inside books already closed,
// would rewrite what the closed reports and the openings say.
func TestStartDateGuards(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	var first doc
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-01-10", "10", "3")).Want(200).Decode(&first)
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, "2025-03-01", "1", "5")).Want(200)
	startID := fmt.Sprint(e.ID("SELECT id FROM configs WHERE config_key = 'startDate'"))
	sys, cfg := "/api/config/system", "/api/config/"+startID
	past := fmt.Sprintf("启用日期不能晚于已有单据“%s”的日期 2025-01-10", first.BillNo)
	pastEn := fmt.Sprintf("The start date cannot be later than the date of document \"%s\" (2025-01-10)", first.BillNo)
	apptest.Run(t, []apptest.Step{
		{Name: "past the first document", As: admin, Method: "POST", Path: sys, Body: map[string]any{"startDate": "2025-01-11"}, Status: 400, Field: "startDate", Msg: past},
		{Name: "past the first document, en", As: admin, Lang: "en", Method: "POST", Path: sys, Body: map[string]any{"startDate": "2025-02-01"}, Status: 400, Field: "startDate", Msg: pastEn},
		{Name: "past the first document by the config page", As: admin, Method: "POST", Path: cfg, Body: map[string]any{"configKey": "startDate", "configValue": "2025-06-01"}, Status: 400, Field: "configValue", Msg: past},
		{Name: "on the first document's day", As: admin, Method: "POST", Path: sys, Body: map[string]any{"startDate": "2025-01-10"}, Status: 200},
		{Name: "earlier again", As: admin, Method: "POST", Path: sys, Body: map[string]any{"startDate": "2024-01-01"}, Status: 200},
	})

	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200)
	closed := "2025-01-31 及以前的期间已结账，启用日期不能改动：请先反结账"
	closedEn := "The period up to 2025-01-31 is closed: the start date cannot change; reopen the period first"
	apptest.Run(t, []apptest.Step{
		{Name: "into the closed period", As: admin, Method: "POST", Path: sys, Body: map[string]any{"startDate": "2024-06-01"}, Status: 400, Field: "startDate", Msg: closed},
		{Name: "out of the closed period, en", As: admin, Lang: "en", Method: "POST", Path: sys, Body: map[string]any{"startDate": "2023-01-01"}, Status: 400, Field: "startDate", Msg: closedEn},
		{Name: "by the config page", As: admin, Method: "POST", Path: cfg, Body: map[string]any{"configKey": "startDate", "configValue": "2024-02-01"}, Status: 400, Field: "configValue", Msg: closed},
		{Name: "unchanged passes", As: admin, Method: "POST", Path: sys, Body: map[string]any{"startDate": "2024-01-01", "companyName": "仓鼠"}, Status: 200},
	})
	if got := e.Text("SELECT config_value FROM configs WHERE config_key = 'startDate'"); got != "2024-01-01" {
		t.Fatalf("start date %s after refused changes", got)
	}
	admin.Do("POST", "/api/period/open", nil).Want(200)
	admin.Do("POST", sys, map[string]any{"startDate": "2024-06-01"}).Want(200)
}
