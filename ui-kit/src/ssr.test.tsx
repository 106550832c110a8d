// @vitest-environment node

import { PorticoProvider } from '@portico/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Modal } from './modal/Modal.js'
import { ModalTrigger } from './modal/ModalTrigger.js'
import { createTestClient } from './test/render.js'

describe('server rendering', () => {
  it('renders the trigger and an empty live region without touching window', () => {
    const html = renderToString(
      <PorticoProvider client={createTestClient()}>
        <ModalTrigger />
        <Modal />
      </PorticoProvider>,
    )
    expect(html).toContain('Connect wallet')
    expect(html).toContain('role="status"')
    expect(html).not.toContain('role="dialog"')
  })
})
