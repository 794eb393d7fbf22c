import { describe, expect, it } from 'vitest'
import { imageProblem, IMAGE_MAX_BYTES } from './images'

describe('imageProblem', () => {
  it('takes jpeg/png/gif/webp up to 5 MB, 10 per goods', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 }, 0)).toBe('')
    expect(imageProblem({ type: 'image/webp', size: IMAGE_MAX_BYTES }, 9)).toBe('')
    expect(imageProblem({ type: 'image/bmp', size: 10 }, 0)).toBe('type')
    expect(imageProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 }, 0)).toBe('size')
    expect(imageProblem({ type: 'image/gif', size: 10 }, 10)).toBe('count')
  })
})
