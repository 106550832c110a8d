// The ES module build ships one file per source module (as tsc would), not bundled chunks: an
// app's bundler then drops, module by module, what the page does not use and splits the rest
// along the packages' own `import()` boundaries. Bundled chunks cost the modal app's initial load
// about 1.3 KiB gzip per package (Vite 8, measured 2026-11-23: 109.25 KiB with chunks, 104.94
// with one file per module): a chunk mixes modules the page needs with modules only a lazy part
// needs, and the app's bundler cannot split a file.
//
// `moduleEntries` lists the source files the package's entries reach through static and dynamic
// imports (so test helpers and tests that no entry loads are not shipped); each becomes an entry
// of an unbundled build.
import { relative, resolve } from 'node:path'
import { build } from 'esbuild'

/**
 * @param {string} packageDir the package's folder
 * @param {string[]} entries its entry files, relative to the package
 * @returns {Promise<string[]>} the source files they reach, relative to the package
 */
export async function moduleEntries(packageDir, entries) {
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'unused',
    write: false,
    metafile: true,
    // Every package import stays outside: only this package's own modules are listed.
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
  })
  const src = resolve(packageDir, 'src')
  return Object.keys(result.metafile.inputs)
    .map((input) => resolve(packageDir, input))
    .filter((path) => path.startsWith(`${src}/`) && /\.tsx?$/.test(path))
    .map((path) => relative(packageDir, path))
    .sort()
}
