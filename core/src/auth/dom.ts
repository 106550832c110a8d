import type { FrameHost, FramePlacement, MountedFrame } from './frame.js'

/** Above the modal (whose layer the app's theme sets, 999 by default). */
const FRAME_Z_INDEX = '2147483647'

/** Hidden: no size, no pointer events, out of the accessibility tree and the tab order. */
function hide(iframe: HTMLIFrameElement) {
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
  iframe.removeAttribute('title')
  Object.assign(iframe.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '0',
    height: '0',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
    zIndex: FRAME_Z_INDEX,
  })
}

function show(iframe: HTMLIFrameElement, { rect, title }: FramePlacement) {
  iframe.removeAttribute('aria-hidden')
  iframe.removeAttribute('tabindex')
  iframe.title = title
  Object.assign(iframe.style, {
    top: `${rect.top}px`,
    left: `${rect.left}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
    opacity: '1',
    pointerEvents: 'auto',
  })
}

/**
 * The secure frame in this page: a hidden iframe appended to the body, shown only over the
 * ApproveTransaction view while the frame asks for an approval. The iframe is never moved in the
 * document (moving an iframe reloads it): it is positioned over the place the view gives.
 */
export function createDomHost(target: Window = window): FrameHost {
  return {
    mount(src): MountedFrame {
      const iframe = target.document.createElement('iframe')
      hide(iframe)
      // The frame identifies the app by its origin: send it even where the page's policy would
      // send no referrer (the frame falls back to it when `location.ancestorOrigins` is missing).
      iframe.referrerPolicy = 'origin'
      iframe.src = src
      target.document.body.appendChild(iframe)
      return {
        get window() {
          return iframe.contentWindow
        },
        place(placement) {
          if (placement) show(iframe, placement)
          else hide(iframe)
        },
        remove: () => iframe.remove(),
      }
    },
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener(event)
      target.addEventListener('message', onMessage)
      return () => target.removeEventListener('message', onMessage)
    },
    isVisible: () => target.document.visibilityState !== 'hidden',
  }
}
