package fund_test

import (
	"fmt"
	"testing"

	"cangshu/internal/apptest"
)

// A contact or account that only a money document uses cannot be deleted
// while the document exists, audited or a draft: the answer names the
// document in the user's language and nothing is deleted. A verification's
// to-contact (153204, 153205: bills.to_contact_id) and a fund transfer's
// out- and in-account (fund_entries.account_id, in_account_id) are such
// uses. Once the document is deleted, the record can go.
func TestDeleteUsedByMoneyDocument(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		kind string               // the document's kind
		doc  func(w *world) body  // the document
		used func(w *world) int64 // the record only the document uses
		del  string               // the record's delete route
		en   string               // its label in the messages
		zh   string               // 中文
		left string               // counts the record's row
	}{
		{
			name: "153204 receivable moved to a customer", kind: "verification",
			doc: func(w *world) body {
				s := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10"))
				return body{"transType": 153204, "date": "2025-02-07", "buId": w.cust, "toBuId": w.cust2, "amount": 70,
					"checks": []body{{"billId": s.ID, "nowCheck": 70}}}
			},
			used: func(w *world) int64 { return w.cust2 },
			del:  "/api/contact/delete", en: "Customer", zh: "客户",
			left: "SELECT COUNT(*) FROM contacts WHERE id = ?",
		},
		{
			name: "153205 payable moved to a supplier", kind: "verification",
			doc: func(w *world) body {
				p := w.unsettled("payment", w.supp)[0]
				return body{"transType": 153205, "date": "2025-02-07", "buId": w.supp, "toBuId": w.supp2, "amount": 1000,
					"checks": []body{{"billId": p.BillID, "nowCheck": 1000}}}
			},
			used: func(w *world) int64 { return w.supp2 },
			del:  "/api/contact/delete", en: "Supplier", zh: "供应商",
			left: "SELECT COUNT(*) FROM contacts WHERE id = ?",
		},
		{
			name: "transfer's in-account", kind: "fundTf",
			doc: func(w *world) body {
				return body{"date": "2025-03-02", "entries": []body{{"outAccId": w.cash, "inAccId": w.bank, "amount": 200}}}
			},
			used: func(w *world) int64 { return w.bank },
			del:  "/api/settAcct/delete", en: "Settlement account", zh: "结算账户",
			left: "SELECT COUNT(*) FROM settle_accounts WHERE id = ?",
		},
		{
			name: "transfer's out-account", kind: "fundTf",
			doc: func(w *world) body {
				w.e.Exec("UPDATE settle_accounts SET opening_balance = 500000000 WHERE id = ?", w.bank)
				return body{"date": "2025-03-02", "entries": []body{{"outAccId": w.bank, "inAccId": w.cash, "amount": 200}}}
			},
			used: func(w *world) int64 { return w.bank },
			del:  "/api/settAcct/delete", en: "Settlement account", zh: "结算账户",
			left: "SELECT COUNT(*) FROM settle_accounts WHERE id = ?",
		},
	}
	for _, c := range cases {
		for _, audited := range []bool{true, false} {
			name := c.name + ", draft"
			if audited {
				name = c.name + ", audited"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				w := newWorld(t)
				add := "/api/" + c.kind + "/add"
				if audited {
					add += "?check=1"
				}
				d := w.save(add, c.doc(w))
				if want := map[bool]int{true: 1, false: 0}[audited]; d.Checked != want {
					t.Fatalf("document checked %d, want %d", d.Checked, want)
				}
				id := c.used(w)
				del := fmt.Sprintf("%s?id=%d", c.del, id)
				remove := func(path string) string {
					t.Helper()
					var res []apptest.Batch
					w.admin.Do("DELETE", path, nil).Want(200).Decode(&res)
					if len(res) != 1 {
						t.Fatalf("%s: %d results", path, len(res))
					}
					return res[0].Msg
				}
				for _, lang := range []struct{ lang, want string }{
					{"en", fmt.Sprintf(`%s is used by document "%s" and cannot be deleted`, c.en, d.BillNo)},
					{"", fmt.Sprintf("%s已被单据“%s”使用，不能删除", c.zh, d.BillNo)},
				} {
					w.admin.Lang = lang.lang
					if msg := remove(del); msg != lang.want {
						t.Fatalf("delete while used (%q): %q, want %q", lang.lang, msg, lang.want)
					}
				}
				if n := w.e.Count(c.left, id); n != 1 {
					t.Fatalf("refused delete left %d rows", n)
				}
				if w.get(c.kind, d.ID).BillNo != d.BillNo {
					t.Fatal("document changed")
				}
				if audited {
					if msg := w.batch(w.admin, fmt.Sprintf("/api/%s/uncheck?id=%d", c.kind, d.ID)); msg != "" {
						t.Fatalf("un-audit: %s", msg)
					}
				}
				if msg := remove(fmt.Sprintf("/api/%s/delete?id=%d", c.kind, d.ID)); msg != "" {
					t.Fatalf("document delete: %s", msg)
				}
				if msg := remove(del); msg != "" {
					t.Fatalf("delete once unused: %s", msg)
				}
				if n := w.e.Count(c.left, id); n != 0 {
					t.Fatalf("deleted record left %d rows", n)
				}
			})
		}
	}
}
