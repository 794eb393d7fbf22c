// Notice content is HTML. The server sanitises it with an allow-list when it
// is saved and when it is read; the browser sanitises it again with
// DOMPurify (a maintained sanitiser) and inserts the DOM nodes DOMPurify
// built, never a string: a second parse of sanitised text is where mutation
// XSS lives (SVG/MathML, <noscript>, <style> read differently the second
// time).
import DOMPurify from 'dompurify'

const CONFIG = {
  USE_PROFILES: { html: true }, // no SVG, no MathML
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'noscript', 'template'],
  FORBID_ATTR: ['style'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/(?:png|jpeg|gif|webp);base64,|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
}

const RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,/i

let hooked = false
function purifier() {
  if (!hooked) {
    // Links open in a new tab without the opener or the referrer.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      // data: addresses only of raster images (not SVG, which may carry script).
      for (const name of ['src', 'href']) {
        const v = node.getAttribute(name)
        if (v && /^\s*data:/i.test(v) && !RASTER.test(v.trim())) node.removeAttribute(name)
      }
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
    })
    hooked = true
  }
  return DOMPurify
}

/** The content as DOM nodes, sanitised; insert them as they are. */
export function safeFragment(html: string): DocumentFragment {
  return purifier().sanitize(html ?? '', { ...CONFIG, RETURN_DOM_FRAGMENT: true })
}

/** The content as sanitised HTML text (for tests and plain comparisons only: never give it to innerHTML). */
export function safeHtml(html: string): string {
  const box = document.createElement('div')
  box.appendChild(safeFragment(html))
  return box.innerHTML
}
