import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Hex } from 'viem'

// The users' private keys in escrow: AES-256-GCM under a secret that lives only in this process
// (stopping the devnet forgets it), each bound to its user's id.

export type Escrow = { iv: Buffer; tag: Buffer; data: Buffer }

export function createKeyEscrow() {
  const secret = randomBytes(32)
  return {
    seal(userId: string, privateKey: Hex): Escrow {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', secret, iv)
      cipher.setAAD(Buffer.from(userId))
      const data = Buffer.concat([cipher.update(privateKey, 'utf8'), cipher.final()])
      return { iv, tag: cipher.getAuthTag(), data }
    },
    unseal(userId: string, escrow: Escrow): Hex {
      const decipher = createDecipheriv('aes-256-gcm', secret, escrow.iv)
      decipher.setAAD(Buffer.from(userId))
      decipher.setAuthTag(escrow.tag)
      return Buffer.concat([decipher.update(escrow.data), decipher.final()]).toString('utf8') as Hex
    },
  }
}
