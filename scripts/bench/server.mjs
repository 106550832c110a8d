// A static server for a production build, the way a CDN serves it: text assets gzip-compressed
// (level 9, computed once at start so compression time never shows in the measurements) when the
// browser accepts gzip, hashed assets cacheable, index.html for unknown paths (a single-page app).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg'])

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/**
 * Serves `dir` on a free loopback port. Source maps are never served: the page must not be able
 * to download more than a user's browser would.
 * @param {string} dir
 */
export async function startStaticServer(dir) {
  /** @type {Map<string, { type: string, raw: Buffer, gzip?: Buffer }>} */
  const files = new Map()
  for (const path of walk(dir)) {
    const ext = extname(path)
    if (ext === '.map') continue
    const raw = readFileSync(path)
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`
    files.set(urlPath, {
      type: TYPES[ext] ?? 'application/octet-stream',
      raw,
      gzip: COMPRESSIBLE.has(ext) ? gzipSync(raw, { level: 9 }) : undefined,
    })
  }
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = files.get(pathname) ?? (extname(pathname) ? undefined : files.get('/index.html'))
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const gzip = file.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    const body = gzip ? file.gzip : file.raw
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      // Hashed file names never change; index.html is revalidated, as a CDN is usually told.
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(undefined))
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the static server did not start')
  return {
    url: `http://127.0.0.1:${address.port}/`,
    /** Raw and gzip sizes by URL path, to check what the browser reports. */
    files,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      }),
  }
}
