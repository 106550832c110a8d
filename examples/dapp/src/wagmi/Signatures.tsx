import { guestbook } from 'virtual:portico-devnet'
import { useState } from 'react'
import type { Address } from 'viem'
import { useConnection, usePublicClient, useSignMessage, useSignTypedData } from 'wagmi'
import { wagmiErrorText } from './errors.js'

/** The typed data the page asks for: a note to the guestbook (EIP-712), on the wallet's chain. */
function noteTypedData(chainId: number, from: Address, text: string) {
  return {
    domain: { name: 'Portico guestbook', version: '1', chainId, verifyingContract: guestbook },
    types: {
      Note: [
        { name: 'from', type: 'address' },
        { name: 'text', type: 'string' },
      ],
    },
    primaryType: 'Note',
    message: { from, text },
  } as const
}

type Verdict = 'verified' | 'invalid' | undefined

/**
 * Signs a message (wagmi's `useSignMessage`) and typed data (`useSignTypedData`) with the wallet
 * Portico connected, then checks each signature with viem on wagmi's public client
 * (`verifyMessage`, `verifyTypedData`: a contract account's ERC-1271 is asked too).
 */
export function WagmiSignatures() {
  const { address, chainId, status } = useConnection()
  const publicClient = usePublicClient()
  const signMessage = useSignMessage()
  const signTypedData = useSignTypedData()
  const [text, setText] = useState('Hello from the guestbook')
  const [verdict, setVerdict] = useState<{ message: Verdict; typed: Verdict }>({
    message: undefined,
    typed: undefined,
  })
  const connected = status === 'connected' && address !== undefined && chainId !== undefined

  const onSignMessage = async () => {
    setVerdict((v) => ({ ...v, message: undefined }))
    const signature = await signMessage.mutateAsync({ message: text })
    const ok = await publicClient?.verifyMessage({
      address: address as Address,
      message: text,
      signature,
    })
    setVerdict((v) => ({ ...v, message: ok ? 'verified' : 'invalid' }))
  }
  const onSignTyped = async () => {
    setVerdict((v) => ({ ...v, typed: undefined }))
    const typedData = noteTypedData(chainId as number, address as Address, text)
    const signature = await signTypedData.mutateAsync(typedData)
    const ok = await publicClient?.verifyTypedData({
      address: address as Address,
      signature,
      ...typedData,
    })
    setVerdict((v) => ({ ...v, typed: ok ? 'verified' : 'invalid' }))
  }

  return (
    <section aria-labelledby="wagmi-signatures-title">
      <h2 id="wagmi-signatures-title">Signatures</h2>
      <label>
        Text to sign <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <p>
        <button
          type="button"
          disabled={!connected || signMessage.isPending}
          onClick={() => onSignMessage().catch(() => undefined)}
        >
          Sign a message
        </button>{' '}
        <button
          type="button"
          disabled={!connected || signTypedData.isPending}
          onClick={() => onSignTyped().catch(() => undefined)}
        >
          Sign typed data
        </button>
      </p>
      <Result
        label="Message signature"
        signature={signMessage.data}
        error={signMessage.error}
        verdict={verdict.message}
      />
      <Result
        label="Typed data signature"
        signature={signTypedData.data}
        error={signTypedData.error}
        verdict={verdict.typed}
      />
    </section>
  )
}

function Result(props: {
  label: string
  signature: string | undefined
  error: Error | null
  verdict: Verdict
}) {
  if (props.error) {
    return (
      <p role="alert" aria-label={props.label}>
        {wagmiErrorText(props.error)}
      </p>
    )
  }
  if (!props.signature) return null
  return (
    <section aria-label={props.label}>
      <p>
        {props.label}:{' '}
        <output style={{ wordBreak: 'break-all' }} aria-label={`${props.label} value`}>
          {props.signature}
        </output>
      </p>
      {props.verdict ? (
        <p role="status">
          {props.verdict === 'verified' ? 'Signature verified' : 'Signature does not verify'}
        </p>
      ) : null}
    </section>
  )
}
