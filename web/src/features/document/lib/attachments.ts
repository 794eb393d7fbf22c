// What the server takes as a document's attachment (docs/documents.md,
// "Attachments"): images, PDF and office documents, 10 MB each, 20 per
// document; the customer's signature is the attachment of role
// "signature". The server decides by the content; the page checks the
// name and size first so that a wrong file is refused without a round trip.
export interface Attachment {
  id: number
  billId: number
  /** '' a file, 'signature' the customer's signature */
  role: '' | 'signature'
  name: string
  contentType: string
  size: number
  userName: string
  createTime: string
}

export const ATTACH_MAX_BYTES = 10 * 1024 * 1024
export const ATTACH_MAX_COUNT = 20
export const ATTACH_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
]
/** the file picker's accept attribute */
export const ATTACH_ACCEPT = ATTACH_EXTENSIONS.join(',')

/** Why a file cannot be attached ('' when it can); already = the document's attachments so far. */
export function attachmentProblem(file: { name: string; size: number }, already: number): '' | 'type' | 'size' | 'count' {
  const dot = file.name.lastIndexOf('.')
  const ext = dot < 0 ? '' : file.name.slice(dot).toLowerCase()
  if (!ATTACH_EXTENSIONS.includes(ext)) return 'type'
  if (file.size > ATTACH_MAX_BYTES) return 'size'
  if (already >= ATTACH_MAX_COUNT) return 'count'
  return ''
}

export const isImage = (a: Pick<Attachment, 'contentType'>) => a.contentType.startsWith('image/')

/** The signature and the other files of a document's attachments. */
export function splitAttachments(list: Attachment[] | undefined): { signature?: Attachment; files: Attachment[] } {
  const all = list ?? []
  return { signature: all.find((a) => a.role === 'signature'), files: all.filter((a) => a.role !== 'signature') }
}

/** A file size for people: 512 B, 12 KB, 3.4 MB (integers only: tenths of a MB). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`
  const tenths = Math.round((bytes * 10) / (1024 * 1024))
  return `${Math.floor(tenths / 10)}.${tenths % 10} MB`
}
