// Plain-node entry of `@portico/devnet/vite`: Vite loads config files natively (no `source`
// condition), so this loads the TypeScript plugin through tsx instead of a build step.
import './source.mjs'
import { tsImport } from 'tsx/esm/api'

const plugin = await tsImport('../src/vite/plugin.ts', import.meta.url)

export const { porticoDevnet, VIRTUAL_MODULE_ID } = plugin
