import { DUE_SOON_DAYS } from '@portal/contracts';
import { dueLabel, dueSummary, dueTone, usDate } from './due';

describe('due-date labels', () => {
  it('words the days left, the day itself and overdue', () => {
    expect(dueLabel(12)).toBe('12 days left');
    expect(dueLabel(1)).toBe('1 day left');
    expect(dueLabel(0)).toBe('Due today');
    expect(dueLabel(-1)).toBe('Overdue by 1 day');
    expect(dueLabel(-4)).toBe('Overdue by 4 days');
    expect(dueLabel(null)).toBe('Answered');
  });

  it('flags due soon up to DUE_SOON_DAYS and overdue below zero', () => {
    expect(dueTone(DUE_SOON_DAYS + 1)).toBe('ok');
    expect(dueTone(DUE_SOON_DAYS)).toBe('soon');
    expect(dueTone(0)).toBe('soon');
    expect(dueTone(-1)).toBe('overdue');
    expect(dueTone(null)).toBe('answered');
  });

  it('sums up what presses, and says nothing when nothing does', () => {
    expect(dueSummary(2, 3)).toBe(`2 overdue, 3 due within ${DUE_SOON_DAYS} days`);
    expect(dueSummary(0, 1)).toBe(`1 due within ${DUE_SOON_DAYS} days`);
    // The server stops counting at 100: the line says so.
    expect(dueSummary(100, 100)).toBe(`100+ overdue, 100+ due within ${DUE_SOON_DAYS} days`);
    expect(dueSummary(1, 0)).toBe('1 overdue');
    expect(dueSummary(0, 0)).toBe('');
  });

  it('shows dates as MM/DD/YYYY', () => {
    expect(usDate('1984-03-12')).toBe('03/12/1984');
    expect(usDate('2026-11-20T10:00:00Z')).toBe('11/20/2026');
    expect(usDate(null)).toBe('');
  });
});
