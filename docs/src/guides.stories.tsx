// Guides: Vite, Next.js, replacing a view, and the options reference. The code comes from the
// README's own snippets (the blocks the install check builds in fresh apps), so the guide, the
// README and what is tested are one text.
import readme from '../../README.md?raw'
import { Code } from './Code.js'
import { Example, Live, Prose } from './LiveClient.js'
import { OPTIONS } from './optionsReference.js'
import ReplaceConnect from './reference/ReplaceConnect.js'
import replaceViewSource from './reference/ReplaceConnect.tsx?raw'

export default { title: 'Guides' }

/** The README's snippet for `<app>/<path>` (marked `<!-- file: app/path -->`). */
function snippet(file: string): string {
  const start = readme.indexOf(`<!-- file: ${file} -->`)
  const code = start < 0 ? undefined : /```\w*\n([\s\S]*?)\n```/.exec(readme.slice(start))?.[1]
  if (code === undefined) throw new Error(`README.md has no snippet for ${file}`)
  return code
}

const INSTALL = 'npm install @portico/core @portico/react @portico/ui-kit viem'

export const Vite = () => (
  <Prose>
    <h1>Vite</h1>
    <p>Any single-page React app works the same way; create-vite's react-ts template is shown.</p>
    <Code code={'npm create vite@latest my-app -- --template react-ts\ncd my-app'} label="Create" />
    <Code code={INSTALL} label="Install" />
    <p>
      Put your project id in <code>.env.local</code> as <code>VITE_PORTICO_PROJECT_ID=…</code> (see
      Getting started: what a project id is, and why the devnet needs none), then replace{' '}
      <code>src/App.tsx</code>. create-vite's <code>main.tsx</code> imports its default export.
    </p>
    <Code code={snippet('vite/src/App.tsx')} label="src/App.tsx" />
    <p>
      <code>@portico/ui-kit/styles.css</code> is the default look; it holds against the page's own
      CSS (resets, a <code>color</code> on <code>body</code>, dark templates). Leave it out to style
      everything yourself.
    </p>
  </Prose>
)

export const NextJs = () => (
  <Prose>
    <h1>Next.js (app router)</h1>
    <p>
      React code of <code>@portico/react</code> and <code>@portico/ui-kit</code> is marked{' '}
      <code>'use client'</code>, so a server page may render the buttons. The client itself is
      created in a client file, once per browser page and once per server request. With{' '}
      <code>cookieStorage</code> the connection is kept in a cookie, and the layout hands{' '}
      <code>cookieToInitialState(cookie header)</code> to the client: the server HTML already shows
      a returning visitor's account, and the browser hydrates it without a mismatch.
    </p>
    <Code code={'npx create-next-app@latest my-app --ts --app\ncd my-app'} label="Create" />
    <Code code={INSTALL} label="Install" />
    <p>
      The id goes in <code>.env.local</code> as <code>NEXT_PUBLIC_PORTICO_PROJECT_ID=…</code>.
    </p>
    <Code code={snippet('next/app/providers.tsx')} label="app/providers.tsx" />
    <Code code={snippet('next/app/layout.tsx')} label="app/layout.tsx" />
    <Code code={snippet('next/app/page.tsx')} label="app/page.tsx" />
    <p>
      <code>examples/nextjs</code> in the repository is this app on the devnet (
      <code>pnpm dev</code> serves it at http://127.0.0.1:3000).
    </p>
  </Prose>
)

export const ReplacingAView = () => (
  <Live>
    <Prose>
      <h1>Replacing a view</h1>
      <p>
        Pass your component for any view name in <code>views</code>; the names are typed, so a typo
        does not compile. Your view receives <code>{'{ view, data }'}</code>; the view-model hooks
        of <code>@portico/ui-kit/views</code> give it the built-in view's state and actions, and
        each built-in view also takes a render function with that same state. Views of your own are
        declared on <code>CustomViews</code> and opened with{' '}
        <code>{"useModal().open({ view: 'MyView' })"}</code>.
      </p>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0,1fr) minmax(0,1fr)', gap: 16 }}>
        <Example>
          <ReplaceConnect />
        </Example>
        <Code code={replaceViewSource} label="Example source" />
      </div>
    </Prose>
  </Live>
)

export const Options = () => (
  <Prose>
    <h1>Options of createPortico</h1>
    <p>
      Read from the SDK's own types, so this list is always the current one. Only{' '}
      <code>networks</code> is required; <code>projectId</code> is needed for the hosted services.
    </p>
    <table style={{ borderCollapse: 'collapse', fontSize: 14 }}>
      <thead>
        <tr>
          <th scope="col">Option</th>
          <th scope="col">Type</th>
          <th scope="col">What it does</th>
        </tr>
      </thead>
      <tbody>
        {OPTIONS.map((option) => (
          <tr key={`${option.group}.${option.name}`} style={{ borderTop: '1px solid #ddd' }}>
            <th scope="row" style={{ textAlign: 'left', verticalAlign: 'top', paddingRight: 12 }}>
              <code>
                {option.name}
                {option.optional ? '?' : ''}
              </code>
            </th>
            <td style={{ verticalAlign: 'top', paddingRight: 12 }}>
              <code>{option.type}</code>
            </td>
            <td style={{ verticalAlign: 'top' }}>{option.doc}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Prose>
)
