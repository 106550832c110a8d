import { apiUrls, networks, projectId } from 'virtual:portico-devnet'
import { createPortico, type PorticoClient } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { type ReactNode, useEffect, useState } from 'react'
import '@portico/ui-kit/styles.css'

let shared: PorticoClient | undefined

/** One client for the whole docs site, on the devnet, so a connection carries across pages. */
function client() {
  shared ??= createPortico({ projectId, networks, apiUrls, themeMode: 'light' })
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
 * Says so when no devnet answers, instead of live examples that silently show nothing. An
 * opaque (`no-cors`) request: it settles when the server answers at all, and fails only when
 * nothing listens.
 */
function DevnetCheck() {
  const [down, setDown] = useState(false)
  useEffect(() => {
    let current = true
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 5_000)
    // The devnet's own description: a 200 (its root is a 404, which the console would report).
    fetch(`${apiUrls.blockchain}/__devnet/info`, {
      mode: 'no-cors',
      signal: controller.signal,
    }).then(
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
