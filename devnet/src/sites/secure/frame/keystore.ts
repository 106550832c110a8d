// The frame's storage, in the secure site origin's IndexedDB, one session per app origin: another
// allowed app embedding the frame neither reads who is signed in here nor signs this app into an
// account. WebCrypto has no secp256k1, so the
// EVM key cannot be a non-extractable CryptoKey itself: it is kept encrypted (AES-GCM) under a
// non-extractable AES key that this origin generated and can use but never read out. Another
// origin's scripts, the app's included, cannot open this database.

import type { Hex } from 'viem'

const DB_NAME = 'portico-secure'
const STORE = 'kv'
const WRAP_KEY = 'wrap-key'
const DEVICE = 'device'
/** The one session every app shared before sessions were kept per app origin: dropped. */
const SHARED_SESSION = 'session'
const sessionKey = (appOrigin: string) => `session ${appOrigin}`

/** What a signed-in frame keeps, decrypted in memory only. */
export type StoredSession = {
  token: string
  privateKey: Hex
  email: string
  address: `0x${string}`
}

type SealedSession = {
  email: string
  address: `0x${string}`
  iv: Uint8Array
  ciphertext: ArrayBuffer
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1)
  open.onupgradeneeded = () => open.result.createObjectStore(STORE)
  return request(open)
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** The frame's storage, as seen by the app at `appOrigin` (the browser-reported origin). */
export async function openKeystore(appOrigin: string) {
  const SESSION = sessionKey(appOrigin)
  const db = await openDb()
  const tx = (mode: IDBTransactionMode) => db.transaction(STORE, mode).objectStore(STORE)
  const get = <T>(key: string) => request(tx('readonly').get(key)) as Promise<T | undefined>
  const put = (key: string, value: unknown) => request(tx('readwrite').put(value, key))
  const remove = (key: string) => request(tx('readwrite').delete(key))

  async function wrapKey(): Promise<CryptoKey> {
    const existing = await get<CryptoKey>(WRAP_KEY)
    if (existing) return existing
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ])
    await put(WRAP_KEY, key)
    return key
  }

  await remove(SHARED_SESSION)

  return {
    /** This browser's device id: 32 random bytes, kept across sign-outs. */
    async deviceId(): Promise<string> {
      const existing = await get<string>(DEVICE)
      if (existing) return existing
      const id = hex(crypto.getRandomValues(new Uint8Array(32)))
      await put(DEVICE, id)
      return id
    },

    async saveSession(session: StoredSession): Promise<void> {
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const plain = new TextEncoder().encode(
        JSON.stringify({ token: session.token, privateKey: session.privateKey }),
      )
      const ciphertext = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        await wrapKey(),
        plain,
      )
      const sealed: SealedSession = {
        email: session.email,
        address: session.address,
        iv,
        ciphertext,
      }
      await put(SESSION, sealed)
    },

    /** The remembered session, or undefined (none, or it no longer decrypts: then it is dropped). */
    async loadSession(): Promise<StoredSession | undefined> {
      const sealed = await get<SealedSession>(SESSION)
      if (!sealed) return undefined
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer> },
          await wrapKey(),
          sealed.ciphertext,
        )
        const { token, privateKey } = JSON.parse(new TextDecoder().decode(plain)) as {
          token: string
          privateKey: Hex
        }
        return { token, privateKey, email: sealed.email, address: sealed.address }
      } catch {
        await remove(SESSION)
        return undefined
      }
    },

    clearSession(): Promise<undefined> {
      return remove(SESSION)
    },
  }
}

export type Keystore = Awaited<ReturnType<typeof openKeystore>>
