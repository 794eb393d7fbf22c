// Defaults of a new document: the header warehouse is the user's last choice
// (kept per user and shop in this browser), else the system's default
// warehouse parameter, else the shop's first warehouse; a line takes its
// goods' default warehouse first (DocGrid's pickGoods).
const LAST_PREFIX = 'cangshu.lastLocation:'

export const lastLocationKey = (user: string, shop: number | string | undefined) => `${LAST_PREFIX}${user}@${shop ?? ''}`

export function rememberLocation(key: string, id: number | undefined) {
  if (id) localStorage.setItem(key, String(id))
}

/**
 * The header warehouse of a new document among the warehouses the user may
 * use: the last choice, else the system default, else the first; 0 when none.
 */
export function defaultLocation(key: string, systemDefault: number | undefined, warehouses: { id: number }[]): number {
  const usable = new Set(warehouses.map((w) => w.id))
  const last = Number(localStorage.getItem(key) || 0)
  if (last && usable.has(last)) return last
  if (systemDefault && usable.has(systemDefault)) return systemDefault
  return warehouses[0]?.id ?? 0
}

/**
 * The tab of a receipt or delivery made from an order: one new tab each time
 * (a fixed path would reopen the document saved from the previous one).
 */
export function fromOrderPath(entry: string, orderId: number, now = Date.now()): string {
  return `${entry}?fromOrder=${orderId}&n=${now.toString(36)}`
}
