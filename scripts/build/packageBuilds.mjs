// The three builds every package ships, from its entries (one place, so the packages cannot drift):
// - ES modules: one file per source module (dist/<path>.js), for apps' bundlers to split and
//   tree-shake module by module (see moduleEntries.mjs);
// - their types, one file per entry (dist/<entry>.d.ts);
// - CommonJS for `require` users: one bundle per entry, with its types (dist/<entry>.cjs, .d.cts).
// A package of client code (hooks, components) has every JavaScript file marked `'use client'`
// after its build (see useClient.mjs); each build marks its own extension, so builds that run side
// by side never write one file at once.
import { moduleEntries } from './moduleEntries.mjs'
import { markClientFiles } from './useClient.mjs'

/**
 * @param {{
 *   dir: string,
 *   entry: Record<string, string>,
 *   client?: boolean,
 *   afterModules?: () => Promise<void>,
 * }} parameters the package's folder, its entries (name → source file), whether it is client
 *   code, and what to do once its ES modules are written (copying a stylesheet)
 * @returns {Promise<import('tsup').Options[]>}
 */
export async function packageBuilds({ dir, entry, client = false, afterModules }) {
  const shared = { sourcemap: true, target: 'es2022', clean: false }
  const mark = (pattern) => (client ? () => markClientFiles('dist', pattern) : async () => {})
  const markModules = mark(/\.js$/)
  return [
    {
      ...shared,
      entry: await moduleEntries(dir, Object.values(entry)),
      format: ['esm'],
      bundle: false,
      onSuccess: async () => {
        await markModules()
        await afterModules?.()
      },
    },
    { ...shared, entry, format: ['esm'], dts: { only: true } },
    {
      ...shared,
      entry,
      format: ['cjs'],
      dts: true,
      treeshake: true,
      onSuccess: mark(/\.cjs$/),
    },
  ]
}
