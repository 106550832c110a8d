// The one page shell of the pages the devnet serves (the Devnet Mobile Wallet, the secure
// frame, the Devnet Inbox and the device pages, the on-ramp checkout): the document around each
// page's markup, the look they share and their content security policy (their scripts are
// bundled by `bundle.ts`). Every value a page shows from elsewhere goes in as escaped text or as
// inert JSON for its script. Plain strings only: the pages' own scripts import from here too.

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** JSON that is safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** What every devnet page looks like underneath its own styles. */
const BASE_STYLES = `
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; }
button { font: 600 14px/1 system-ui, sans-serif; padding: 10px 16px; border-radius: 8px; cursor: pointer; }
button:disabled { opacity: 0.5; cursor: default; }
:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 8px 0 0; padding: 8px; max-height: 260px; overflow: auto; border-radius: 6px; font: 12px/1.45 ui-monospace, monospace; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; margin: 0; font-size: 14px; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
[hidden] { display: none !important; }
`

/** The light card layout of the devnet's standalone pages (wallet, inbox, checkout). */
export const CARD_STYLES = `
body { background: #f1f3f5; color: #1a1b1e; }
main { margin: 0 auto; padding: 16px; display: grid; grid-template-columns: minmax(0, 1fr); gap: 14px; }
h1 { font-size: 20px; margin: 4px 0 0; }
h2 { font-size: 16px; margin: 0 0 8px; }
h3 { font-size: 15px; margin: 0 0 6px; }
section, article, .card { background: #fff; border: 1px solid #dee2e6; border-radius: 12px; padding: 14px; }
dt { color: #495057; }
pre { background: #f1f3f5; }
label { display: block; font-weight: 600; font-size: 13px; margin-bottom: 4px; }
input, select { font: inherit; width: 100%; padding: 8px; border: 1px solid #ced4da; border-radius: 8px; background: #fff; color: inherit; }
button { border: 1px solid #ced4da; background: #fff; color: #1a1b1e; }
button.primary, button.approve { background: #2f9e44; border-color: #2b8a3e; color: #fff; }
`

export type PageOptions = {
  title: string
  /** The page's own styles, after the shared ones. */
  styles: string
  /** The markup inside `<body>`. */
  body: string
  /** Attributes of `<html>` besides `lang="en"`, e.g. `data-theme="dark"`. */
  rootAttributes?: string
  /** Read by the page's script from a JSON script element with this id. */
  config?: { id: string; value: unknown }
  /** The page's module script. */
  script?: string
  /** Other `<head>` elements, e.g. an icon link. */
  head?: string
}

/** A whole page: doctype, head (charset, viewport, title, styles, config, script) and body. */
export function htmlPage(options: PageOptions): string {
  const root = options.rootAttributes ? ` ${options.rootAttributes}` : ''
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    ...(options.head ? [options.head] : []),
    `<style>${BASE_STYLES}${options.styles}</style>`,
    ...(options.config
      ? [
          `<script type="application/json" id="${options.config.id}">${scriptJson(options.config.value)}</script>`,
        ]
      : []),
    ...(options.script ? [`<script type="module" src="${options.script}"></script>`] : []),
  ]
  return `<!doctype html>
<html lang="en"${root}>
<head>
${head.join('\n')}
</head>
<body>
${options.body}
</body>
</html>
`
}

/**
 * The content security policy of a devnet page: nothing but its own script (when it has one),
 * inline styles, and the origins it may call; never framed unless `frameAncestors` says so.
 */
export function pageCsp(options: {
  script?: boolean
  connect?: readonly string[]
  img?: string
  formAction?: string
  frameAncestors?: string
}): string {
  const script = options.script ?? true
  return [
    "default-src 'none'",
    ...(script ? ["script-src 'self'"] : []),
    "style-src 'unsafe-inline'",
    ...(options.img ? [`img-src ${options.img}`] : []),
    ...(options.connect ? [`connect-src ${["'self'", ...options.connect].join(' ')}`] : []),
    "base-uri 'none'",
    `form-action ${options.formAction ?? "'none'"}`,
    options.frameAncestors ?? "frame-ancestors 'none'",
  ].join('; ')
}
