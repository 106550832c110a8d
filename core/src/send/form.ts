import type { LazyContext } from '../kernel/feature.js'
import { NAME_LOOKUP_DEBOUNCE_MS } from './tuning.js'
import type { SendErrors, SendShell, SendState } from './types.js'
import { checkAmount, readReceiver, SEND_MESSAGES } from './validation.js'

export type SendForm = ReturnType<typeof createSendForm>

/**
 * The form's checks: the receiver read by the active namespace's rule (an address of its wallet,
 * or a name on eip155, looked up 300 ms after the last keystroke), and the live errors. It
 * follows the shell's form from the moment the half is built: what was typed before is read at
 * once.
 */
export function createSendForm(context: LazyContext, shell: SendShell) {
  const { computed } = context
  const { stores, connection, network, names, identity } = shell
  const { $state } = stores
  const patch = (next: Partial<SendState>) => $state.set({ ...$state.get(), ...next })
  let lookup: ReturnType<typeof setTimeout> | undefined
  let lookupId = 0
  /** The receiver text last read: another one is read as soon as it is typed. */
  let readFor = ''
  context.onDestroy(() => clearTimeout(lookup))

  // The receiver is read by the active namespace's rule: an address of its wallet (EVM's rule
  // while none is connected), or a name on eip155 only (names resolve to EVM addresses).
  function isAddress(value: string) {
    const active = connection.getActive(network.$activeNamespace.get())
    return active ? active.adapter.isAddress(value) : /^0x[0-9a-fA-F]{40}$/.test(value)
  }
  const read = (receiver: string) =>
    readReceiver(
      receiver,
      isAddress,
      network.$activeNamespace.get() === 'eip155' ? shell.checkName : undefined,
    )
  // Read again when its wallet connects: an address typed before is one once the wallet is in.
  const $input = computed([$state, network.$activeNamespace, connection.$connections], (state) =>
    read(state.receiver),
  )
  const $errors = computed([$state, $input], (state, input): SendErrors => {
    const errors: SendErrors = {}
    const amount = checkAmount(state.amount, state.token)
    if (amount) errors.amount = amount
    if (input.kind === 'invalid') errors.receiver = input.message
    else if (input.kind === 'name' && !state.resolving && !state.resolved && state.receiver) {
      errors.receiver = SEND_MESSAGES.nameNotFound
    }
    return errors
  })

  /**
   * Looks a typed name up (after the typing pause); only the latest lookup (`isLatest`) changes
   * the form. A failed lookup rejects: the caller logs it and shows the name as not found.
   */
  async function resolveReceiver(name: string, isLatest: () => boolean) {
    const address = await names.resolveName(name)
    if (!isLatest()) return
    patch({ resolved: address ? { address, name } : undefined, resolving: false })
    if (!address) return
    const { avatar } = await identity.fetchIdentity(address).catch(() => ({ avatar: null }))
    if (isLatest() && avatar) patch({ resolved: { address, name, avatar } })
  }

  /** Reads the receiver as typed now; a preview (for another receiver or chain) is dropped. */
  function readTyped() {
    const { receiver } = $state.get()
    readFor = receiver
    clearTimeout(lookup)
    const id = ++lookupId
    const input = read(receiver)
    if (input.kind === 'address') {
      patch({ resolved: { address: input.address }, resolving: false, prepared: undefined })
    } else if (input.kind === 'name') {
      patch({ resolved: undefined, resolving: true, prepared: undefined })
      lookup = setTimeout(() => {
        resolveReceiver(input.name, () => id === lookupId).catch((error: unknown) => {
          if (id !== lookupId) return
          context.logger.warn('could not resolve the receiver name', error)
          patch({ resolved: undefined, resolving: false })
        })
      }, NAME_LOOKUP_DEBOUNCE_MS)
    } else {
      patch({ resolved: undefined, resolving: false, prepared: undefined })
    }
  }

  // Another text in the field (typed, or emptied by a reset) is read at once.
  context.onDestroy($state.listen((state) => state.receiver !== readFor && readTyped()))
  // The same text is read again when the user moves to another namespace: a Solana address
  // typed on the EVM side becomes the receiver once Solana is active, an EVM address or a name
  // stops being one, and a preview (for one chain) is dropped.
  context.onDestroy(network.$activeNamespace.listen(readTyped))
  context.onDestroy($errors.subscribe((errors) => stores.$errors.set(errors)))
  // Typed before the code arrived.
  if ($state.get().receiver) readTyped()

  return { patch, $input, $errors }
}
