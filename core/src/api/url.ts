import { SDK_TYPE, SDK_VERSION } from '../version.js'

export type QueryValue = string | number | boolean | undefined | null | readonly string[]

/** A service's base URL as calls use it: without trailing slashes. */
export const apiBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '')

/**
 * A URL on a hosted service with the project and SDK parameters every call carries (projectId,
 * st, sv); empty values are left out, lists joined with commas.
 */
export function apiUrl(
  base: string,
  projectId: string,
  path: string,
  query: Record<string, QueryValue> = {},
): string {
  const target = new URL(`${base}/${path.replace(/^\/+/, '')}`)
  const params: Record<string, QueryValue> = { projectId, st: SDK_TYPE, sv: SDK_VERSION, ...query }
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    target.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return target.toString()
}
