/** Waits until `check` passes (work the server goes on with after its answer), trying every `everyMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000, everyMs = 50): Promise<T> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      return await check();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
  throw last;
}
