import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@portico/ui-kit/styles.css'
import { SolanaApp } from './SolanaApp.js'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SolanaApp />
  </StrictMode>,
)
