// The document kinds the generic entry and list pages serve (docs/api.md §4):
// the trading kinds (internal/order, internal/trade) and the warehouse
// kinds (internal/warehouse). One row a kind: family (which header, footer
// and line columns the entry page brings), routes, permissions, the contact
// it is made with, its money right, whether lines show costs, whether it
// is an order, what it is made from.
// The server's kinds (internal/app/kinds.go) are the source: the Go test
// internal/app/kinds_web_test.go fails when this table, the seeded menus or
// the kind labels of locales/<lang>/document.json disagree with them.
import { COST_RIGHT } from '@/stores/money'

export type TradeKindName = 'purOrder' | 'purchase' | 'rePurchase' | 'salesOrder' | 'sales' | 'reSales'
export type WarehouseKindName = 'invTf' | 'otherIn' | 'otherOut' | 'costAdjustment' | 'combination'
export type FundKindName = 'receipt' | 'payment' | 'income' | 'expense' | 'fundTf' | 'verification'
export type DocKindName = TradeKindName | WarehouseKindName | FundKindName
/** Sales and purchase invoices (features/invoice): their own entry page, the list page here. */
export type InvoiceKindName = 'salesInvoice' | 'purInvoice'

/** trade: contact, discount, paid now, debt; inventory: stock only, no money; fund: money documents, no goods;
 * invoice: invoiced amounts of goods documents */
export type DocFamily = 'trade' | 'inventory' | 'fund' | 'invoice'

/** How a money document looks (families/fund.tsx): settle (receipts, payments), verify (核销单), items (income, expense), transfer. */
export type FundShape = 'settle' | 'verify' | 'items' | 'transfer'

/** How an inventory kind's lines look (see families/inventory.tsx). */
export type LineShape = 'transfer' | 'priced' | 'costed' | 'value' | 'combination'

export interface DocKind {
  name: DocKindName | InvoiceKindName
  family: DocFamily
  /** menu section: the routes are /<section>/<name> (list) and /<section>/<entry> */
  section: 'purchase' | 'sales' | 'warehouse' | 'fund'
  /** the entry page's route name (the seed's: invTf_detail, warehouse_detail, …) */
  entry: string
  /** API base under /prod-api */
  api: string
  /** permission prefix (+ ":query" …) */
  perm: string
  /** the contact the document is made with (absent: none) */
  contact?: 'customer' | 'supplier'
  /** the contact must be given (trade kinds) */
  contactRequired: boolean
  /** /api/contact type (0: any or by sub-type) */
  contactType?: -10 | 10 | 0
  /** without it prices and amounts are hidden ('' none needed) */
  moneyRight: string
  /** lines show unitCost/cost (with money:cost:view) */
  showCost: boolean
  order: boolean
  /** receipts/deliveries: the order kind their lines are made from */
  orderKind?: DocKindName
  /** returns: the kind a return is made from */
  returnOf?: DocKindName
  /** the return made from a document of this kind */
  returnKind?: DocKindName
  /** the goods price a new line takes before the contact's proposal */
  priceField: 'purPrice' | 'salePrice'
  /**
   * what the server proposes for a line (lib/proposals.ts): absent, the
   * contact's price; 'cost', the goods' unit cost in the line's warehouse
   * (goods put into stock at a cost: other stock-in)
   */
  priceBasis?: 'cost'
  /** +1 stock in, −1 out, 0 none */
  stock: 1 | -1 | 0
  /** sub-types the header picks (the first is the default); absent: the kind's one transType */
  transTypes?: number[]
  /** inventory kinds: how the lines look */
  lines?: LineShape
  /** money documents: how they look */
  fund?: FundShape
  /**
   * the money document that settles this kind (the "collect" and "pay" buttons;
   * on a return the refund: a receipt or payment with negative money, docs/money.md)
   */
  settledBy?: 'receipt' | 'payment'
  /** the customer signs it on the screen (a delivery); any document shows and prints a signature it has */
  signs?: boolean
}

/** the cost right (money rights: @/stores/money) */
export { COST_RIGHT }

/** Transaction types of the warehouse kinds' sub-types (docs/api.md §4). */
export const TRANS = {
  invTf: 103091,
  otherIn: 150706,
  stocktakeGain: 150701,
  otherOut: 150806,
  stocktakeLoss: 150801,
  costAdjustment: 150807,
  assembly: 153301,
  disassembly: 153302,
} as const

/** Sub-types of the verification document (核销单, docs/money.md). */
const VERIFY_TYPES = [153201, 153202, 153203, 153204, 153205]

const fundBase = {
  family: 'fund',
  section: 'fund',
  moneyRight: '',
  showCost: false,
  order: false,
  priceField: 'purPrice',
  stock: 0,
} as const
const purchaseBase = {
  family: 'trade',
  contactRequired: true,
  section: 'purchase',
  contact: 'supplier',
  contactType: 10,
  moneyRight: 'money:purchaseAmount:view',
  priceField: 'purPrice',
} as const
const salesBase = {
  family: 'trade',
  contactRequired: true,
  section: 'sales',
  contact: 'customer',
  contactType: -10,
  moneyRight: 'money:salesAmount:view',
  priceField: 'salePrice',
} as const

export const docKinds: Record<DocKindName, DocKind> = {
  purOrder: {
    ...purchaseBase,
    name: 'purOrder',
    entry: 'purOrder_detail',
    api: '/purOrder',
    perm: 'purchase:purOrder',
    showCost: false,
    order: true,
    stock: 0,
  },
  purchase: {
    ...purchaseBase,
    name: 'purchase',
    entry: 'purchase_detail',
    api: '/purchase',
    perm: 'purchase:purchase',
    showCost: false,
    order: false,
    orderKind: 'purOrder',
    returnKind: 'rePurchase',
    settledBy: 'payment',
    stock: 1,
  },
  rePurchase: {
    ...purchaseBase,
    name: 'rePurchase',
    entry: 'rePurchase_detail',
    api: '/rePurchase',
    perm: 'purchase:rePurchase',
    showCost: true,
    order: false,
    returnOf: 'purchase',
    settledBy: 'payment',
    stock: -1,
  },
  salesOrder: {
    ...salesBase,
    name: 'salesOrder',
    entry: 'salesOrder_detail',
    api: '/salesOrder',
    perm: 'sales:salesOrder',
    showCost: false,
    order: true,
    stock: 0,
  },
  sales: {
    ...salesBase,
    name: 'sales',
    entry: 'sales_detail',
    api: '/sales',
    perm: 'sales:sales',
    showCost: true,
    order: false,
    orderKind: 'salesOrder',
    returnKind: 'reSales',
    settledBy: 'receipt',
    signs: true,
    stock: -1,
  },
  reSales: {
    ...salesBase,
    name: 'reSales',
    entry: 'reSales_detail',
    api: '/reSales',
    perm: 'sales:reSales',
    showCost: true,
    order: false,
    returnOf: 'sales',
    settledBy: 'receipt',
    stock: 1,
  },
  receipt: {
    ...fundBase,
    name: 'receipt',
    entry: 'receipt_detail',
    api: '/receipt',
    perm: 'fund:receipt',
    contact: 'customer',
    contactType: -10,
    contactRequired: true,
    fund: 'settle',
  },
  payment: {
    ...fundBase,
    name: 'payment',
    entry: 'payment_detail',
    api: '/payment',
    perm: 'fund:payment',
    contact: 'supplier',
    contactType: 10,
    contactRequired: true,
    fund: 'settle',
  },
  income: {
    ...fundBase,
    name: 'income',
    entry: 'income_detail',
    api: '/income',
    perm: 'fund:income',
    contactType: 0,
    contactRequired: false,
    fund: 'items',
  },
  expense: {
    ...fundBase,
    name: 'expense',
    entry: 'expense_detail',
    api: '/expense',
    perm: 'fund:expense',
    contactType: 0,
    contactRequired: false,
    fund: 'items',
  },
  fundTf: {
    ...fundBase,
    name: 'fundTf',
    entry: 'fundTf_detail',
    api: '/fundTf',
    perm: 'fund:fundTf',
    contactType: 0,
    contactRequired: false,
    fund: 'transfer',
  },
  verification: {
    ...fundBase,
    name: 'verification',
    entry: 'verification_detail',
    api: '/verification',
    perm: 'fund:verification',
    contactType: 0,
    contactRequired: true,
    fund: 'verify',
    transTypes: VERIFY_TYPES,
  },
  ...warehouseKinds(),
}

function warehouseKinds(): Record<WarehouseKindName, DocKind> {
  const base = {
    family: 'inventory',
    section: 'warehouse',
    contactRequired: false,
    moneyRight: COST_RIGHT,
    showCost: true,
    order: false,
    priceField: 'purPrice',
  } as const
  const kind = (name: WarehouseKindName, entry: string, rest: Partial<DocKind> & Pick<DocKind, 'stock' | 'lines'>): DocKind => ({
    ...base,
    name,
    entry,
    api: `/${name}`,
    perm: `warehouse:${name}`,
    ...rest,
  })
  return {
    invTf: kind('invTf', 'invTf_detail', { stock: -1, lines: 'transfer' }),
    otherIn: kind('otherIn', 'warehouse_detail', {
      stock: 1,
      lines: 'priced',
      priceBasis: 'cost',
      contact: 'supplier',
      contactType: 10,
      transTypes: [TRANS.otherIn, TRANS.stocktakeGain],
    }),
    otherOut: kind('otherOut', 'exWarehouse_detail', {
      stock: -1,
      lines: 'costed',
      contact: 'customer',
      contactType: -10,
      priceField: 'salePrice',
      transTypes: [TRANS.otherOut, TRANS.stocktakeLoss],
    }),
    costAdjustment: kind('costAdjustment', 'costAdjustment_detail', { stock: 1, lines: 'value' }),
    combination: kind('combination', 'combination_detail', {
      stock: 1,
      lines: 'combination',
      transTypes: [TRANS.assembly, TRANS.disassembly],
    }),
  }
}

/** The kinds of a family, in menu order. */
export const kindsOf = (f: DocFamily) => (Object.values(docKinds) as DocKind[]).filter((k) => k.family === f)

/** The hash route of a kind's entry page (with ?id= to open a document). */
export const entryPath = (k: DocKind, id?: number) => `/${k.section}/${k.entry}${id ? `?id=${id}` : ''}`
/** The hash route of a kind's list page. */
export const listPath = (k: DocKind) => `/${k.section}/${k.name}`
