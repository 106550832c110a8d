// The cache time is the heavy half's (internal.ts imports it from its module): re-exported here,
// the client's first load would reach the half's module.
export type { NameProfile, NameSuggestion, NamesApi, RegisterNameBody } from './api.js'
export { LEGACY_NAME_SUFFIX, NAME_MIN_LENGTH, NAME_SUFFIX } from './constants.js'
export { namesFeature } from './feature.js'
export type { NameCheck } from './nameRules.js'
export { checkName, isNameLike, NAME_RULE_MESSAGE } from './nameRules.js'
export type {
  NameSuggestionsErrorType,
  NamesFeature,
  RegisterNameErrorType,
  RegisterNameStep,
  ResolveNameErrorType,
  ReverseLookupErrorType,
} from './types.js'
