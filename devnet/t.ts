import { startSolanaDevnet } from './src/solana/index.ts'

const t = performance.now()
const d = await startSolanaDevnet({
  host: '127.0.0.1',
  port: 0,
  mnemonic: 'test test test test test test test test test test test junk',
  accountCount: 4,
})
console.log('start ms', performance.now() - t)
console.log(d.info)
const post = async (method, params) =>
  await (
    await fetch(d.info.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).text()
console.log(await post('getBalance', [d.info.accounts[0]]))
console.log(
  await post('getTokenAccountsByOwner', [
    d.info.accounts[0],
    { mint: d.info.mints.usdc },
    { encoding: 'jsonParsed' },
  ]),
)
console.log(await post('getSlot', []), await post('getLatestBlockhash', []))
await d.close()
