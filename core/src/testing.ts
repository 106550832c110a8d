/**
 * Test helpers for apps built on Portico: an in-memory EIP-1193 wallet that can be told to refuse,
 * networks, and a `fetch` for servers that are down. Import from `@portico/core/testing`; never
 * part of the main entry.
 */
export { TEST_NETWORKS, unreachableFetch } from './test-utils/client.js'
export type { FakeWallet } from './test-utils/fakeWallet.js'
export { createFakeWallet, TEST_ACCOUNTS } from './test-utils/fakeWallet.js'
