// Dates and times for display. The server sends UTC RFC 3339 timestamps;
// they show in the browser's time zone as YYYY-MM-DD HH:mm:ss.

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD HH:mm:ss' in local time; '' for empty or invalid input. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime()) || d.getFullYear() <= 1) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** 'YYYY-MM-DD' in local time. */
export function formatDate(value: string | number | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 10)
}
