// `pnpm bench`'s command line: what it reads from argv, and its usage line (on --help or a wrong
// argument, exit code 2).

function usage(message) {
  if (message) console.error(`bench: ${message}`)
  console.error(
    'usage: pnpm bench [--runs N] [--json] [--cpu RATE] [--wallet extension|none] [--profile]',
  )
  process.exit(2)
}

export function parseArgs(argv) {
  const options = { runs: 5, json: false, cpu: 4, wallet: 'extension', profile: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined) usage(`${flag} needs a value`)
      return v
    }
    if (flag === '--runs') {
      options.runs = Number(value())
      if (!Number.isInteger(options.runs) || options.runs < 1 || options.runs > 100) {
        usage('--runs takes a whole number from 1 to 100')
      }
    } else if (flag === '--cpu') {
      options.cpu = Number(value())
      if (!Number.isFinite(options.cpu) || options.cpu < 1 || options.cpu > 20) {
        usage('--cpu takes a slowdown rate from 1 (none) to 20')
      }
    } else if (flag === '--wallet') {
      options.wallet = value()
      if (!['extension', 'none'].includes(options.wallet)) usage('--wallet is extension or none')
    } else if (flag === '--json') options.json = true
    else if (flag === '--profile') options.profile = true
    else if (flag === '--help' || flag === '-h') usage()
    else usage(`unknown argument ${arg}`)
  }
  return options
}
