/**
 * `work` over `items`, at most `limit` at once, in lanes (a slow item holds one lane, not the rest).
 * The first failure fails the whole: the lanes stop taking items, and it is thrown once every lane has
 * finished the item it had, so nothing still runs (writes a file, say) when the caller cleans up.
 */
export const pooled = async <T>(
  items: T[],
  limit: number,
  work: (item: T, k: number) => Promise<void>,
): Promise<void> => {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && !failures.length) {
      const k = next++;
      try {
        await work(items[k], k);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length) throw failures[0];
};
