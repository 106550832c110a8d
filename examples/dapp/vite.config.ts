import { fileURLToPath } from 'node:url'
import { porticoDevnet } from '@portico/devnet/vite'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url))

export default defineConfig({
  // The devnet plugin serves `virtual:portico-devnet` (its URLs, networks and the guestbook's
  // address) and, in development only, injects the Devnet Wallet into the page.
  plugins: [react(), porticoDevnet()],
  // Workspace packages resolve to their TypeScript sources: no build step in development.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Pre-bundle what loads on demand (WalletConnect, viem, the QR encoder), so Vite does not
  // discover it mid-session and reload the page. The app imports viem itself (parseEther).
  optimizeDeps: {
    include: [
      '@portico/core > @walletconnect/universal-provider',
      '@portico/core > @walletconnect/core',
      '@portico/core > viem',
      'viem',
      '@portico/ui-kit > uqr',
      // The wagmi page (wagmi.html).
      'wagmi',
      '@tanstack/react-query',
      // The Solana page (solana.html).
      '@solana/kit',
      '@solana-program/system',
    ],
  },
  // Three pages: the app on Portico's hooks (index.html), the same app on wagmi (wagmi.html), and
  // a Solana transfer the page builds (solana.html).
  build: {
    rolldownOptions: {
      input: { index: page('index.html'), wagmi: page('wagmi.html'), solana: page('solana.html') },
    },
  },
  server: { host: '127.0.0.1', port: 5176, strictPort: true },
})
