import { ConnectButton, Modal, NetworkButton } from '@portico/ui-kit'
import type { ReactNode } from 'react'
import { Code } from './Code.js'
import { Example, Live, Prose } from './LiveClient.js'

/**
 * A hook's page: what it is for, its live example on the devnet (connect with the button above it
 * to see the values change) and the example's own source beside it.
 */
export function HookPage({
  name,
  summary,
  source,
  children,
}: {
  name: string
  summary: string
  source: string
  children: ReactNode
}) {
  return (
    <Live>
      <Prose>
        <h1>{name}</h1>
        <p>{summary}</p>
        <p>
          <code>{`import { ${name} } from '@portico/react'`}</code>, inside a{' '}
          <code>PorticoProvider</code>.
        </p>
        <p>
          <ConnectButton /> <NetworkButton />
        </p>
        <Modal />
        <div
          style={{ display: 'grid', gridTemplateColumns: 'minmax(0,1fr) minmax(0,1fr)', gap: 16 }}
        >
          <Example>{children}</Example>
          <Code code={source} label="Example source" />
        </div>
      </Prose>
    </Live>
  )
}
