// Notice content is HTML. The server refuses content that could run script
// when it is saved; this removes the same things again before showing it
// (scripts, frames, event handlers, javascript: addresses), in case older or
// imported rows hold them.
const DROP = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'style'])
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster'])

function badUrl(v: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers skip inside a URL scheme
  const s = v.replace(/[\u0000-\u0020]/g, '').toLowerCase()
  return s.startsWith('javascript:') || s.startsWith('vbscript:') || (s.startsWith('data:') && !s.startsWith('data:image/'))
}

export function safeHtml(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (DROP.has(child.tagName.toLowerCase())) {
        child.remove()
        continue
      }
      for (const a of Array.from(child.attributes)) {
        const name = a.name.toLowerCase()
        if (name.startsWith('on') || (URL_ATTRS.has(name) && badUrl(a.value)) || (name === 'style' && /expression\(/i.test(a.value))) {
          child.removeAttribute(a.name)
        }
      }
      if (child.tagName.toLowerCase() === 'a') {
        child.setAttribute('target', '_blank')
        child.setAttribute('rel', 'noopener noreferrer')
      }
      walk(child)
    }
  }
  walk(doc.body)
  return doc.body.innerHTML
}
