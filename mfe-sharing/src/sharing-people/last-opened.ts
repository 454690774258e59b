/** Beyond the spec: when a person (or a link) last opened what was shared, and how often. */
export const lastOpened = (at: string | null, count: number): string =>
  at
    ? `Last opened ${new Date(at).toLocaleDateString(undefined, { month: 'short', day: '2-digit', year: 'numeric' })} · opened ${count} ${count === 1 ? 'time' : 'times'}`
    : 'Not opened yet';
