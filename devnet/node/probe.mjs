// Plain-node entry of `@portico/devnet/probe`: whether a devnet already answers on an API URL,
// without loading the rest of the devnet (scripts/docs.mjs, the portico-devnet bin).
import { tsImport } from 'tsx/esm/api'

const probe = await tsImport('../src/probe.ts', import.meta.url)

export const { probeDevnet } = probe
