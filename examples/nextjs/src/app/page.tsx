import { ConnectButton, NetworkButton } from '@portico/ui-kit'

/**
 * A server component: the buttons are client components (`@portico/ui-kit` ships `'use client'`),
 * rendered on the server with the stored connection, then hydrated.
 */
export default function Page() {
  return (
    <main>
      <h1>Portico on Next.js</h1>
      <p>The app router, cookie storage and the initial state from the request.</p>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <ConnectButton />
        <NetworkButton />
      </div>
    </main>
  )
}
