#!/usr/bin/env node
// `portico-devnet` (the package's bin; `npx portico-devnet` in an app that depends on
// @portico/devnet): the whole devnet, its URLs and a createPortico config printed, until Ctrl-C.
// Like the package's other plain-node entries it loads the TypeScript sources through tsx (and
// `@portico/*` imports under the `source` condition, see source.mjs): no build step.
import './source.mjs'
import { tsImport } from 'tsx/esm/api'

const { runDevnetCli } = await tsImport('../src/cli/run.ts', import.meta.url)
const code = await runDevnetCli(process.argv.slice(2), process.env)
// undefined: the devnet runs until a signal stops it.
if (code !== undefined) process.exit(code)
