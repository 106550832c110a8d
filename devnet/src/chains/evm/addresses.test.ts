import { getContractAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../../config/constants.js'
import { devnetInfoAt } from '../../registry.js'
import { deriveAccount } from './accounts.js'
import { contractAddresses, guestbookAddress, pairAddress, swapAddresses } from './addresses.js'
import { DEPLOYER_ACCOUNT_INDEX, DEPLOYER_ADDRESS } from './constants.js'
import { contractsByChain } from './network.js'
import { devnetSmartAccounts } from './smartAccounts.js'

describe('devnet contract addresses', () => {
  it('come from mnemonic account 9', () => {
    expect(deriveAccount(DEVNET_MNEMONIC, DEPLOYER_ACCOUNT_INDEX).address).toBe(DEPLOYER_ADDRESS)
  })

  it('follow the deployment order: tokens, WETH9, factory, Router02, spam NFT, smart-account factory, guestbook', () => {
    const at = (nonce: number) =>
      getContractAddress({ from: DEPLOYER_ADDRESS, nonce: BigInt(nonce) })
    const tokens = contractAddresses(DEPLOYER_ADDRESS)
    const swap = swapAddresses(DEPLOYER_ADDRESS)
    expect([tokens.usdc, tokens.ptk, tokens.usdt, tokens.junk]).toEqual([0, 1, 2, 3].map(at))
    expect([swap.weth, swap.factory, swap.router, tokens.spamNft]).toEqual([4, 5, 6, 7].map(at))
    const owner = deriveAccount(DEVNET_MNEMONIC, 0).address
    expect(devnetSmartAccounts(DEPLOYER_ADDRESS, owner).factory).toBe(at(8))
    expect(at(8)).toBe('0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D')
    expect(guestbookAddress(DEPLOYER_ADDRESS)).toBe(at(9))
    expect(at(9)).toBe('0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84')
    expect(swap.pairs).toEqual({
      ethUsdc: pairAddress(swap.factory, swap.weth, tokens.usdc),
      ethPtk: pairAddress(swap.factory, tokens.ptk, swap.weth),
      usdcUsdt: pairAddress(swap.factory, tokens.usdt, tokens.usdc),
    })
  })

  it('are in every devnet description, the same on each chain', () => {
    const info = devnetInfoAt({ api: 1, chains: [2, 3, 4] })
    expect(Object.keys(info.swap)).toEqual(['31337', '31338', '31339'])
    expect(info.swap[31339]).toEqual(swapAddresses(DEPLOYER_ADDRESS))
    expect(info.tokens[31338]).toEqual(contractAddresses(DEPLOYER_ADDRESS))
    expect(contractsByChain([5]).swap[5]?.router).toBe(swapAddresses(DEPLOYER_ADDRESS).router)
    expect(info.guestbook).toEqual({
      31337: '0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84',
      31338: '0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84',
      31339: '0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84',
    })
  })
})
