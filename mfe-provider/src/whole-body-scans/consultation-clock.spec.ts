import { dueLabel, dueTone } from '../data-requests/due';
import { consultationDaysLeft } from './consultation-clock';

const waiting = (days: number, mnemonic = 'REQUESTED') =>
  consultationDaysLeft({ status: { mnemonic: mnemonic as never, name: '' }, days_waiting: days });

describe("a consultation's clock in the inbox", () => {
  it("counts down the 7 days to answer a request, in the data requests' words", () => {
    expect(dueLabel(waiting(0))).toBe('7 days left');
    expect(dueTone(waiting(5))).toBe('soon');
    expect(dueLabel(waiting(7))).toBe('Due today');
    expect(dueLabel(waiting(9))).toBe('Overdue by 2 days');
    expect(dueTone(waiting(9))).toBe('overdue');
  });

  it('stops once a meeting is scheduled', () => {
    expect(dueLabel(waiting(30, 'SCHEDULED'))).toBe('Answered');
  });
});
