// The six trading document kinds the generic entry and list pages serve
// (api.md §4, internal/order and internal/trade kinds). One row a kind:
// routes, permissions, the contact it is made with, its money right, whether
// lines show costs, whether it is an order, what it is made from.
// The server's kinds (internal/app/kinds.go) are the source: the Go test
// internal/app/kinds_web_test.go fails when this table, the seeded menus or
// the kind labels of locales/<lang>/document.json disagree with them.
export type DocKindName = 'purOrder' | 'purchase' | 'rePurchase' | 'salesOrder' | 'sales' | 'reSales'

export interface DocKind {
  name: DocKindName
  /** menu section: the routes are /<section>/<name> and /<section>/<name>_detail */
  section: 'purchase' | 'sales'
  /** API base under /prod-api */
  api: string
  /** permission prefix (+ ":query" …) */
  perm: string
  contact: 'customer' | 'supplier'
  /** /api/contact type */
  contactType: -10 | 10
  /** without it prices and amounts are hidden */
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
  /** +1 stock in, −1 out, 0 none */
  stock: 1 | -1 | 0
}

export const COST_RIGHT = 'money:cost:view'

const purchaseBase = {
  section: 'purchase',
  contact: 'supplier',
  contactType: 10,
  moneyRight: 'money:purchaseAmount:view',
  priceField: 'purPrice',
} as const
const salesBase = {
  section: 'sales',
  contact: 'customer',
  contactType: -10,
  moneyRight: 'money:salesAmount:view',
  priceField: 'salePrice',
} as const

export const docKinds: Record<DocKindName, DocKind> = {
  purOrder: { ...purchaseBase, name: 'purOrder', api: '/purOrder', perm: 'purchase:purOrder', showCost: false, order: true, stock: 0 },
  purchase: {
    ...purchaseBase,
    name: 'purchase',
    api: '/purchase',
    perm: 'purchase:purchase',
    showCost: false,
    order: false,
    orderKind: 'purOrder',
    returnKind: 'rePurchase',
    stock: 1,
  },
  rePurchase: {
    ...purchaseBase,
    name: 'rePurchase',
    api: '/rePurchase',
    perm: 'purchase:rePurchase',
    showCost: true,
    order: false,
    returnOf: 'purchase',
    stock: -1,
  },
  salesOrder: { ...salesBase, name: 'salesOrder', api: '/salesOrder', perm: 'sales:salesOrder', showCost: false, order: true, stock: 0 },
  sales: {
    ...salesBase,
    name: 'sales',
    api: '/sales',
    perm: 'sales:sales',
    showCost: true,
    order: false,
    orderKind: 'salesOrder',
    returnKind: 'reSales',
    stock: -1,
  },
  reSales: {
    ...salesBase,
    name: 'reSales',
    api: '/reSales',
    perm: 'sales:reSales',
    showCost: true,
    order: false,
    returnOf: 'sales',
    stock: 1,
  },
}

/** The hash route of a kind's entry page (with ?id= to open a document). */
export const entryPath = (k: DocKind, id?: number) => `/${k.section}/${k.name}_detail${id ? `?id=${id}` : ''}`
/** The hash route of a kind's list page. */
export const listPath = (k: DocKind) => `/${k.section}/${k.name}`
