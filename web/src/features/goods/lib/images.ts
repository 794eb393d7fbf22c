// What the server takes as goods images (basic-data.md): jpeg/png/gif/webp,
// at most 5 MB each, at most 10 per goods. Checked before uploading.
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_MAX_COUNT = 10

/** Why a file cannot be uploaded: '' when it can. */
export function imageProblem(file: { type: string; size: number }, already: number): '' | 'type' | 'size' | 'count' {
  if (!IMAGE_TYPES.includes(file.type)) return 'type'
  if (file.size > IMAGE_MAX_BYTES) return 'size'
  if (already >= IMAGE_MAX_COUNT) return 'count'
  return ''
}
