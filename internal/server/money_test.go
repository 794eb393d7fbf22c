package server

import "testing"

func TestMaskMoney(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"date":"2025-01-01","entries":[{"qty":3,"price":4711.83,"amount":"14135.49"}],"buId":2}`,
			`{"date":"2025-01-01","entries":[{"qty":3,"price":"***","amount":"***"}],"buId":2}`},
		{`[{"field":"entries[0].price","old":"1.5","new":2},{"field":"name","old":"a","new":"b"}]`,
			`[{"field":"entries[0].price","old":"***","new":"***"},{"field":"name","old":"a","new":"b"}]`},
		{`[{"field":"purPrice","new":2}]`, `[{"field":"purPrice","new":"***"}]`},
		{`qty=3&salePrice=12.5&name=x`, `qty=3&salePrice=***&name=x`},
		{`{"rows":[{"invId":1,"purPrice":"4711.8`, `{"rows":[{"invId":1,"purPrice":"***"`},
	} {
		if got := MaskMoney(c.in); got != c.want {
			t.Errorf("MaskMoney(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}
