// How the devnet's browser wallets go on a page: one copy per page (installing again replaces
// it), and their UI mounted once the page has a body.

/**
 * Installs a wallet under `name` (`Symbol.for(name)` on window), uninstalling the one already
 * there; its `uninstall` forgets it.
 */
export function installOnce<W extends { uninstall(): void }>(name: string, create: () => W): W {
  const key = Symbol.for(name)
  const win = window as unknown as Record<symbol, W | undefined>
  win[key]?.uninstall()
  const wallet = create()
  const uninstall = wallet.uninstall
  wallet.uninstall = () => {
    uninstall()
    if (win[key] === wallet) delete win[key]
  }
  win[key] = wallet
  return wallet
}

/**
 * Mounts a wallet's UI in `container` (document.body by default) now, or once the body exists;
 * `false`: no UI. Returns what removes it.
 */
export function mountUi(
  container: HTMLElement | false | undefined,
  mount: (container: HTMLElement) => () => void,
): () => void {
  if (container === false) return () => undefined
  let unmount = () => {}
  const go = () => {
    unmount = mount(container || document.body)
  }
  if (container || document.body) go()
  else document.addEventListener('DOMContentLoaded', go, { once: true })
  return () => unmount()
}
