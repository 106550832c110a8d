import { arrayOf, isRecord, string } from '../kit.js'
import type { Validator } from '../storage/validators.js'
import type { ApiClient, ApiRequestOptions } from './types.js'

const origins: Validator<string[]> = (value) =>
  isRecord(value) ? arrayOf(string)(value.allowedOrigins) : undefined

const analyticsConfig: Validator<{ isAnalyticsEnabled: boolean }> = (value) =>
  isRecord(value) && typeof value.isAnalyticsEnabled === 'boolean'
    ? { isAnalyticsEnabled: value.isAnalyticsEnabled }
    : undefined

/** The toolkit backend endpoints of spec §7 shared by every feature (wallet listing lives apart). */
export function createToolkitApi(api: ApiClient) {
  return {
    getAllowedOrigins: (options?: ApiRequestOptions) =>
      api.get('projects/v1/origins', {}, origins, options),
    getAnalyticsConfig: (options?: ApiRequestOptions) =>
      api.get('getAnalyticsConfig', {}, analyticsConfig, options),
  }
}

export type ToolkitApi = ReturnType<typeof createToolkitApi>

/**
 * Whether `origin` is allowed by a list whose entries may use `*` as a wildcard for any run of
 * characters (`http://localhost:*`, `https://*.example.org`).
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    if (pattern === origin) return true
    if (!pattern.includes('*')) return false
    const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    return new RegExp(`^${escaped.join('.*')}$`).test(origin)
  })
}
