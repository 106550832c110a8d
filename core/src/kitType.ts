// The kit's shape, for modules that are handed a part of it rather than importing it (a type
// cannot live in kit.ts itself: a file importing its own type counts as a cycle).
export type Kit = typeof import('./kit.js')
