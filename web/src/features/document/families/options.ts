// Select options of cached records ("number name") and their type-ahead
// filter, matching the server's search text (features/cache/pick).
export { pickOptions as options, pickFilter as filter } from '@/features/cache/pick'
