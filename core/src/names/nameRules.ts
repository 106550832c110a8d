import type { Message } from '../messages/index.js'
import { LEGACY_NAME_SUFFIX, NAME_MIN_LENGTH, NAME_SUFFIX } from './constants.js'

/** Shown when a name breaks the rule: at least 4 characters of letters, digits or hyphens. */
export const NAME_RULE_MESSAGE: Message = { key: 'names.rule' }

const LABEL = /^[A-Za-z0-9-]+$/

/** The result of checking a name against the name rule. */
export type NameCheck =
  | { valid: true; label: string; name: string }
  | { valid: false; message: Message }

/**
 * Spec §5: at least 4 characters of letters, digits or hyphens (ASCII only: no spaces, emoji or
 * direction marks). Accepts the label alone or with the `.reown.id` suffix; returns the full name.
 */
export function checkName(input: string): NameCheck {
  const trimmed = input.trim().toLowerCase()
  const label = trimmed.endsWith(NAME_SUFFIX) ? trimmed.slice(0, -NAME_SUFFIX.length) : trimmed
  if (label.length < NAME_MIN_LENGTH || !LABEL.test(label)) {
    return { valid: false, message: NAME_RULE_MESSAGE }
  }
  return { valid: true, label, name: `${label}${NAME_SUFFIX}` }
}

/** Whether text looks like a name rather than an address: it ends with a known suffix. */
export function isNameLike(value: string): boolean {
  const lower = value.trim().toLowerCase()
  return lower.endsWith(NAME_SUFFIX) || lower.endsWith(LEGACY_NAME_SUFFIX)
}
