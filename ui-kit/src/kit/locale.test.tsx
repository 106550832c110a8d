import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'

const root = () => document.body.querySelector<HTMLElement>('[data-portico-root]')!

function App() {
  return (
    <>
      <ConnectButton />
      <Modal />
    </>
  )
}

describe('languages', () => {
  it('starts in the language of the locale option', async () => {
    const client = createTestClient({ locale: 'es-MX' })
    renderWithClient(<App />, { client })
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar billetera' }))
    screen.getByRole('dialog', { name: 'Conectar billetera' })
    expect(root().getAttribute('lang')).toBe('es')
    expect(root().getAttribute('dir')).toBe('ltr')
    screen.getByRole('button', { name: 'Cerrar' })
  })

  it('switches at run time, Arabic right to left, with the texts of core messages', async () => {
    const { client } = renderWithClient(<App />)
    act(() => client.modal.open({ view: 'Networks' }))
    screen.getByRole('dialog', { name: 'Networks' })
    expect(root().getAttribute('dir')).toBe('ltr')

    act(() => client.locale.setLocale('ar'))
    await screen.findByRole('dialog', { name: 'الشبكات' })
    expect(root().getAttribute('dir')).toBe('rtl')
    expect(root().getAttribute('lang')).toBe('ar')
    const region = screen.getByRole('status', { name: 'الإشعارات' })
    expect(region.getAttribute('dir')).toBe('rtl')
    act(() => client.toast.showError({ key: 'balances.unavailable' }))
    within(region).getByText('رصيد الرموز غير متاح')
    screen.getByRole('button', { name: 'ربط المحفظة' })

    act(() => client.locale.setLocale('zh-CN'))
    await screen.findByRole('dialog', { name: '网络' })
    expect(root().getAttribute('dir')).toBe('ltr')

    act(() => client.locale.setLocale('en'))
    screen.getByRole('dialog', { name: 'Networks' })
  })

  it('falls back to English for a language it does not ship', async () => {
    const { client } = renderWithClient(<App />)
    act(() => client.locale.setLocale('fr'))
    act(() => client.modal.open())
    screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(root().getAttribute('lang')).toBe('en')
  })

  it('keeps the app overrides on top of any language, typed by the kit keys', async () => {
    const client = createTestClient({ locale: 'es' })
    // @ts-expect-error: overrides are typed: a key the kit does not have is refused
    renderWithClient(<App />, { client: createTestClient(), messages: { 'button.connnect': 'x' } })
    renderWithClient(<App />, { client, messages: { 'button.connect': 'Entrar' } })
    await screen.findByRole('button', { name: 'Entrar' })
    act(() => client.modal.open())
    screen.getByRole('dialog', { name: 'Conectar billetera' })
  })

  it('renders counts with the plural rules of the language', async () => {
    const wallets = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `w${i}`,
        name: `Wallet ${i}`,
        image_id: `i${i}`,
      }))
    const listing: typeof fetch = async (input) => {
      const url = new URL(String(input))
      if (url.pathname === '/getWallets') {
        const count = url.searchParams.get('search') ? 2 : 7
        return Response.json({ count, data: wallets(count) })
      }
      return Response.json({ allowedOrigins: ['*'] })
    }
    const client = createTestClient({ locale: 'ar', fetch: listing })
    renderWithClient(<App />, { client })
    await screen.findByRole('button', { name: 'ربط المحفظة' })
    act(() => client.modal.open({ view: 'AllWallets' }))
    await screen.findByText('7 محافظ')
    fireEvent.change(screen.getByRole('searchbox', { name: 'البحث عن محفظة' }), {
      target: { value: 'wallet' },
    })
    await screen.findByText('محفظتان', undefined, { timeout: 3_000 })
  })
})
