import { createBrowserSiwx, type PorticoClient } from '@portico/core'
import { createFakeWallet, TEST_ACCOUNTS } from '@portico/core/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'
import { useSiwxSignMessageView } from './useSiwxSignMessageView.js'

const RDNS = 'dev.portico.fake'
const KEY = mnemonicToAccount('test test test test test test test test test test test junk')
const sign = (params: unknown) =>
  KEY.signMessage({ message: { raw: (params as [`0x${string}`])[0] } })
const declined = () => {
  throw { code: 4001, message: 'User rejected the request.' }
}

/**
 * Sessions kept in the browser, their signatures checked offline (ecrecover): the test's chain
 * RPC is down, and the key is a plain one.
 */
const siwx = (required = true) =>
  createBrowserSiwx({
    required,
    verify: ({ data, message, signature }) =>
      verifyMessage({
        address: data.accountAddress as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      }),
  })

/** An app's own sign-in view on the kit's view-model. */
function MySignIn() {
  const state = useSiwxSignMessageView()
  return (
    <button type="button" onClick={state.sign}>
      Prove it
    </button>
  )
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** A browser wallet that really signs with the first test account's key. */
function signingWallet() {
  expect(KEY.address).toBe(TEST_ACCOUNTS[0])
  const wallet = createFakeWallet()
  wallet.override('personal_sign', sign)
  stops.push(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  return wallet
}

async function connect(client: PorticoClient) {
  client.connectors.startDiscovery()
  await act(() => client.connection.connect({ connectorId: RDNS }))
}

const dialog = () => screen.getByRole('dialog', { name: 'Sign in' })

describe('SIWXSignMessage', () => {
  it('opens after connecting, shows who asks and the exact message; Sign signs in and closes', async () => {
    signingWallet()
    const client = createTestClient({
      siwx: siwx(),
      metadata: { name: 'Demo App', description: '', url: 'https://demo.example', icons: [] },
    })
    renderWithClient(<Modal />, { client })
    await connect(client)
    await waitFor(() => dialog())
    within(dialog()).getByText('Demo App asks you to sign in')
    const message = within(dialog()).getByRole('region', { name: 'Message to sign' })
    await waitFor(() =>
      expect(message.textContent).toMatch(
        /wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/,
      ),
    )
    // Required and not signed in: Escape does not close it.
    fireEvent.keyDown(dialog(), { key: 'Escape' })
    dialog()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(client.modal.$open.get()).toBe(false))
    expect(client.siwx.$session.get()?.data.accountAddress).toBe(TEST_ACCOUNTS[0])
  })

  it("a refusal shows 'Signature declined', keeps the view, and Try again signs in", async () => {
    const wallet = signingWallet()
    wallet.override('personal_sign', declined)
    const client = createTestClient({ siwx: siwx() })
    renderWithClient(<Modal />, { client })
    await connect(client)
    await waitFor(() => within(dialog()).getByRole('button', { name: 'Sign' }))
    // Sign waits for the message to be made.
    await waitFor(() =>
      expect(
        (within(dialog()).getByRole('button', { name: 'Sign' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    )
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sign' }))
    await waitFor(() => within(dialog()).getByRole('alert'))
    expect(within(dialog()).getByRole('alert').textContent).toBe('Signature declined')
    expect(client.modal.$open.get()).toBe(true)
    wallet.override('personal_sign', sign)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(client.modal.$open.get()).toBe(false))
    expect(client.siwx.$session.get()).toBeDefined()
  })

  it('Cancel disconnects when sign-in is required', async () => {
    signingWallet()
    const client = createTestClient({ siwx: siwx() })
    renderWithClient(<Modal />, { client })
    await connect(client)
    await waitFor(() => dialog())
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(client.connection.$connection.get().status).toBe('disconnected'))
    expect(client.siwx.$session.get()).toBeUndefined()
  })

  it('Cancel only closes when sign-in is optional', async () => {
    signingWallet()
    const client = createTestClient({ siwx: siwx(false) })
    renderWithClient(<Modal />, { client })
    await connect(client)
    await waitFor(() => dialog())
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(client.modal.$open.get()).toBe(false))
    expect(client.connection.$connection.get().status).toBe('connected')
  })

  it('an app view given as views={{ SIWXSignMessage }} is drawn instead, on the same flow', async () => {
    signingWallet()
    const client = createTestClient({ siwx: siwx() })
    renderWithClient(<Modal views={{ SIWXSignMessage: MySignIn }} />, { client })
    await connect(client)
    const button = await screen.findByRole('button', { name: 'Prove it' })
    fireEvent.click(button)
    await waitFor(() => expect(client.modal.$open.get()).toBe(false))
    expect(client.siwx.$session.get()).toBeDefined()
  })

  it('is in every language', async () => {
    signingWallet()
    const client = createTestClient({ siwx: siwx(), locale: 'es' })
    renderWithClient(<Modal />, { client })
    await connect(client)
    await waitFor(() => screen.getByRole('dialog', { name: 'Iniciar sesión' }))
    screen.getByRole('button', { name: 'Firmar' })
  })
})
