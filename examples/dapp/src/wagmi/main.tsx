import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@portico/ui-kit/styles.css'
import { WagmiApp } from './WagmiApp.js'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiApp />
  </StrictMode>,
)
