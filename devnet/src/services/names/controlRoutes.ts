import { HttpError, json, objectBody } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import { requireAddress } from '../api/params.js'
import type { NameRegistry } from './registry.js'

/** `POST /__devnet/names` `{ name, address, avatar? }`: registers a name (control route). */
export const nameControlRoutes = (names: NameRegistry): Route[] => [
  {
    method: 'POST',
    path: '/__devnet/names',
    kind: 'control',
    handle({ body }) {
      const { name, address, avatar } = objectBody(body)
      if (typeof name !== 'string') throw new HttpError(400, 'expected { name, address }')
      const owner = requireAddress(typeof address === 'string' ? address : null)
      try {
        const options = typeof avatar === 'string' ? { avatar } : {}
        return json(names.register(name, owner, options))
      } catch (error) {
        throw new HttpError(409, (error as Error).message)
      }
    },
  },
]
