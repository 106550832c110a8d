import type { PageScript } from '../../kernel/service.js'

/** Which wallets a script tag asks for: `?autoApprove=1&solanaWallet=0`. */
export type ScriptChoice = {
  autoApprove: boolean
  /** The page scripts' `option` names, in registry order: the wallets to install. */
  wallets: readonly string[]
}

/** A query the route cannot use: answered 400 with this message. */
export class ChoiceError extends Error {}

const YES = new Set(['1', 'true'])
const NO = new Set(['0', 'false'])

function flag(name: string, value: string): boolean {
  if (YES.has(value)) return true
  if (NO.has(value)) return false
  throw new ChoiceError(`${name} must be 1, 0, true or false, not ${JSON.stringify(value)}`)
}

/**
 * Reads the script tag's query as the Vite plugin reads its options: every wallet is on unless
 * `<option>=0` turns it off, and requests wait for a click unless `autoApprove=1`. An unknown
 * name or value is refused rather than ignored, so a typo cannot silently leave a wallet on.
 */
export function parseScriptChoice(
  query: URLSearchParams,
  scripts: readonly PageScript[],
): ScriptChoice {
  const options = scripts.map((script) => script.option)
  const seen = new Set<string>()
  let autoApprove = false
  const off = new Set<string>()
  for (const [name, value] of query) {
    if (seen.has(name)) throw new ChoiceError(`${name} is given twice`)
    seen.add(name)
    if (name === 'autoApprove') autoApprove = flag(name, value)
    else if (options.includes(name)) {
      if (!flag(name, value)) off.add(name)
    } else {
      throw new ChoiceError(
        `unknown parameter ${JSON.stringify(name)}: expected autoApprove or ${options.join(', ')}`,
      )
    }
  }
  return { autoApprove, wallets: options.filter((option) => !off.has(option)) }
}

/** One cache entry per distinct choice, whatever the order of the query. */
export const choiceKey = (choice: ScriptChoice) =>
  `${choice.autoApprove ? 1 : 0}:${choice.wallets.join(',')}`
