package app

import (
	"context"

	"cangshu/internal/db"
	"cangshu/internal/goods"
	"cangshu/internal/server"
	"cangshu/internal/stock"
	"cangshu/internal/usage"
)

// wireGoods builds the goods domain: its service, the references it registers
// (usage, shops, reset) and its routes. Documents register their references
// to usage.Goods and usage.SKU; goods deletion checks them.
func (a *App) wireGoods() ([]server.Route, error) {
	s := goods.NewService(a.DB, a.Usage, a.Config.DataDir, goods.Stock{ReplaceOpenings: replaceOpenings, RemoveGoods: removeGoodsStock})
	const what = "goods.entity"
	a.Usage.Add(usage.Unit,
		usage.Ref{Table: "goods", Column: "unit_id", What: what, Name: "number"},
		usage.Ref{Table: "goods_units", Column: "unit_id", What: what, Name: "(SELECT g.number FROM goods g WHERE g.id = goods_units.goods_id)"})
	a.Usage.Add(usage.UnitType, usage.Ref{Table: "goods", Column: "unit_type_id", What: what, Name: "number"})
	a.Usage.Add(usage.Assist,
		usage.Ref{Table: "goods", Column: "category_id", What: what, Name: "number"},
		usage.Ref{Table: "goods_sku_values", Column: "assist_id", What: what,
			Name: "(SELECT g.number FROM goods_skus k JOIN goods g ON g.id = k.goods_id WHERE k.id = goods_sku_values.sku_id)"})
	a.Usage.Add(usage.AssistType, usage.Ref{Table: "goods_sku_types", Column: "type_id", What: what,
		Name: "(SELECT g.number FROM goods g WHERE g.id = goods_sku_types.goods_id)"})
	a.Usage.Add(usage.Location,
		usage.Ref{Table: "goods", Column: "location_id", What: what, Name: "number"},
		usage.Ref{Table: "goods_warnings", Column: "location_id", What: what, Name: "(SELECT g.number FROM goods g WHERE g.id = goods_warnings.goods_id)"},
		usage.Ref{Table: "goods_openings", Column: "location_id", What: what, Name: "(SELECT g.number FROM goods g WHERE g.id = goods_openings.goods_id)"})
	// Goods and SKUs with posted movements (other than their own opening
	// stock, which goods delete with them) cannot be deleted; the message
	// names the document.
	bill := "(SELECT b.bill_no FROM bills b WHERE b.id = stock_moves.bill_id)"
	a.Usage.Add(usage.Goods, usage.Ref{Table: "stock_moves", Column: "goods_id", What: "stock.bill", Name: bill, Where: "kind <> 'opening'"})
	a.Usage.Add(usage.SKU, usage.Ref{Table: "stock_moves", Column: "sku_id", What: "stock.bill", Name: bill, Where: "kind <> 'opening'"})
	return goods.Routes(s), nil
}

// replaceOpenings posts a goods item's opening stock through the stock engine
// (goods, master data, imports no engine).
func replaceOpenings(ctx context.Context, tx db.Querier, goodsID int64, date string, lines []goods.OpeningMove) error {
	cfg, err := stock.ReadConfig(ctx, tx)
	if err != nil {
		return err
	}
	moves := make([]stock.Move, len(lines))
	for i, o := range lines {
		moves[i] = stock.Move{
			Key:  stock.Key{GoodsID: goodsID, SKUID: o.SKUID, LocationID: o.LocationID, Batch: o.Batch},
			Date: date, Qty: o.Qty, Amount: o.Amount, Given: true, Kind: stock.OpeningKind, OpeningID: o.ID,
		}
	}
	return stock.ReplaceOpenings(ctx, tx, cfg, goodsID, moves)
}

// removeGoodsStock removes a deleted goods item's rows from the stock engine.
func removeGoodsStock(ctx context.Context, tx db.Querier, goodsID int64) error {
	cfg, err := stock.ReadConfig(ctx, tx)
	if err != nil {
		return err
	}
	if err := stock.RemoveGoods(ctx, tx, cfg, goodsID); err != nil {
		return err
	}
	// the serials its opening stock brought in (no document moved them:
	// a goods item moved by a document is not deleted)
	_, err = tx.Exec(ctx, "DELETE FROM serials WHERE goods_id = ? AND last_kind = 'opening' AND last_bill_id IS NULL", goodsID)
	return err
}
