import { porticoDevnet } from '@portico/devnet/vite'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'
import { signInServer } from './server/plugin.js'

export default defineConfig({
  // The devnet plugin serves `virtual:portico-devnet` (its URLs and networks) and, in development
  // only, injects the Devnet Wallet into the page.
  // signInServer: the example's own sign-in server (@portico/server) on the page's origin.
  plugins: [react(), porticoDevnet(), signInServer()],
  // Workspace packages resolve to their TypeScript sources: no build step in development.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Pre-bundle what loads on demand (WalletConnect, viem, the QR encoder), so Vite does not
  // discover it mid-session and reload the page.
  optimizeDeps: {
    include: [
      '@portico/core > @walletconnect/universal-provider',
      '@portico/core > @walletconnect/core',
      '@portico/core > viem',
      '@portico/ui-kit > uqr',
    ],
  },
  server: { host: '127.0.0.1', port: 5175, strictPort: true },
})
