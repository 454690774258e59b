/**
 * Polls `read` until `ok` holds (an eventually consistent projection shows the expected state) or
 * `ms` have passed, and answers the last value read, so the test's own assertion says what was wrong.
 */
export const eventually = async <T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 30_000,
): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
};
