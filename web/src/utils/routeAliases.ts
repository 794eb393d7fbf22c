// The seed's paths of pages that live at another path here: the invoice
// entry pages are the seed's /fund/salesInvoice_detail and
// /fund/purInvoice_detail, kept with their lists under /sales and
// /purchase. The shell sends such a path to its page (search kept).
const ALIASES: Record<string, string> = {
  '/fund/salesInvoice_detail': '/sales/salesInvoice_detail',
  '/fund/purInvoice_detail': '/purchase/purInvoice_detail',
}

/** The path a seed's path stands for ('' when it is not an alias). */
export function aliasOf(pathname: string): string {
  return ALIASES[pathname.replace(/\/+$/, '')] ?? ''
}
