import type { LazyContext } from '../kernel/feature.js'
import type { WalletsShell } from './types.js'

/** When image answers are put on screen together: the next frame, or soon without frames. */
function onNextFrame(flush: () => void) {
  const frame = globalThis.requestAnimationFrame
  if (typeof frame !== 'function' || typeof document === 'undefined') {
    queueMicrotask(flush)
    return
  }
  // A hidden page gets no frames: the timer makes sure the images still arrive.
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    flush()
  }
  const timer = setTimeout(once, 100)
  frame(once)
}

/**
 * Wallet images, loaded as object URLs for the wallets on screen. Images that arrive together are
 * shown together: one store update (one render) per frame, not one per image.
 */
export function createImages(context: LazyContext, { stores }: WalletsShell) {
  const { $images } = stores
  const requests = new Map<string, Promise<string | undefined>>()
  const arrived: { id: string; url: string; done: (url: string) => void }[] = []

  function flush() {
    const batch = arrived.splice(0)
    if (batch.length === 0) return
    const next = { ...$images.get() }
    for (const { id, url } of batch) next[id] = url
    $images.set(next)
    for (const { url, done } of batch) done(url)
  }

  function loadImage(imageId: string): Promise<string | undefined> {
    const cached = $images.get()[imageId]
    if (cached) return Promise.resolve(cached)
    let request = requests.get(imageId)
    if (!request) {
      request = context.api.toolkit
        .getImage(`getWalletImage/${encodeURIComponent(imageId)}`)
        .then(
          (blob) =>
            new Promise<string>((done) => {
              if (arrived.length === 0) onNextFrame(flush)
              arrived.push({ id: imageId, url: URL.createObjectURL(blob), done })
            }),
        )
        .catch((error) => {
          context.logger.warn(`could not load wallet image ${imageId}`, error)
          return undefined
        })
        .finally(() => requests.delete(imageId))
      requests.set(imageId, request)
    }
    return request
  }

  function releaseImages() {
    for (const url of Object.values($images.get())) URL.revokeObjectURL(url)
    $images.set({})
  }

  return { loadImage, releaseImages }
}
