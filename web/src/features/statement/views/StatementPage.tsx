// The customer's statement, opened from a link without signing in
// (#/statement/<token>): the company header, the customer and period, the
// statement's rows with the running balance and the closing, in the
// creator's language or the other one; printed to PDF through the browser;
// answered once: agree, or dispute with a comment (shown as text).
import { useState } from 'react'
import { Alert, Button, Flex, Input, Radio, Result, Segmented, Space, Spin, Typography } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { ApiError } from '@/api/http'
import '../catalogue'
import { useAnswerStatement, useStatementView } from '../api'
import { answerError, cellOf, firstLang, isFigure, LANGS, MAX_COMMENT, rowKind, sheetFor, type Lang } from '../lib/statement'
import type { Answer, StatementView } from '../types'

const CSS = `.statement-page { max-width: 1000px; margin: 24px auto; padding: 0 16px; }
.statement-page table { border-collapse: collapse; width: 100%; margin: 12px 0; }
.statement-page th, .statement-page td { border: 1px solid currentColor; padding: 4px 6px; font-size: 13px; }
.statement-page td.num, .statement-page th.num { text-align: right; white-space: nowrap; }
.statement-page tr.opening td, .statement-page tr.subtotal td { font-weight: 600; }
.statement-page tr.line td { font-size: 12px; }
.statement-page tr.line td:first-child { padding-left: 18px; }
@media print {
  .statement-page .no-print { display: none !important; }
  .statement-page { margin: 0; max-width: none; }
  @page { margin: 12mm; }
}`

export default function StatementPage() {
  // the route is /statement/:token (read from the path: useParams would grow the first bundle)
  const token = useLocation().pathname.split('/')[2] ?? ''
  const q = useStatementView(token)
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  if (!q.data) return <Gone error={q.error} />
  return <Statement token={token} view={q.data} />
}

function Gone({ error }: { error: unknown }) {
  const { t } = useTranslation('statement')
  const msg = error instanceof ApiError && error.httpStatus !== 404 ? error.message : t('gone')
  return <Result status="404" title={t('goneTitle')} subTitle={msg} data-testid="statement-gone" />
}

function Statement({ token, view }: { token: string; view: StatementView }) {
  const [lang, setLang] = useState<Lang>(() => firstLang(view))
  const { t } = useTranslation('statement', { lng: lang })
  const sheet = sheetFor(view, lang)
  const places = view.places
  return (
    <div className="statement-page" data-testid="statement-page" lang={lang}>
      <style>{CSS}</style>
      <Flex className="no-print" justify="flex-end" gap={8}>
        <Segmented
          value={lang}
          onChange={(v) => setLang(v as Lang)}
          options={LANGS.map((l) => ({ value: l, label: l === 'en' ? 'English' : '中文' }))}
          data-testid="statement-lang"
        />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="statement-print">
          {t('print')}
        </Button>
      </Flex>
      <div style={{ textAlign: 'center' }}>
        <Typography.Title level={3} style={{ marginBottom: 0 }} data-testid="statement-company">
          {view.company.name}
        </Typography.Title>
        {(view.company.address || view.company.phone) && <div>{[view.company.address, view.company.phone].filter(Boolean).join('  ')}</div>}
        <Typography.Title level={4} style={{ marginTop: 8 }}>
          {sheet?.title}
        </Typography.Title>
      </div>
      <Flex justify="space-between" wrap>
        <span data-testid="statement-customer">
          {t('customer')}: {view.contactNumber} {view.contactName}
        </span>
        <span>
          {t('period')}: {view.beginDate} ~ {view.endDate}
        </span>
      </Flex>
      {sheet && (
        <table data-testid="statement-table">
          <thead>
            <tr>
              {sheet.columns.map((c) => (
                <th key={c.key} className={isFigure(c) ? 'num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((r, i) => (
              <tr key={i} className={rowKind(r)}>
                {sheet.columns.map((c) => (
                  <td key={c.key} className={isFigure(c) ? 'num' : undefined}>
                    {cellOf(c, r[c.key], places)}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="subtotal" data-testid="statement-closing">
              {sheet.columns.map((c, i) => (
                <td key={c.key} className={isFigure(c) ? 'num' : undefined}>
                  {i === 0 ? t('closing') : c.type === 'amount' ? cellOf(c, sheet.totals[c.key], places) : ''}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
      <AnswerBox token={token} view={view} lang={lang} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} className="no-print">
        {t('expires', { at: view.expiresAt })}
      </Typography.Text>
    </div>
  )
}

function AnswerBox({ token, view, lang }: { token: string; view: StatementView; lang: Lang }) {
  const { t } = useTranslation('statement', { lng: lang })
  const [answer, setAnswer] = useState<Answer>('')
  const [comment, setComment] = useState('')
  const [tried, setTried] = useState(false)
  const send = useAnswerStatement(token)
  if (view.answer) {
    return (
      <Alert
        type={view.answer === 'agree' ? 'success' : 'warning'}
        showIcon
        data-testid="statement-answered"
        message={t(view.answer === 'agree' ? 'statement.agreed' : 'statement.disputed', { at: view.answeredAt ?? '' })}
        description={view.comment ? <span style={{ whiteSpace: 'pre-wrap' }}>{view.comment}</span> : undefined}
      />
    )
  }
  const problem = answerError(answer, comment)
  const failure = send.error instanceof ApiError ? send.error.message : ''
  return (
    <Flex vertical gap={8} className="no-print" data-testid="statement-answer">
      <Typography.Text strong>{t('ask')}</Typography.Text>
      <Radio.Group value={answer} onChange={(e) => setAnswer(e.target.value as Answer)}>
        <Radio value="agree" data-testid="statement-agree">
          {t('agree')}
        </Radio>
        <Radio value="dispute" data-testid="statement-dispute">
          {t('dispute')}
        </Radio>
      </Radio.Group>
      <Input.TextArea
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder={t(answer === 'dispute' ? 'statement.reasonPlaceholder' : 'statement.commentPlaceholder')}
        showCount={{ formatter: ({ value }) => `${[...value].length} / ${MAX_COMMENT}` }}
        status={tried && (problem === 'reason' || problem === 'tooLong') ? 'error' : undefined}
        data-testid="statement-comment"
      />
      {tried && problem && <Typography.Text type="danger">{t(`err.${problem}`, { max: MAX_COMMENT })}</Typography.Text>}
      {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      <Space>
        <Button
          type="primary"
          loading={send.isPending}
          onClick={() => {
            setTried(true)
            if (!problem) send.mutate({ answer, comment: comment.trim() })
          }}
          data-testid="statement-submit"
        >
          {t('send')}
        </Button>
      </Space>
    </Flex>
  )
}
