// `pnpm mutation [subcommand] [options…]`: mutation testing of core/src (StrykerJS), one command
// for the whole run and the tools around it; CONTRIBUTING.md ("Mutation testing") says when to use
// which. Each subcommand is a module of this folder exporting `help` (its usage lines) and
// `main(args)` (its exit status); shared.mjs holds what they share.
//
// With no subcommand, or options first, it is the whole run and the options go to Stryker
// (`pnpm mutation --mutate …`), as `pnpm mutation` always did.
import * as folders from './folders.mjs'
import * as hybrids from './hybrids.mjs'
import * as sample from './sample.mjs'
import * as scores from './scores.mjs'
import { InputError, UsageError } from './shared.mjs'
import * as whole from './whole.mjs'

const SUBCOMMANDS = { folders, scores, sample, hybrids }
const USAGE = 'usage: pnpm mutation'
const isHelp = (arg) => arg === '--help' || arg === '-h'

/** `usage` lines of these modules, descriptions aligned. */
function usage(modules) {
  const lines = modules.flatMap((module) => module.help)
  const width = Math.max(...lines.map(([command]) => command.length))
  return lines.map(([command, what]) => `  ${command.padEnd(width)}  ${what}`).join('\n')
}

const argv = process.argv.slice(2)
const [first, ...rest] = argv
const named = Object.hasOwn(SUBCOMMANDS, first ?? '') ? SUBCOMMANDS[first] : undefined
const everything = [whole, ...Object.values(SUBCOMMANDS)]

if (first === 'help' || (named === undefined && argv.some(isHelp))) {
  console.log(
    `${USAGE}\n${usage(everything)}\n\nCONTRIBUTING.md, "Mutation testing", says when to use which.`,
  )
} else if (named !== undefined && rest.some(isHelp)) {
  console.log(`${USAGE}\n${usage([named])}`)
} else if (named === undefined && first !== undefined && !first.startsWith('-')) {
  console.error(`mutation: no subcommand ${first}\n${USAGE}\n${usage(everything)}`)
  process.exitCode = 2
} else {
  const module = named ?? whole
  try {
    process.exitCode = await module.main(named ? rest : argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(
      error instanceof InputError
        ? error.message
        : `${error.message}\n${USAGE}\n${usage([module])}`,
    )
    process.exitCode = 2
  }
}
