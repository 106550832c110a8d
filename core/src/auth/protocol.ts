/**
 * The secure frame protocol, as the app side speaks it: what the SDK's frame client and the
 * secure site's frame say to each other with `postMessage`. The secure site keeps its own copy
 * of these rules; this module mirrors them (same types, constants, builders and validators) and
 * imports nothing beyond its two parts, so it stays out of the initial load and a test can
 * compare both copies. The parts: the vocabulary (constants, shapes, builders) in
 * `frameProtocol.ts`, the validators in `frameChecks.ts`; both sides import this module.
 *
 * Shape of the conversation:
 * - The app loads `${secureSite}/sdk?projectId=…&chainId=…&version=4&enableLogger=…` in an
 *   iframe. The frame announces itself with `@portico-frame/READY` (repeated every 500 ms until
 *   the app's first event) and then sends `@portico-frame/HEARTBEAT` every 5 s.
 * - Every app event carries an `id` chosen by the app. The frame answers each one exactly once,
 *   with `${EVENT}_SUCCESS` or `${EVENT}_ERROR` under the same `id`.
 * - Notices (READY, HEARTBEAT, APPROVAL_OPEN, APPROVAL_CLOSED) carry no `id`.
 * - Both sides post with an exact target origin and accept a message only from the window and
 *   origin they expect (`event.source` and `event.origin`).
 */

export * from './frameChecks.js'
export * from './frameProtocol.js'
