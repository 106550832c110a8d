import { cookieToInitialState } from '@portico/core'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import '@portico/ui-kit/styles.css'
import { devnetConfig } from './devnet'
import { Providers } from './providers'

export const metadata: Metadata = { title: 'Portico on Next.js' }

/**
 * The root layout, a server component: it reads the request's cookies, so the page is rendered
 * with the visitor's stored connection (`cookieToInitialState`) and the browser's first render
 * matches it.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState((await headers()).get('cookie'))
  const devnet = await devnetConfig()
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui', margin: 0, padding: 32 }}>
        {devnet ? (
          <Providers devnet={devnet} initialState={initialState}>
            {children}
          </Providers>
        ) : (
          <main>
            <h1>No devnet</h1>
            <p role="alert">
              This example runs on the Portico devnet, and none answers on this machine. Start it
              with <code>pnpm dev</code> (it serves this example too).
            </p>
          </main>
        )}
      </body>
    </html>
  )
}
