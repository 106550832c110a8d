/** A hook's return value as a list: each field and what it holds now (functions by name). */
export function Returned({ value }: { value: Record<string, unknown> }) {
  return (
    <dl aria-label="Returned" style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>
      {Object.entries(value).map(([key, field]) => (
        <div key={key} style={{ display: 'flex', gap: 8 }}>
          <dt style={{ fontWeight: 600 }}>{key}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{show(field)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A short, safe text for any value (bigints as digits, long values cut). */
function show(value: unknown): string {
  if (typeof value === 'function') return 'ƒ()'
  if (value === undefined) return 'undefined'
  let text: string
  try {
    text =
      JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 240 ? `${text.slice(0, 240)}…` : text
}
