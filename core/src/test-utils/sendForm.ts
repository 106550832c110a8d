import type { SendFeature } from '../send/index.js'

/**
 * The send form's code (its heavy half) loaded, as it is once a form is on screen: what a test
 * types is then read and checked in the same turn. A preview of the empty form fetches the code
 * and is refused before anything else; the form is reset after it.
 */
export async function sendCodeLoaded(client: { send: SendFeature }): Promise<void> {
  await client.send.preview().catch(() => undefined)
  client.send.reset()
}
