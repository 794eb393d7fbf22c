// Providers: antd (theme, locale, size, feedback), react-query, i18n.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import i18n from './i18n'
import { buildTheme, antdSize } from './theme'
import { useDarkMode } from './useDarkMode'
import { onFeedbackNeeded } from './feedback'
import { usePreferences } from '@/stores/preferences'
import { useSession } from '@/stores/session'
import { useTabs } from '@/stores/tabs'
import { forgetClosedTabs } from '@/stores/openDocs'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
})

// When the session ends (sign-out, expiry), drop the server data and tabs;
// the tabs kept over a reload belong to one user.
useSession.subscribe((s, prev) => {
  if (s.user?.username && s.user.username !== prev.user?.username) useTabs.getState().own(s.user.username)
  if (prev.accessToken && !s.accessToken) {
    setTimeout(() => {
      queryClient.clear()
      useTabs.getState().reset()
    }, 0)
  }
})

// The document an entry tab remembers (shown again after a reload) goes with
// its tab: closed, closed with all, or gone with the session.
forgetClosedTabs(useTabs.getState().tabs.map((t) => t.key))
useTabs.subscribe((s, prev) => {
  if (s.tabs !== prev.tabs) forgetClosedTabs(s.tabs.map((t) => t.key))
})

// Server texts that follow the language (seeded names and remarks, dictionary
// labels, assist types) are fetched again in the new language.
usePreferences.subscribe((s, prev) => {
  if (s.language !== prev.language) void queryClient.invalidateQueries()
})

const FeedbackHolder = lazy(() => import('./FeedbackHolder'))

/** Mounts the feedback holder on first use, or once signed in. */
function Feedback() {
  const signedIn = useSession((s) => s.accessToken !== '')
  const [needed, setNeeded] = useState(false)
  useEffect(() => onFeedbackNeeded(() => setNeeded(true)), [])
  useEffect(() => {
    if (signedIn) setNeeded(true) // and stays: the holder outlives the session it reports the end of
  }, [signedIn])
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <FeedbackHolder />
    </Suspense>
  )
}

export function AppProviders({ children }: { children: ReactNode }) {
  const prefs = usePreferences()
  const dark = useDarkMode()
  useEffect(() => {
    document.documentElement.style.setProperty('--cs-primary', prefs.colorPrimary)
    document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  }, [prefs.colorPrimary, dark])
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={buildTheme(prefs, dark)} locale={prefs.language === 'en' ? enUS : zhCN} componentSize={antdSize(prefs.size)}>
          <Feedback />
          {children}
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
