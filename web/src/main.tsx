import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import { AppProviders } from '@/app/AppProviders'
import { AppRoutes } from '@/routes/AppRoutes'
import '@/app/theme.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  </StrictMode>,
)
