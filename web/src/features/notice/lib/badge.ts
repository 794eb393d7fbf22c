/** The badge's text for an unread count: nothing at 0, "99+" past 99. */
export function unreadBadge(count: number | undefined): string {
  if (!count || count < 0) return ''
  return count > 99 ? '99+' : String(count)
}
