import { usePortico } from '@portico/react'
import { useMessages } from '../../messages/useMessages.js'
import type { ViewProps } from '../../modal/types.js'

/** The name is registered; Done finishes the step (back to Account). */
export function RegisterAccountNameSuccessView({ data }: ViewProps) {
  const client = usePortico()
  const messages = useMessages()
  const name = typeof data?.name === 'string' ? data.name : ''
  return (
    <div data-portico-success="">
      <p data-portico-heading="" role="status">
        {messages['name.success'](name)}
      </p>
      <button
        type="button"
        data-portico-primary=""
        onClick={() => {
          if (client.modal.$transactionStack.get().length > 0)
            client.modal.popTransactionStep('success')
          else client.modal.reset('Account')
        }}
      >
        {messages['name.done']}
      </button>
    </div>
  )
}
