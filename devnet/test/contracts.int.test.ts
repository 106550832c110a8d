import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileContracts, OUT_DIR, renderArtifacts } from '../src/chains/evm/compile.js'

describe('contract artifacts', () => {
  it('are what the committed Solidity compiles to (run `pnpm --filter @portico/devnet compile`)', () => {
    const files = renderArtifacts(compileContracts())
    expect([...files.keys()].sort()).toEqual([
      'DevnetGuestbook.json',
      'DevnetMulticall3.json',
      'DevnetSmartAccount.json',
      'DevnetSmartAccountFactory.json',
      'DevnetSpamNft.json',
      'DevnetTetherToken.json',
      'DevnetToken.json',
      'artifacts.ts',
    ])
    for (const [file, content] of files) {
      expect(readFileSync(new URL(file, OUT_DIR), 'utf8'), file).toBe(content)
    }
  })
})
