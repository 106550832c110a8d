// The workspace packages the devnet imports at run time (`@portico/core/internal`: the secure
// frame protocol) resolve to their TypeScript sources, as under Vite and vitest (the `source`
// export condition): Node would otherwise look for core's build output, which `pnpm dev` never
// makes. Only `@portico/*` specifiers get the condition, so no other package changes.
import { register } from 'node:module'

// A package installed without its sources (a published build) resolves as usual: the `source`
// target is not there, so Node refuses it, and the ordinary conditions are tried.
const hook = `export async function resolve(specifier, context, next) {
  if (!specifier.startsWith('@portico/') || context.conditions.includes('source')) {
    return next(specifier, context)
  }
  try {
    return await next(specifier, { ...context, conditions: ['source', ...context.conditions] })
  } catch {
    return next(specifier, context)
  }
}`

register(`data:text/javascript,${encodeURIComponent(hook)}`)
