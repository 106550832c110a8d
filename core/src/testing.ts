/**
 * Test helpers for apps built on Portico: an in-memory EIP-1193 wallet that can be told to refuse.
 * Import from `@portico/core/testing`; never part of the main entry.
 */

export type { FakeWallet } from './test-utils/fakeWallet.js'
export { createFakeWallet, TEST_ACCOUNTS } from './test-utils/fakeWallet.js'
