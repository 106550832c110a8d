import type { NextConfig } from 'next'

/**
 * In this repository the Portico packages resolve to their TypeScript sources (the `source`
 * export condition), as the Vite examples do: no build step in development. That needs webpack
 * (`next dev --webpack`): Turbopack cannot yet resolve the sources' `./x.js` imports to `./x.ts`.
 * An app that installs the packages from npm needs none of this (its `next.config.ts` can be
 * empty, and Turbopack works).
 */
const config: NextConfig = {
  // The Chromium test serves its own copy next to a running `pnpm dev`: each needs its own
  // build folder (Next locks the one it uses).
  distDir: process.env.PORTICO_NEXT_DIST_DIR || '.next',
  transpilePackages: [
    '@portico/core',
    '@portico/react',
    '@portico/ui-kit',
    '@portico/devnet',
    '@portico/server',
  ],
  webpack(webpackConfig) {
    webpackConfig.resolve.conditionNames = ['source', '...']
    webpackConfig.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'] }
    return webpackConfig
  },
  // The example is served on 127.0.0.1; Next refuses its dev resources to other origins.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
}

export default config
