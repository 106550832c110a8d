import { apiUrls, networks, projectId, tokens } from 'virtual:portico-devnet'
import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { useState } from 'react'
import { Wallet } from './Wallet.js'

/** The connect journey built only with `@portico/react` hooks and plain HTML: no UI kit. */
export function App() {
  const [client] = useState(() =>
    createPortico({
      projectId,
      networks,
      apiUrls,
      noReturnTransferTokens: networks.map((network) => `${network.id}:${tokens.usdt}`),
    }),
  )
  return (
    <PorticoProvider client={client}>
      <main>
        <h1>Portico with hooks</h1>
        <Wallet />
      </main>
    </PorticoProvider>
  )
}
