// Marks every JavaScript file of a package's build as client code: `'use client'` on its first
// line, as wagmi and RainbowKit ship it, so React Server Components (the Next.js app router)
// render the package's components on the client side of the boundary. The bundler cannot keep a
// directive written in a source module (it is a module's first statement, and modules are
// merged), so it is written after the build; each source map gains an empty first line to match.
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export const DIRECTIVE = "'use client';"

/**
 * Marks the files of `dist` (and its folders) whose name matches `pattern`. Builds that run side
 * by side mark their own files only (ES modules `.js`, CommonJS `.cjs`), so no file is marked
 * twice at once.
 */
export async function markClientFiles(dist, pattern = /\.(c|m)?js$/) {
  const files = (await readdir(dist, { recursive: true })).filter((name) => pattern.test(name))
  await Promise.all(
    files.map(async (name) => {
      const path = join(dist, name)
      const code = await readFile(path, 'utf8')
      if (code.startsWith(DIRECTIVE)) return
      await writeFile(path, `${DIRECTIVE}\n${code}`)
      const mapPath = `${path}.map`
      if (existsSync(mapPath)) {
        const map = JSON.parse(await readFile(mapPath, 'utf8'))
        map.mappings = `;${map.mappings}`
        await writeFile(mapPath, JSON.stringify(map))
      }
    }),
  )
  return files.length
}
