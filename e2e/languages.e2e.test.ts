import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from './support/browser.js'
import { type StartedExample, startExample } from './support/example.js'

let browser: StartedBrowser
let example: StartedExample
let page: Page
const requests: Request[] = []

beforeAll(async () => {
  ;[browser, example] = await Promise.all([launchBrowser(), startExample('modal')])
  page = await browser.browser.newPage()
  page.on('request', (request) => requests.push(request))
})

afterAll(async () => {
  await browser?.close()
  await example?.close()
})

const root = () => page.locator('[data-portico-root]')
/** Requests for a language's texts (each language is its own module, fetched when chosen). */
const textsOf = (locale: string) =>
  requests.filter((r) =>
    new RegExp(`/messages/${locale}\\.(ts|js)`).test(new URL(r.url()).pathname),
  )

describe('the modal example in Spanish and Arabic', () => {
  it('loads no other language than English with the page', async () => {
    await page.goto(example.url)
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(textsOf('es')).toEqual([])
    expect(textsOf('ar')).toEqual([])
    expect(textsOf('zh')).toEqual([])
  })

  it('switches to Spanish with the Language select', async () => {
    await page.getByLabel('Language').selectOption({ label: 'Español' })
    const button = page.getByRole('button', { name: 'Conectar billetera' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Conectar billetera' })
    await dialog.waitFor()
    await dialog.getByRole('list', { name: 'Billeteras' }).waitFor()
    await dialog.getByRole('button', { name: 'Cerrar' }).waitFor()
    expect(await root().getAttribute('lang')).toBe('es')
    expect(await root().getAttribute('dir')).toBe('ltr')
    expect(textsOf('es').length).toBeGreaterThan(0)
    expect(textsOf('ar')).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('switches to Arabic, right to left', async () => {
    await page.getByLabel('Language').selectOption({ label: 'العربية' })
    await page.getByRole('button', { name: 'ربط المحفظة' }).click()
    const dialog = page.getByRole('dialog', { name: 'ربط المحفظة' })
    await dialog.waitFor()
    await dialog.getByRole('list', { name: 'المحافظ' }).waitFor()
    await dialog.getByRole('button', { name: 'إغلاق' }).waitFor()
    expect(await root().getAttribute('dir')).toBe('rtl')
    expect(await root().getAttribute('lang')).toBe('ar')
    // Laid out right to left: the close button sits at the left edge of the header.
    const close = await dialog.getByRole('button', { name: 'إغلاق' }).boundingBox()
    const title = await dialog.getByRole('heading', { name: 'ربط المحفظة' }).boundingBox()
    expect(close!.x).toBeLessThan(title!.x)
    await page.keyboard.press('Escape')
  })

  it('comes back to English', async () => {
    await page.getByLabel('Language').selectOption({ label: 'English' })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect wallet' }).waitFor()
    expect(await root().getAttribute('dir')).toBe('ltr')
  })
})
