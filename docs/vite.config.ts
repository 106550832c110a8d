import { porticoDevnet } from '@portico/devnet/vite'
import { defineConfig } from 'vite'

// Ladle brings its own Vite; the devnet plugin gives the live examples their chains, APIs and the
// Devnet Wallet, exactly as in the examples.
export default defineConfig({
  plugins: [porticoDevnet()],
  resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
  // `open: false`: Ladle would otherwise try to open a browser (none on CI).
  server: { host: '127.0.0.1', open: false },
})
