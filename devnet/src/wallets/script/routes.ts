import { errorReply, type Reply } from '../../kernel/reply.js'
import type { Route } from '../../kernel/router.js'
import type { DevnetInfoParts, PageScript } from '../../kernel/service.js'
import { walletScriptsBundler } from './bundle.js'
import { ChoiceError, parseScriptChoice } from './choice.js'

/** Where the script tag points, on the API server. */
export const WALLETS_SCRIPT_PATH = '/devnet/wallets.js'

/**
 * `GET /devnet/wallets.js[?autoApprove=1][&<wallet option>=0]`: the devnet's browser wallets as
 * one module script, for `<script type="module" src="…">` in any page on a loopback origin (the
 * API server's CORS answers those). Never cached: it carries this devnet's ports and keys.
 */
export function walletScriptRoutes(
  scripts: readonly PageScript[],
  info: () => DevnetInfoParts,
): Route[] {
  const bundle = walletScriptsBundler(scripts, info)
  return [
    {
      method: 'GET',
      path: WALLETS_SCRIPT_PATH,
      kind: 'page',
      async handle({ query }): Promise<Reply> {
        let choice: ReturnType<typeof parseScriptChoice>
        try {
          choice = parseScriptChoice(query, scripts)
        } catch (error) {
          if (error instanceof ChoiceError) return errorReply(400, error.message)
          throw error
        }
        return {
          status: 200,
          contentType: 'text/javascript; charset=utf-8',
          body: await bundle(choice),
          headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
        }
      },
    },
  ]
}
