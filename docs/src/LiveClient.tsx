import { apiUrls, networks, projectId, secureSiteUrl } from 'virtual:portico-devnet'
import { createPortico, type PorticoClient } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { type ReactNode, useState } from 'react'
import '@portico/ui-kit/styles.css'

let shared: PorticoClient | undefined

/** One client for the whole docs site, on the devnet, so a connection carries across pages. */
function client() {
  shared ??= createPortico({
    projectId,
    networks,
    // Email login: the devnet's secure site hosts the embedded wallet's frame.
    apiUrls: { ...apiUrls, secureSite: secureSiteUrl },
    themeMode: 'light',
  })
  return shared
}

export function Live({ children }: { children: ReactNode }) {
  const [value] = useState(client)
  return <PorticoProvider client={value}>{children}</PorticoProvider>
}

export function Prose({ children }: { children: ReactNode }) {
  return (
    <article style={{ maxWidth: 760, fontFamily: 'system-ui', lineHeight: 1.55 }}>
      {children}
    </article>
  )
}

export function Example({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Live example"
      style={{ border: '1px solid #ddd', borderRadius: 12, padding: 16, margin: '16px 0' }}
    >
      {children}
    </section>
  )
}
