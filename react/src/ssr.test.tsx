// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useModal } from './modal/useModal.js'
import { createTestClient, wrapperFor } from './test/setup.js'
import { useTheme } from './theme/useTheme.js'
import { useToast } from './toast/useToast.js'

function Page() {
  const { isOpen, view } = useModal()
  const { themeMode } = useTheme()
  const { open } = useToast()
  return <p>{`${view} ${isOpen} ${themeMode} ${open}`}</p>
}

describe('server rendering', () => {
  it('renders hooks to a string with no window', () => {
    expect(typeof window).toBe('undefined')
    const Wrapper = wrapperFor(createTestClient())
    const html = renderToString(
      <Wrapper>
        <Page />
      </Wrapper>,
    )
    expect(html).toContain('Connect false dark false')
  })

  it('two requests get independent clients', () => {
    const a = createTestClient()
    const b = createTestClient()
    a.modal.open({ view: 'Account' })
    const render = (client: typeof a) => {
      const Wrapper = wrapperFor(client)
      return renderToString(
        <Wrapper>
          <Page />
        </Wrapper>,
      )
    }
    expect(render(a)).toContain('Account true')
    expect(render(b)).toContain('Connect false')
  })
})
