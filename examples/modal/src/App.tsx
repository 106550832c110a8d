import { createPortico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { Modal, ModalTrigger } from '@portico/ui-kit'
import { useState } from 'react'
import { networks } from './config.js'

export function App() {
  // One client per page, created once.
  const [client] = useState(() =>
    createPortico({
      projectId: 'devnet',
      networks,
      metadata: {
        name: 'Portico modal example',
        description: 'The drop-in modal on the devnet',
        url: window.location.origin,
        icons: [],
      },
    }),
  )
  return (
    <PorticoProvider client={client}>
      <main style={{ fontFamily: 'system-ui', padding: 32 }}>
        <h1>Portico</h1>
        <p>The drop-in modal, running on the local devnet.</p>
        <ModalTrigger />
        <Modal />
      </main>
    </PorticoProvider>
  )
}
