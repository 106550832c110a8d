import { apiUrls, networks, projectId, swap } from 'virtual:portico-devnet'
import { createPortico, type PorticoClient } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { type ReactNode, useState } from 'react'
import '@portico/ui-kit/styles.css'

let shared: PorticoClient | undefined

/** One client for the whole docs site, on the devnet, so a connection carries across pages. */
function client() {
  // The devnet chains are swap networks too: their /v1/convert routes run Uniswap V2.
  shared ??= createPortico({
    projectId,
    networks,
    apiUrls,
    themeMode: 'light',
    swaps: { chainIds: swap.chainIds },
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
