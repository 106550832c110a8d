/**
 * A project id copied from a README or a template and never replaced (`your-project-id`,
 * `YOUR_PROJECT_ID`, `<project id>`, `xxxx`): the hosted services refuse it as they refuse a
 * missing one, so it raises the same alert, and the developer learns why the wallet list is empty.
 */
export function isPlaceholderProjectId(projectId: string): boolean {
  const id = projectId.trim().toLowerCase()
  // `<project-id>`, `{projectId}`, `[PROJECT_ID]`, `${PROJECT_ID}`: a template's slot.
  if (/^\$?(<.*>|\{.*\}|\[.*\])$/.test(id)) return true
  const words = id.replace(/[-_\s.:/]+/g, ' ').trim()
  // Nothing but blanks and separators (`''`, `'  '`, `'...'`).
  if (words === '') return true
  return (
    /^(your|my|the|a)? ?(own )?(walletconnect |reown |portico |wc )?project ?id( here| goes here)?$/.test(
      words,
    ) || /^(x+|changeme|change me|placeholder|todo|replace ?me|insert ?project ?id|id)$/.test(words)
  )
}
