// An amount in Chinese capitals (大写金额) for printed documents:
// 1234.56 → 壹仟贰佰叁拾肆元伍角陆分, 100 → 壹佰元整, 0 → 零元整,
// 1000001 → 壹佰万零壹元整, 0.05 → 伍分, −12 → 负壹拾贰元整.
// Works on the decimal string (no floating point); rounds half-up to fen.
import Decimal from 'decimal.js'

const DIGITS = '零壹贰叁肆伍陆柒捌玖'
const SMALL = ['', '拾', '佰', '仟']
const BIG = ['', '万', '亿', '万亿']

/** A 1–4 digit group (no leading/trailing zeros handling across groups). */
function group(n: string): string {
  let out = ''
  let zero = false
  const len = n.length
  for (let i = 0; i < len; i++) {
    const d = Number(n[i])
    const pos = len - 1 - i
    if (d === 0) {
      zero = true
      continue
    }
    if (zero && out) out += '零'
    zero = false
    out += DIGITS[d] + SMALL[pos]
  }
  return out
}

export function chineseCapitals(value: string | number): string {
  let v: Decimal
  try {
    v = new Decimal(typeof value === 'number' ? String(value) : value.trim() || '0')
  } catch {
    return ''
  }
  if (!v.isFinite()) return ''
  const neg = v.isNegative() && !v.isZero()
  v = v.abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
  const [intPart, frac = ''] = v.toFixed(2).split('.')
  const jiao = Number(frac[0] ?? 0)
  const fen = Number(frac[1] ?? 0)

  // integer part: groups of 4 from the right
  let int = ''
  if (intPart !== '0') {
    const groups: string[] = []
    for (let end = intPart.length; end > 0; end -= 4) groups.unshift(intPart.slice(Math.max(0, end - 4), end))
    let pendingZero = false
    groups.forEach((g, i) => {
      const unit = BIG[groups.length - 1 - i] ?? ''
      const num = Number(g)
      if (num === 0) {
        pendingZero = int !== ''
        return
      }
      // a zero between groups: 1,0001 → 壹万零壹; 10,0100 → 拾万零壹佰
      if (int !== '' && (pendingZero || (g.length === 4 && g[0] === '0'))) int += '零'
      int += group(g) + unit
      pendingZero = false
    })
  }
  let out = ''
  if (int) out = int + '元'
  if (jiao === 0 && fen === 0) out = (out || '零元') + '整'
  else {
    if (jiao) out += DIGITS[jiao] + '角'
    else if (int) out += '零'
    if (fen) out += DIGITS[fen] + '分'
    else out += '整'
  }
  return (neg ? '负' : '') + out
}
