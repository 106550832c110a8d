// @vitest-environment happy-dom
import { createMemoryStorage, createPortico, type PorticoClient } from '@portico/core'
import { type Devnet, DevnetToken, startDevnet } from '@portico/devnet'
import { createDevnetWalletCore } from '@portico/devnet/wallet'
import {
  PorticoProvider,
  useAccount,
  usePublicClient,
  useReadContract,
  useSendTransaction,
  useSignMessage,
  useSignTypedData,
  useWalletClient,
  useWriteContract,
} from '@portico/react'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { parseEther, parseUnits, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The hooks an app uses for its own calls, on a devnet, through the Devnet Wallet (approving).
const WALLET_ID = 'devnet-wallet'
let devnet: Devnet
let portico: PorticoClient
let account: `0x${string}`

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  const wallet = createDevnetWalletCore({ chains: [...devnet.chains], autoApprove: true })
  account = wallet.snapshot().accounts[0]!
  portico = createPortico({
    projectId: 'devnet',
    networks: [devnet.networks[0]!, ...devnet.networks.slice(1)],
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    connectors: [{ id: WALLET_ID, name: 'Devnet Wallet', provider: wallet.provider }],
  })
}, 60_000)

afterAll(async () => {
  portico?.destroy()
  await devnet?.stop()
})

const wrapper = ({ children }: { children: ReactNode }) => (
  <PorticoProvider client={portico}>{children}</PorticoProvider>
)
const usdc = () => devnet.tokens[31337]!.usdc
const receiver = () => devnet.accounts[3]!.address

describe("the hooks of the app's own calls", () => {
  it('give no wallet client while disconnected, then one bound to the account; useAccount gives the chain and connector', async () => {
    const { result } = renderHook(() => ({ client: useWalletClient(), account: useAccount() }), {
      wrapper,
    })
    expect(result.current.client).toMatchObject({ status: 'idle', data: undefined })
    await act(() => portico.connection.connect({ connectorId: WALLET_ID }))
    await waitFor(() => expect(result.current.client.status).toBe('success'))
    expect(result.current.client.data?.account.address).toBe(account)
    expect(result.current.account).toMatchObject({ chainId: 31337, caipNetworkId: 'eip155:31337' })
    expect(result.current.account.connector).toMatchObject({ id: WALLET_ID, type: 'EXTERNAL' })
  })

  it('read a contract, write to it, and read it again with refetch', async () => {
    const { result } = renderHook(
      () => ({
        balance: useReadContract({
          address: usdc(),
          abi: DevnetToken.abi,
          functionName: 'balanceOf',
          args: [receiver()],
        }),
        write: useWriteContract(),
      }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.balance.status).toBe('success'))
    const before = result.current.balance.data as bigint
    await act(() =>
      result.current.write.writeContract({
        address: usdc(),
        abi: DevnetToken.abi,
        functionName: 'transfer',
        args: [receiver(), parseUnits('4', 6)],
      }),
    )
    expect(result.current.write).toMatchObject({ status: 'success', isPending: false })
    expect(result.current.write.data?.receipt.status).toBe('success')
    await act(() => result.current.balance.refetch())
    expect((result.current.balance.data as bigint) - before).toBe(parseUnits('4', 6))
  })

  it('sign a message and typed data that verify; send a transaction and wait for its receipt', async () => {
    const { result } = renderHook(
      () => ({ sign: useSignMessage(), typed: useSignTypedData(), send: useSendTransaction() }),
      { wrapper },
    )
    await act(() => result.current.sign.signMessage({ message: 'from a hook' }))
    const signature = result.current.sign.data as `0x${string}`
    expect(await verifyMessage({ address: account, message: 'from a hook', signature })).toBe(true)

    const typedData = {
      domain: { name: 'Guestbook', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'typed' },
    } as const
    await act(() => result.current.typed.signTypedData(typedData))
    expect(
      await verifyTypedData({
        address: account,
        signature: result.current.typed.data!,
        ...typedData,
      }),
    ).toBe(true)

    await act(() =>
      result.current.send.sendTransaction({ to: receiver(), value: parseEther('0.5') }),
    )
    expect(result.current.send.data?.receipt).toMatchObject({ status: 'success' })
  })

  it('keep a failed read as an error the component shows', async () => {
    const { result } = renderHook(
      () =>
        useReadContract({
          address: usdc(),
          abi: DevnetToken.abi,
          functionName: 'balanceOf',
          args: [receiver()],
          chainId: 999,
        }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error?.code).toBe('NETWORK_NOT_FOUND')
  })

  it('give a public client of the chain the wallet is on', async () => {
    const { result } = renderHook(() => usePublicClient(), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data?.chain?.id).toBe(31337)
    expect(await result.current.data?.getBalance({ address: account })).toBeGreaterThan(0n)
  })
})
