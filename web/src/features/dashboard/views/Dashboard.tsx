// The dashboard: a welcome card (user, shop, unread notices, users), a
// ticker of the latest notices, the shop's business figures (today's and
// this month's sales, purchases and gross profit, stock value, receivables and payables: GET
// /api/report/dashboard, each only with its money right), sales and profit
// by month, stock by warehouse, low-stock warnings, top goods and
// customers; the website visit figures and trend only for system
// administration (sys:log:query), and the system info.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import { Card, Col, Descriptions, Flex, Row, Segmented, Skeleton, Space, Statistic, Tag, Tooltip, Typography, theme } from 'antd'
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BellOutlined,
  EyeOutlined,
  InfoCircleOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { EChartOption } from '@/components/EChart'
import { useRouteTree, useSystemInfo } from '@/features/auth/api'
import { useUnreadCount } from '@/features/notice/api'
import { flattenRoutes } from '@/utils/routeTree'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { useDashboardFigures } from '@/features/report/api'
import type { Dashboard as Figures } from '@/features/report/types'
import { format } from '@/utils/decimal'
import { useUserCount, useVisitStats, useVisitTrend } from '../api'
import { businessFigures, growth, NO_VALUE, type BusinessFigure } from '../lib/figures'
import { List } from 'antd'
import { NoticeTicker } from '../components/NoticeTicker'

const EChart = lazy(() => import('@/components/EChart'))
// inventory warnings: loaded with the dashboard, out of the first bundle
const WarningCard = lazy(() => import('@/features/warning/components/WarningCard'))

const TREND_DAYS = [7, 30] as const
type TrendDays = (typeof TREND_DAYS)[number]

function Growth({ rate, label }: { rate: string | undefined; label: string }) {
  const { token } = theme.useToken()
  const g = growth(rate)
  if (!g) return null
  const color = g.trend === 'up' ? token.colorSuccess : g.trend === 'down' ? token.colorError : token.colorTextSecondary
  return (
    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
      {label}{' '}
      <span style={{ color }}>
        {g.trend === 'up' && <ArrowUpOutlined />}
        {g.trend === 'down' && <ArrowDownOutlined />} {g.text}
      </span>
    </Typography.Text>
  )
}

function FigureCard({
  title,
  value,
  loading,
  icon,
  footer,
  hint,
  testId,
}: {
  title: string
  value: string | number
  loading?: boolean
  icon: ReactNode
  footer?: ReactNode
  hint?: string
  testId: string
}) {
  const { token } = theme.useToken()
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Statistic
        title={
          <Space size={4}>
            {title}
            {hint && (
              <Tooltip title={hint}>
                <InfoCircleOutlined style={{ color: token.colorTextTertiary }} />
              </Tooltip>
            )}
          </Space>
        }
        value={value}
        loading={loading}
        prefix={<span style={{ color: token.colorPrimary, marginInlineEnd: 4 }}>{icon}</span>}
      />
      <div style={{ minHeight: token.fontSizeSM * token.lineHeightSM }}>{footer}</div>
    </Card>
  )
}

function BusinessFigureCard({
  figure,
  data,
  loading,
  places,
}: {
  figure: BusinessFigure
  data?: Figures
  loading: boolean
  places: number
}) {
  const { t } = useTranslation('dashboard')
  const { token } = theme.useToken()
  const v = data ? figure.pick(data) : undefined
  const hidden = !!data && v === undefined
  const Icon = figure.icon
  return (
    <FigureCard
      testId={`dashboard-figure-${figure.key}`}
      title={t(`figures.${figure.key}.title`)}
      hint={hidden ? t(`figures.${figure.key}.hint`) : undefined}
      value={v === undefined ? NO_VALUE : format(v, places)}
      loading={loading}
      icon={<Icon />}
      footer={
        hidden ? (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('figures.notYet')}
          </Typography.Text>
        ) : null
      }
    />
  )
}

function BusinessCharts({ data, places }: { data: Figures; places: number }) {
  const { t } = useTranslation('dashboard')
  const { token } = theme.useToken()
  const months = data.months
  const monthOption = useMemo<EChartOption | null>(() => {
    if (!months) return null
    const hasProfit = months.some((m) => m.profit !== undefined)
    return {
      color: [token.colorPrimary, token.colorSuccess],
      textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: { type: 'value', splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      series: [
        { name: t('business.sales'), type: 'bar', data: months.map((m) => format(m.sales, places)) },
        ...(hasProfit ? [{ name: t('business.profit'), type: 'line', data: months.map((m) => format(m.profit ?? 0, places)) }] : []),
      ],
    }
  }, [months, token, t, places])
  const byValue = data.stockValue !== undefined
  const stockOption = useMemo<EChartOption>(
    () => ({
      textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: data.locations.map((l) => ({ name: l.name, value: format(byValue ? l.amount : l.qty, places) })),
        },
      ],
    }),
    [data.locations, token, byValue, places],
  )
  return (
    <Row gutter={[16, 16]}>
      {monthOption && (
        <Col xs={24} xl={16}>
          <Card title={t('business.months')} data-testid="dashboard-months" style={{ height: '100%' }}>
            <Suspense fallback={<Skeleton active />}>
              <EChart option={monthOption} height={300} data-testid="dashboard-months-chart" />
            </Suspense>
          </Card>
        </Col>
      )}
      <Col xs={24} xl={monthOption ? 8 : 24}>
        <Card
          title={byValue ? t('business.stockByWarehouse') : t('business.stockQtyByWarehouse')}
          data-testid="dashboard-stock"
          style={{ height: '100%' }}
        >
          <Suspense fallback={<Skeleton active />}>
            <EChart option={stockOption} height={300} data-testid="dashboard-stock-chart" />
          </Suspense>
        </Card>
      </Col>
    </Row>
  )
}

function BusinessLists({ data, places, qtyPlaces }: { data: Figures; places: number; qtyPlaces: number }) {
  const { t } = useTranslation('dashboard')
  const ranked = (title: string, testId: string, items?: Figures['topGoods']) =>
    items && (
      <Col xs={24} md={12} xl={8}>
        <Card title={title} size="small" data-testid={testId} style={{ height: '100%' }}>
          <List
            size="small"
            dataSource={items}
            locale={{ emptyText: t('business.none') }}
            renderItem={(x, i) => (
              <List.Item extra={format(x.amount, places)}>
                {i + 1}. {x.name}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    )
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={8}>
        <Card title={t('business.lowStock')} size="small" data-testid="dashboard-low-stock" style={{ height: '100%' }}>
          <List
            size="small"
            dataSource={data.lowStock}
            locale={{ emptyText: t('business.noLowStock') }}
            renderItem={(x) => (
              <List.Item extra={`${t('business.qty')} ${format(x.qty, qtyPlaces)} / ${t('business.low')} ${format(x.lowQty, qtyPlaces)}`}>
                {x.invName} · {x.locationName}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      {ranked(t('business.topGoods'), 'dashboard-top-goods', data.topGoods)}
      {ranked(t('business.topCustomers'), 'dashboard-top-customers', data.topCustomers)}
    </Row>
  )
}

function TrendChart() {
  const { t } = useTranslation('dashboard')
  const { token } = theme.useToken()
  const [days, setDays] = useState<TrendDays>(7)
  const trend = useVisitTrend(days)
  const option = useMemo<EChartOption | null>(() => {
    const d = trend.data
    if (!d) return null
    const series = (name: string, data: number[], color: string, area: boolean) => ({
      name,
      type: 'line',
      smooth: true,
      showSymbol: d.dates.length <= 10,
      data,
      itemStyle: { color },
      lineStyle: { color, width: 2 },
      ...(area ? { areaStyle: { color, opacity: 0.12 } } : {}),
    })
    return {
      color: [token.colorPrimary, token.colorSuccess, token.colorWarning],
      textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: d.dates.map((s) => s.slice(5)),
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        series(t('trend.pv'), d.pvList, token.colorPrimary, true),
        series(t('trend.uv'), d.uvList, token.colorSuccess, false),
        series(t('trend.ip'), d.ipList, token.colorWarning, false),
      ],
    }
  }, [trend.data, token, t])
  return (
    <Card
      title={t('trend.title')}
      data-testid="dashboard-trend"
      extra={
        <Segmented<TrendDays>
          size="small"
          value={days}
          onChange={setDays}
          options={TREND_DAYS.map((n) => ({ value: n, label: <span data-testid={`dashboard-trend-${n}`}>{t('trend.days', { n })}</span> }))}
        />
      }
      style={{ height: '100%' }}
    >
      {option ? (
        <Suspense fallback={<Skeleton active />}>
          <EChart option={option} height={300} data-testid="dashboard-trend-chart" />
        </Suspense>
      ) : trend.isError ? (
        <Typography.Text type="secondary">{t('trend.failed')}</Typography.Text>
      ) : (
        <Skeleton active />
      )}
    </Card>
  )
}

export default function Dashboard() {
  const { t } = useTranslation('dashboard')
  const navigate = useNavigate()
  const user = useSession((s) => s.user)
  const { data: info } = useSystemInfo()
  const routes = useRouteTree()
  const stats = useVisitStats(can('sys:log:query', user))
  const unread = useUnreadCount()
  const mayListUsers = can('sys:user:query', user)
  const users = useUserCount(mayListUsers)
  const mayVisits = can('sys:log:query', user)
  const biz = useDashboardFigures()
  const amountPlaces = info?.amountPlaces ?? 2
  const qtyPlaces = info?.qtyPlaces ?? 2
  const name = user?.nickname || user?.username || ''
  const myNoticePath = useMemo(() => flattenRoutes(routes.data).find((r) => r.component === 'system/myNotice')?.path, [routes.data])
  const s = stats.data
  const num = (v: number | undefined) => (v === undefined ? NO_VALUE : v)

  return (
    <Flex vertical gap={16}>
      <Card data-testid="dashboard-welcome">
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} lg={14}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {t('welcome', { name })}
            </Typography.Title>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small">
              <Descriptions.Item label={t('shop')}>
                <span data-testid="dashboard-shop">{info?.shopName}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('company')}>{info?.companyName}</Descriptions.Item>
              <Descriptions.Item label={t('roles')}>
                {(user?.roles ?? []).map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={24} lg={10}>
            <Flex gap={32} justify="flex-end" wrap>
              <div
                role={myNoticePath ? 'link' : undefined}
                style={{ cursor: myNoticePath ? 'pointer' : undefined }}
                onClick={() => myNoticePath && navigate(myNoticePath)}
                data-testid="dashboard-unread"
              >
                <Statistic
                  title={t('unreadNotices')}
                  value={unread.data ?? NO_VALUE}
                  loading={unread.isLoading}
                  prefix={<BellOutlined />}
                />
              </div>
              {mayListUsers && (
                <div data-testid="dashboard-users">
                  <Statistic title={t('userCount')} value={users.data ?? NO_VALUE} loading={users.isLoading} prefix={<TeamOutlined />} />
                </div>
              )}
            </Flex>
          </Col>
        </Row>
      </Card>

      <NoticeTicker />

      <Row gutter={[16, 16]}>
        {businessFigures.map((f) => (
          <Col key={f.key} xs={24} sm={12} xl={6}>
            <BusinessFigureCard figure={f} data={biz.data} loading={biz.isLoading} places={amountPlaces} />
          </Col>
        ))}
      </Row>

      <Suspense fallback={null}>
        <WarningCard />
      </Suspense>

      {biz.data && <BusinessCharts data={biz.data} places={amountPlaces} />}
      {biz.data && <BusinessLists data={biz.data} places={amountPlaces} qtyPlaces={qtyPlaces} />}

      {mayVisits && (
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('visitsTitle')}
        </Typography.Title>
      )}
      {mayVisits && (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="dashboard-today-pv"
              title={t('visits.todayPv')}
              value={num(s?.todayPvCount)}
              loading={stats.isLoading}
              icon={<EyeOutlined />}
              footer={<Growth rate={s?.pvGrowthRate} label={t('visits.vsYesterday')} />}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="dashboard-today-uv"
              title={t('visits.todayUv')}
              value={num(s?.todayUvCount)}
              loading={stats.isLoading}
              icon={<UserOutlined />}
              footer={<Growth rate={s?.uvGrowthRate} label={t('visits.vsYesterday')} />}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="dashboard-total-pv"
              title={t('visits.totalPv')}
              value={num(s?.totalPvCount)}
              loading={stats.isLoading}
              icon={<EyeOutlined />}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="dashboard-total-uv"
              title={t('visits.totalUv')}
              value={num(s?.totalUvCount)}
              loading={stats.isLoading}
              icon={<TeamOutlined />}
            />
          </Col>
        </Row>
      )}

      <Row gutter={[16, 16]}>
        {mayVisits && (
          <Col xs={24} xl={16}>
            <TrendChart />
          </Col>
        )}
        <Col xs={24} xl={mayVisits ? 8 : 24}>
          <Card title={t('systemInfo')} style={{ height: '100%' }} data-testid="dashboard-system">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('version')}>{info?.version}</Descriptions.Item>
              <Descriptions.Item label={t('startDate')}>{info?.startDate}</Descriptions.Item>
              <Descriptions.Item label={t('currency')}>{info?.currency}</Descriptions.Item>
              <Descriptions.Item label={t('places')}>
                {t('placesValue', { qty: info?.qtyPlaces, price: info?.pricePlaces, amount: info?.amountPlaces })}
              </Descriptions.Item>
              <Descriptions.Item label={t('valMethod')}>
                {info?.valMethods ? t(`valMethods.${info.valMethods}`, { defaultValue: info.valMethods }) : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('serverTime')}>
                {info?.serverTime ? new Date(info.serverTime).toLocaleString(info.language) : ''}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </Flex>
  )
}
