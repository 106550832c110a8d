import { describe, expectTypeOf, it } from 'vitest'
import type * as Core from '../index.js'
import { isPorticoError, PorticoError, type PorticoErrorCode } from './PorticoError.js'

describe('PorticoError<C>', () => {
  it('is any code without C, and every narrowed error is one', () => {
    expectTypeOf<PorticoError['code']>().toEqualTypeOf<PorticoErrorCode>()
    expectTypeOf<PorticoError<'ABORTED'>>().toExtend<PorticoError>()
    expectTypeOf<PorticoError<'ABORTED' | 'TIMEOUT'>>().toExtend<PorticoError>()
    expectTypeOf<PorticoError>().not.toExtend<PorticoError<'ABORTED'>>()
    expectTypeOf<PorticoError<'ABORTED'>>().toExtend<Error>()
  })

  it('takes its code from the constructor', () => {
    expectTypeOf(new PorticoError('ABORTED', 'replaced')).toEqualTypeOf<PorticoError<'ABORTED'>>()
    expectTypeOf(new PorticoError('SIWX_NOT_ENABLED')).toEqualTypeOf<
      PorticoError<'SIWX_NOT_ENABLED'>
    >()
    expectTypeOf(new PorticoError('SIWX_NOT_ENABLED').code).toEqualTypeOf<'SIWX_NOT_ENABLED'>()
  })

  it('keeps the constructor’s rules: a message for the SDK’s codes, none for the catalogue’s', () => {
    // @ts-expect-error: ABORTED is not in the catalogue, it needs its message
    new PorticoError('ABORTED')
    // @ts-expect-error: a catalogue code takes its text from the catalogue
    new PorticoError('SIWX_NOT_ENABLED', 'own text')
    // @ts-expect-error: not a code
    new PorticoError('NOT_A_CODE', 'text')
  })

  it('narrows with isPorticoError: to the code asked, or to any code', () => {
    const value: unknown = undefined
    if (isPorticoError(value, 'WALLET_TIMEOUT')) {
      expectTypeOf(value).toEqualTypeOf<PorticoError<'WALLET_TIMEOUT'>>()
      expectTypeOf(value.code).toEqualTypeOf<'WALLET_TIMEOUT'>()
    }
    if (isPorticoError(value)) {
      expectTypeOf(value).toEqualTypeOf<PorticoError>()
    }
    const either = 'ABORTED' as 'ABORTED' | 'TIMEOUT'
    if (isPorticoError(value, either)) {
      expectTypeOf(value.code).toEqualTypeOf<'ABORTED' | 'TIMEOUT'>()
    }
    // @ts-expect-error: not a code
    isPorticoError(value, 'NOT_A_CODE')
  })

  it('narrows an action’s error union by its code', () => {
    const error = new PorticoError('ABORTED', 'replaced') as PorticoError<
      'ABORTED' | 'WALLET_TIMEOUT'
    >
    if (error.code === 'WALLET_TIMEOUT') expectTypeOf(error.code).toEqualTypeOf<'WALLET_TIMEOUT'>()
    // @ts-expect-error: USER_REJECTED is not one of its codes
    if (error.code === 'USER_REJECTED') return
  })
})

describe('the actions’ error types', () => {
  it('are public, and each a PorticoError of some codes (none of them unknown to the catalogue)', () => {
    type Every = [
      Core.AuthPreloadErrorType,
      Core.ConnectErrorType,
      Core.DisconnectErrorType,
      Core.EmailLoginErrorType,
      Core.FetchIdentityErrorType,
      Core.NameSuggestionsErrorType,
      Core.OnrampBuyErrorType,
      Core.RegisterNameErrorType,
      Core.ResolveNameErrorType,
      Core.ReverseLookupErrorType,
      Core.SendErrorType,
      Core.SendPreviewErrorType,
      Core.SetSlippageErrorType,
      Core.SiwxSignInErrorType,
      Core.SiwxSignOutErrorType,
      Core.SwapApproveErrorType,
      Core.SwapErrorType,
      Core.SwapFormErrorType,
      Core.SwapPreviewErrorType,
      Core.SwapQuoteErrorType,
      Core.SwapSetMaxErrorType,
      Core.SwitchAccountErrorType,
      Core.SwitchNamespaceErrorType,
      Core.SwitchNetworkErrorType,
      Core.UpdateEmailErrorType,
      Core.WalletsConnectErrorType,
    ]
    expectTypeOf<Every[number]>().toExtend<Core.PorticoError>()
    // None is the wide PorticoError: each names its codes.
    type Wide<E> =
      E extends Core.PorticoError<infer C> ? (Core.PorticoErrorCode extends C ? E : never) : never
    expectTypeOf<Wide<Every[number]>>().toBeNever()
  })
})
