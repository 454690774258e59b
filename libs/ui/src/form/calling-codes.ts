import type { CountryCode } from '@portal/contracts';

/** One calling code per entry ('+1' for each of the countries that share it): the chosen value is the code. */
export const callingCodeOptions = (list: readonly CountryCode[] | undefined) => {
  const seen = new Map<string, string[]>();
  for (const c of list ?? []) seen.set(c.code, [...(seen.get(c.code) ?? []), c.name]);
  return [...seen.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, names]) => ({ value: code, label: `+${code} ${names.join(', ')}` }));
};
