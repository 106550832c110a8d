import { useState } from 'react'

/** A code block with a copy button (the button says when the code is on the clipboard). */
export function Code({ code, label = 'Code' }: { code: string; label?: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    )
  }
  return (
    <figure aria-label={label} style={{ margin: '12px 0', position: 'relative' }}>
      <button
        type="button"
        onClick={copy}
        style={{ position: 'absolute', top: 8, right: 8, fontSize: 12 }}
      >
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <pre
        style={{
          background: '#f6f8fa',
          border: '1px solid #ddd',
          borderRadius: 8,
          padding: '12px 16px',
          overflowX: 'auto',
          fontSize: 13,
          margin: 0,
        }}
      >
        <code>{code}</code>
      </pre>
    </figure>
  )
}
