// A thin ECharts wrapper (shared). Import it lazily, so ECharts stays out of
// every bundle but the ones of the screens that draw charts:
//
//   const EChart = lazy(() => import('@/components/EChart'))
//   <Suspense fallback={<Spin />}><EChart option={option} height={320} /></Suspense>
//
// Only the chart kinds and components registered below are bundled; add
// what a new chart needs here. The chart follows the dark theme, resizes
// with its box and is disposed on unmount.
import { useEffect, useRef, type CSSProperties } from 'react'
import * as echarts from 'echarts/core'
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import { useDarkMode } from '@/app/useDarkMode'

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DatasetComponent,
  CanvasRenderer,
])

export type EChartOption = echarts.EChartsCoreOption

export interface EChartProps {
  option: EChartOption
  height?: number | string
  style?: CSSProperties
  'data-testid'?: string
}

export default function EChart({ option, height = 320, style, ...rest }: EChartProps) {
  const host = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  const dark = useDarkMode()

  useEffect(() => {
    const el = host.current!
    const c = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' })
    chart.current = c
    const ro = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientHeight > 0) c.resize()
    })
    ro.observe(el)
    return () => {
      ro.disconnect()
      c.dispose()
      chart.current = null
    }
  }, [dark])

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true })
  }, [option, dark])

  return <div ref={host} data-testid={rest['data-testid']} style={{ width: '100%', height, ...style }} />
}
