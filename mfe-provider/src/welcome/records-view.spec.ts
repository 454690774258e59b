import type { ProviderRecord } from '@portal/contracts';
import { newRecordsPerRow, newestRecords, viewOf, viewQuery } from './records-view';

const record = (id: string, created: string) => ({ id, created }) as ProviderRecord;

describe('the welcome page view', () => {
  it('is the grid of all records by default, cards only with grid=false', () => {
    expect(viewOf(new URLSearchParams(''))).toEqual({ tab: 'all', grid: true });
    expect(viewOf(new URLSearchParams('grid=true&tab=favourites'))).toEqual({
      tab: 'favourites',
      grid: true,
    });
    expect(viewOf(new URLSearchParams('grid=false&tab=shared'))).toEqual({ tab: 'shared', grid: false });
    expect(viewOf(new URLSearchParams('tab=nonsense'))).toEqual({ tab: 'all', grid: true });
  });

  it('writes the view back to the query string', () => {
    expect(viewQuery({ tab: 'all', grid: true })).toBe('?grid=true');
    expect(viewQuery({ tab: 'shared', grid: false })).toBe('?tab=shared&grid=false');
  });

  it('fits four New records cards on a desktop row, fewer on narrow screens, never none', () => {
    expect(newRecordsPerRow(1150)).toBe(4);
    expect(newRecordsPerRow(760)).toBe(3);
    expect(newRecordsPerRow(500)).toBe(2);
    expect(newRecordsPerRow(343)).toBe(1);
    expect(newRecordsPerRow(100)).toBe(1);
    // Not measured yet (first render, tests): the desktop count.
    expect(newRecordsPerRow(0)).toBe(4);
  });

  it('takes the newest records first', () => {
    const list = [record('a', '2026-01-01'), record('b', '2026-03-01'), record('c', '2026-02-01')];
    expect(newestRecords(list, 2).map((r) => r.id)).toEqual(['b', 'c']);
  });
});
