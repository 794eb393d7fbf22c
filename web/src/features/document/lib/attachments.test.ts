import { describe, expect, it } from 'vitest'
import { ATTACH_MAX_BYTES, ATTACH_MAX_COUNT, attachmentProblem, humanSize, isImage, splitAttachments, type Attachment } from './attachments'
import { addPoint, canvasPoint, isBlank, type Stroke } from './signature'

const att = (over: Partial<Attachment>): Attachment => ({
  id: 1,
  billId: 9,
  role: '',
  name: 'a.pdf',
  contentType: 'application/pdf',
  size: 10,
  userName: 'admin',
  createTime: '2025-03-01T00:00:00Z',
  ...over,
})

describe('attachments', () => {
  it('refuses what the server would refuse, by name, size and count', () => {
    expect(attachmentProblem({ name: '送货单.PDF', size: 100 }, 0)).toBe('')
    expect(attachmentProblem({ name: 'photo.jpeg', size: ATTACH_MAX_BYTES }, ATTACH_MAX_COUNT - 1)).toBe('')
    expect(attachmentProblem({ name: 'setup.exe', size: 1 }, 0)).toBe('type')
    expect(attachmentProblem({ name: 'logo.svg', size: 1 }, 0)).toBe('type')
    expect(attachmentProblem({ name: 'README', size: 1 }, 0)).toBe('type')
    expect(attachmentProblem({ name: 'big.pdf', size: ATTACH_MAX_BYTES + 1 }, 0)).toBe('size')
    expect(attachmentProblem({ name: 'one-more.pdf', size: 1 }, ATTACH_MAX_COUNT)).toBe('count')
  })
  it('keeps the signature apart from the files', () => {
    const list = [att({ id: 1 }), att({ id: 2, role: 'signature', name: 'signature.png', contentType: 'image/png' }), att({ id: 3 })]
    const { signature, files } = splitAttachments(list)
    expect(signature?.id).toBe(2)
    expect(files.map((f) => f.id)).toEqual([1, 3])
    expect(splitAttachments(undefined)).toEqual({ signature: undefined, files: [] })
    expect(isImage(list[1])).toBe(true)
    expect(isImage(list[0])).toBe(false)
  })
  it('shows sizes for people', () => {
    expect(humanSize(512)).toBe('512 B')
    expect(humanSize(1025)).toBe('2 KB')
    expect(humanSize(ATTACH_MAX_BYTES)).toBe('10.0 MB')
    expect(humanSize(3.45 * 1024 * 1024)).toBe('3.5 MB')
  })
})

describe('signature strokes', () => {
  it('maps pointer positions into the canvas, scaled and clamped', () => {
    const rect = { left: 100, top: 50, width: 300, height: 100 }
    const size = { width: 600, height: 200 }
    expect(canvasPoint({ clientX: 250, clientY: 100 }, rect, size)).toEqual({ x: 300, y: 100 })
    expect(canvasPoint({ clientX: 0, clientY: 999 }, rect, size)).toEqual({ x: 0, y: 200 })
  })
  it('starts a stroke on pointer down and extends it on move, skipping repeats', () => {
    let s: Stroke[] = []
    s = addPoint(s, { x: 1, y: 1 }, true)
    s = addPoint(s, { x: 2, y: 2 }, false)
    s = addPoint(s, { x: 2, y: 2 }, false)
    s = addPoint(s, { x: 50, y: 5 }, true)
    expect(s).toEqual([
      [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
      [{ x: 50, y: 5 }],
    ])
  })
  it('counts a dot or a tiny scribble as not signed', () => {
    expect(isBlank([])).toBe(true)
    expect(isBlank([[{ x: 10, y: 10 }]])).toBe(true)
    expect(
      isBlank([
        [
          { x: 10, y: 10 },
          { x: 15, y: 14 },
        ],
      ]),
    ).toBe(true)
    expect(
      isBlank([
        [
          { x: 10, y: 10 },
          { x: 80, y: 14 },
        ],
      ]),
    ).toBe(false)
  })
})
