// An antd form rule for decimal fields (prices, quantities, amounts, rates),
// checking what the server checks: a number, ≥ min (0), ≤ max (10^12), at
// most `places` decimals. Messages from the "decimal" namespace.
import type { Rule } from 'antd/es/form'
import i18n from '@/app/i18n'
import { checkDecimal, type DecimalLimits } from '@/utils/decimal'

export function decimalRule(limits: DecimalLimits = {}): Rule {
  return {
    validator: (_, v) => {
      const bad = checkDecimal(v, limits)
      if (!bad) return Promise.resolve()
      return Promise.reject(
        new Error(
          i18n.t(`decimal:${bad}`, { places: limits.places, min: String(limits.min ?? 0), max: String(limits.max ?? '1000000000000') }),
        ),
      )
    },
  }
}
