// The navigation progress bar: ease, 500 ms speed, 200 ms trickle, minimum
// 0.3, no spinner. Its colour is the theme colour (app/theme.css).
import NProgress from 'nprogress'

export const progressOptions = {
  easing: 'ease',
  speed: 500,
  trickleSpeed: 200,
  minimum: 0.3,
  showSpinner: false,
} as const

NProgress.configure(progressOptions)

let pending = 0

export function startProgress() {
  if (pending++ === 0) NProgress.start()
}

export function doneProgress() {
  pending = Math.max(0, pending - 1)
  if (pending === 0) NProgress.done()
}

export { NProgress }
