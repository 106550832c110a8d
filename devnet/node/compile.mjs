// Regenerates devnet/contracts/out/ from devnet/contracts/*.sol (`pnpm --filter @portico/devnet compile`).
import { mkdirSync, writeFileSync } from 'node:fs'
import { tsImport } from 'tsx/esm/api'

const { compileContracts, renderArtifacts, OUT_DIR } = await tsImport(
  '../src/chains/evm/compile.ts',
  import.meta.url,
)
mkdirSync(OUT_DIR, { recursive: true })
for (const [file, content] of renderArtifacts(compileContracts())) {
  writeFileSync(new URL(file, OUT_DIR), content)
  console.log(`wrote contracts/out/${file}`)
}
