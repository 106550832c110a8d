import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rpcMethodClass } from '../auth/protocol.js'
import { isUnsafeMethod } from './pendingRequests.js'

// The methods that sign or move value: each one waits for the user, and closing the modal rejects
// it. A method missing here would be sent without the user being told a prompt is waiting.

const RUNS = { numRuns: 1_000 }
const UNSAFE = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

describe('isUnsafeMethod', { timeout: 30_000 }, () => {
  it('is each method that signs or sends, and nothing that only reads', () => {
    for (const method of UNSAFE) expect(isUnsafeMethod(method), method).toBe(true)
    for (const method of [
      'eth_accounts',
      'eth_requestAccounts',
      'eth_chainId',
      'eth_call',
      'eth_getBalance',
      'eth_estimateGas',
      'wallet_getCapabilities',
      'wallet_getCallsStatus',
      'wallet_switchEthereumChain',
      '',
    ]) {
      expect(isUnsafeMethod(method), method).toBe(false)
    }
  })

  it('matches names exactly: no case folding, padding, prefix or prototype name', () => {
    for (const method of [
      'Personal_sign',
      'PERSONAL_SIGN',
      ' personal_sign',
      'personal_sign ',
      'personal_sign\u0000',
      'personal',
      'eth_signTypedData',
      'eth_sendTransactions',
      'solana_sign',
      'constructor',
      'toString',
      '__proto__',
      'length',
    ]) {
      expect(isUnsafeMethod(method), JSON.stringify(method)).toBe(false)
    }
  })

  it('agrees with the secure frame’s unsafe class for any method name (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...UNSAFE),
          fc.mixedCase(fc.constantFrom(...UNSAFE)),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({ unit: fc.constantFrom(...'eth_signTypedDa_v4lorc'), maxLength: 24 }),
        ),
        (method) => {
          expect(isUnsafeMethod(method)).toBe(UNSAFE.includes(method))
          expect(isUnsafeMethod(method)).toBe(rpcMethodClass(method) === 'unsafe')
        },
      ),
      RUNS,
    )
  })
})
