// Sign-ins per second and latency of one @portico/server instance on a real Redis.
// Not a test: `pnpm --filter @portico/server build && node server/bench/signins.mjs [count] [concurrency]`.
//
// One Node HTTP server (the package's Node listener) with the Redis store, on a redis-server this
// script starts on a port of its own. The clients' side is done first and not timed: nonces are
// fetched and messages signed by Solana keys (Ed25519). What is timed is what the server does
// per sign-in: `POST /auth/v1/authenticate` (body, message checks, atomic nonce take in Redis,
// signature check, session token), with `concurrency` requests in flight, over loopback HTTP.
// EOA and smart-account sign-ins add the chain's RPC round trips (viem) on top of this.
import { createServer } from 'node:http'
import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, signBytes } from '@solana/kit'
import { startRedis } from '../../scripts/redis.mjs'
import { createSiwxServer } from '../dist/index.js'
import { toNodeListener } from '../dist/node.js'
import { createRedisStore } from '../dist/redis.js'

const COUNT = Number(process.argv[2] ?? 2_000)
const CONCURRENCY = Number(process.argv[3] ?? 32)
const APP = 'https://app.example'
const SOLANA = 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP'

const redis = await startRedis()
const store = createRedisStore({ url: redis.url })
await store.connect()
const siwx = createSiwxServer({
  domains: [APP],
  chains: [SOLANA],
  store,
  secret: 'a benchmark secret of at least 32 bytes',
})
const http = createServer(toNodeListener(siwx.handle))
await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${http.address().port}/auth/v1`

const keys = await generateKeyPair()
const address = await getAddressFromPublicKey(keys.publicKey)
const decoder = getBase58Decoder()

async function signedBody() {
  const { nonce } = await (await fetch(`${base}/nonce`, { headers: { Origin: APP } })).json()
  const message = [
    'app.example wants you to sign in with your Solana account:',
    address,
    '',
    'Sign in to the app',
    '',
    `URI: ${APP}/`,
    'Version: 1',
    `Chain ID: ${SOLANA.split(':')[1]}`,
    `Nonce: ${nonce}`,
    `Issued At: ${new Date().toISOString()}`,
  ].join('\n')
  const signature = decoder.decode(
    await signBytes(keys.privateKey, new TextEncoder().encode(message)),
  )
  return JSON.stringify({ message, signature })
}

const nonceStart = performance.now()
const bodies = []
for (let i = 0; i < COUNT; i += CONCURRENCY) {
  const batch = Array.from({ length: Math.min(CONCURRENCY, COUNT - i) }, signedBody)
  bodies.push(...(await Promise.all(batch)))
}
const nonceSeconds = (performance.now() - nonceStart) / 1000

const latencies = []
let failures = 0
let next = 0
async function worker() {
  while (next < bodies.length) {
    const body = bodies[next++]
    const started = performance.now()
    const response = await fetch(`${base}/authenticate`, {
      method: 'POST',
      headers: { Origin: APP, 'Content-Type': 'application/json' },
      body,
    })
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
    if (response.status !== 200) failures++
  }
}
const start = performance.now()
await Promise.all(Array.from({ length: CONCURRENCY }, worker))
const seconds = (performance.now() - start) / 1000

latencies.sort((a, b) => a - b)
const at = (q) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
console.log(`sign-ins: ${COUNT}, concurrency ${CONCURRENCY}, failures ${failures}`)
console.log(
  `authenticate: ${(COUNT / seconds).toFixed(0)} sign-ins/s; latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
)
console.log(
  `nonce + client signing (untimed side, for reference): ${(COUNT / nonceSeconds).toFixed(0)}/s`,
)

http.close()
await store.close()
await redis.stop()
if (failures > 0) process.exitCode = 1
