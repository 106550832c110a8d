/** Lets the event loop turn `count` times: promise chains and I/O callbacks finish meanwhile. */
export async function turns(count = 10): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve))
}
