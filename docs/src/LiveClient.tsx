import { apiUrls, networks, onramp, projectId, secureSiteUrl, swap } from 'virtual:portico-devnet'
import { createPortico, type PorticoClient } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { type ReactNode, useEffect, useState } from 'react'
import '@portico/ui-kit/styles.css'

let shared: PorticoClient | undefined

/** One client for the whole docs site, on the devnet, so a connection carries across pages. */
function client() {
  // The devnet chains are swap networks too: their /v1/convert routes run Uniswap V2.
  shared ??= createPortico({
    projectId,
    networks,
    // Email login: the devnet's secure site hosts the embedded wallet's frame.
    apiUrls: { ...apiUrls, secureSite: secureSiteUrl },
    themeMode: 'light',
    swaps: { chainIds: swap.chainIds, routers: swap.routers },
    // The devnet's checkout origin: the provider window opens only on listed origins.
    onramp,
  })
  return shared
}

export function Live({ children }: { children: ReactNode }) {
  const [value] = useState(client)
  return (
    <PorticoProvider client={value}>
      <DevnetCheck />
      {children}
    </PorticoProvider>
  )
}

/**
 * Says so when no devnet answers, instead of live examples that silently show nothing: an answer
 * of any status means a devnet listens; only a refused or timed-out request shows the notice.
 */
function DevnetCheck() {
  const [down, setDown] = useState(false)
  useEffect(() => {
    let current = true
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 10_000)
    // The smallest ordinary API call (one wallet of the list): the devnet answers it with CORS
    // for this loopback page, where its root is a 404 and its control routes a 403.
    const query = new URLSearchParams({
      projectId,
      st: 'docs',
      sv: 'docs',
      page: '1',
      entries: '1',
    })
    fetch(`${apiUrls.toolkit}/getWallets?${query}`, { signal: controller.signal }).then(
      () => current && setDown(false),
      () => current && setDown(true),
    )
    return () => {
      current = false
      clearTimeout(timer)
      controller.abort()
    }
  }, [])
  if (!down) return null
  return (
    <p role="alert" style={{ border: '1px solid #c00', padding: 12, borderRadius: 8 }}>
      No devnet answers at {apiUrls.blockchain}, so the live examples cannot connect. Run{' '}
      <code>pnpm docs:dev</code> (it starts one) or <code>pnpm dev</code>.
    </p>
  )
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
