import { fileURLToPath } from 'node:url'
import type { DevnetInfoParts, PageScript } from '../../kernel/service.js'

/**
 * The page script that puts a browser wallet on the page: it imports the wallet's source by
 * absolute path (so it works whatever the app depends on) and installs it with `options`,
 * written as JSON. Vite reaches the path as `/@fs/<path>`; esbuild (the script-tag bundle of
 * `../script/`) as the path itself.
 */
function installScript(
  source: URL,
  install: string,
  options: object,
  specifier: (path: string) => string,
): string {
  const path = fileURLToPath(source)
  return [
    `import { ${install} } from ${JSON.stringify(specifier(path))}`,
    `${install}(${JSON.stringify(options)})`,
  ].join('\n')
}

/**
 * The Vite part of a browser wallet: `virtual:portico-devnet/<id>` installs it from `source` with
 * the options it reads from the devnet's description, and `autoApprove` as the plugin says;
 * `porticoDevnet({ [option]: false })` leaves it off.
 */
export function walletScript(parts: {
  id: string
  option: string
  install: string
  /** The wallet's browser entry (a URL, made when the script is asked for). */
  source: () => URL
  options(info: DevnetInfoParts): object
}): PageScript {
  return {
    id: parts.id,
    option: parts.option,
    code: (info, { autoApprove }, specifier = (path) => `/@fs${path}`) =>
      installScript(
        parts.source(),
        parts.install,
        { ...parts.options(info), autoApprove },
        specifier,
      ),
  }
}
