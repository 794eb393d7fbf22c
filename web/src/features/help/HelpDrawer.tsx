// The help drawer: the current screen's help (its topic, and for a report
// what that report shows), the keys, then what holds everywhere; any other
// topic can be read from the list. Loaded when first opened.
import './catalogue'
import { Descriptions, Drawer, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { helpTopic, helpTopics, type HelpTopic } from './topics'

interface Section {
  title: string
  body: string[]
  keys?: [string, string][]
}

function Part({ s, testId }: { s: Section; testId: string }) {
  const { t } = useTranslation('help')
  return (
    <section data-testid={testId} style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{s.title}</Typography.Title>
      {s.body.map((p) => (
        <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
      ))}
      {s.keys && s.keys.length > 0 && (
        <Descriptions
          size="small"
          column={1}
          bordered
          title={<span style={{ fontSize: 14 }}>{t('keysTitle')}</span>}
          items={s.keys.map(([k, what]) => ({ key: k, label: <kbd>{k}</kbd>, children: what }))}
        />
      )}
    </section>
  )
}

export default function HelpDrawer({ open, component, onClose }: { open: boolean; component?: string; onClose: () => void }) {
  const { t } = useTranslation('help')
  const here = helpTopic(component)
  const [topic, setTopic] = useState<HelpTopic>(here.topic)
  // each opening starts at the screen's own topic
  useEffect(() => {
    if (open) setTopic(here.topic)
  }, [open, here.topic])
  const section = (key: string) => t(key, { returnObjects: true }) as unknown as Section
  const current = section(`topics.${topic}`)
  const report = topic === 'report' && here.report && here.topic === 'report' ? t(`reports.${here.report}`, { defaultValue: '' }) : ''
  return (
    <Drawer
      title={t('button')}
      open={open}
      onClose={onClose}
      width={480}
      data-testid="help-drawer"
      extra={
        <Select<HelpTopic>
          value={topic}
          onChange={setTopic}
          style={{ width: 180 }}
          aria-label={t('otherTopics')}
          data-testid="help-topic"
          showSearch
          optionFilterProp="label"
          options={helpTopics.map((k) => ({ value: k, label: section(`topics.${k}`).title }))}
        />
      }
    >
      {report && (
        <Typography.Paragraph data-testid="help-report" strong>
          {t('thisReport')}: {report}
        </Typography.Paragraph>
      )}
      <Part s={current} testId="help-topic-text" />
      <Part s={section('general')} testId="help-general" />
    </Drawer>
  )
}
