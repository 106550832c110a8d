/** @type {import('@ladle/react').UserConfig} */
export default {
  stories: 'src/**/*.stories.tsx',
  viteConfig: 'vite.config.ts',
  port: 61000,
  outDir: 'build',
  addons: { width: { enabled: false }, rtl: { enabled: false }, source: { enabled: false } },
}
