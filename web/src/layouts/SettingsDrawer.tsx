// The preferences: theme, colour, navigation mode, tags view, sidebar logo
// and colours, watermark. Loaded when first opened.
import { Button, ColorPicker, Divider, Drawer, Flex, Segmented, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { colorPresets } from '@/app/theme'
import { usePreferences, type LayoutMode, type SidebarScheme, type ThemeMode } from '@/stores/preferences'

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  )
}

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout')
  const p = usePreferences()
  const s = (k: string) => t(`settingsDrawer.${k}`)
  return (
    <Drawer title={s('title')} open={open} onClose={onClose} width={320} data-testid="settings-drawer">
      <Divider>{s('theme')}</Divider>
      <Flex justify="center" style={{ marginBottom: 12 }}>
        <Segmented<ThemeMode>
          value={p.theme}
          onChange={(v) => p.set('theme', v)}
          options={(['light', 'dark', 'auto'] as const).map((v) => ({ value: v, label: s(`themes.${v}`) }))}
          data-testid="settings-theme"
        />
      </Flex>
      <Row label={s('colorPrimary')}>
        <ColorPicker
          value={p.colorPrimary}
          disabledAlpha
          presets={[{ label: s('colorPrimary'), colors: colorPresets }]}
          onChangeComplete={(c) => p.set('colorPrimary', c.toHexString().toUpperCase())}
        />
      </Row>
      <Divider>{s('layout')}</Divider>
      <Flex justify="center" style={{ marginBottom: 12 }}>
        <Segmented<LayoutMode>
          value={p.layout}
          onChange={(v) => p.set('layout', v)}
          options={(['left', 'top', 'mix'] as const).map((v) => ({ value: v, label: s(`layouts.${v}`) }))}
          data-testid="settings-layout"
        />
      </Flex>
      <Divider>{s('interface')}</Divider>
      <Row label={s('tagsView')}>
        <Switch checked={p.tagsView} onChange={(v) => p.set('tagsView', v)} />
      </Row>
      <Row label={s('sidebarLogo')}>
        <Switch checked={p.sidebarLogo} onChange={(v) => p.set('sidebarLogo', v)} />
      </Row>
      <Row label={s('sidebarScheme')}>
        <Segmented<SidebarScheme>
          size="small"
          value={p.sidebarScheme}
          onChange={(v) => p.set('sidebarScheme', v)}
          options={(['classic-blue', 'minimal-white'] as const).map((v) => ({ value: v, label: s(`schemes.${v}`) }))}
        />
      </Row>
      <Row label={s('watermark')}>
        <Switch checked={p.watermark} onChange={(v) => p.set('watermark', v)} data-testid="settings-watermark" />
      </Row>
      <Button block onClick={p.reset} style={{ marginTop: 12 }}>
        {s('reset')}
      </Button>
    </Drawer>
  )
}
