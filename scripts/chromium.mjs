// Finds Chromium for the browser suites and, when asked, installs Debian's package.
// Playwright cannot download its own browsers on machines without internet, so the suites drive
// the system Chromium.
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { pathToFileURL } from 'node:url'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The Chromium executable, from PORTICO_CHROMIUM or the usual paths; undefined if none. */
export function findChromium() {
  const fromEnv = process.env.PORTICO_CHROMIUM
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined
  return CANDIDATES.find(executable)
}

/** Flags that let Chromium run headless as root on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

function canInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  return isRoot && hasApt
}

/** Returns the Chromium path, installing Debian's package when running as root with apt. */
export function ensureChromium() {
  const found = findChromium()
  if (found) return found
  if (!canInstall()) {
    console.error(
      'Browser tests need Chromium: install it (Debian: apt-get install chromium) or set PORTICO_CHROMIUM to its path.',
    )
    process.exit(1)
  }
  console.log('Chromium is missing; installing Debian chromium (apt-get)…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  const installed = findChromium()
  if (!installed) {
    console.error('apt-get installed chromium but no executable was found at /usr/bin/chromium.')
    process.exit(1)
  }
  return installed
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`Chromium: ${ensureChromium()}`)
}
