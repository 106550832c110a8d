import { porticoDevnet } from '@portico/devnet/vite'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

export default defineConfig({
  // The devnet plugin serves `virtual:portico-devnet` (its URLs and networks) and, in development
  // only, injects the Devnet Wallet into the page.
  plugins: [react(), porticoDevnet()],
  // Workspace packages resolve to their TypeScript sources: no build step in development.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
})
