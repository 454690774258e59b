import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/contracts';
import { DateOfBirthInput } from './DateOfBirthInput';

const Harness = ({ initial = '', showErrors = false }: { initial?: string; showErrors?: boolean }) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateOfBirthInput testId="dob" value={value} onChange={setValue} showErrors={showErrors} />
      <output data-testid="out">{value}</output>
    </>
  );
};

const out = () => screen.getByTestId('out').textContent;
const pickMonth = (name: string) => {
  fireEvent.mouseDown(screen.getByTestId('dob-month'));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
};
const type = (piece: 'day' | 'year', text: string) => {
  const input = screen.getByTestId(`dob-${piece}`);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
};
const enter = (month: string, day: string, year: string) => {
  pickMonth(month);
  type('day', day);
  type('year', year);
};

describe('DateOfBirthInput', () => {
  afterEach(() => jest.useRealTimers());

  it('is a labelled group of a month list, a day and a year, and outputs YYYY-MM-DD', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: /Date of birth/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Day/)).toBeTruthy();
    expect(screen.getByLabelText(/^Year/)).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('dob-month'));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'March' }));
    type('day', '5');
    type('year', '1990');
    expect(out()).toBe('1990-03-05');
  });

  it('takes digits only: the day at most 2, the year at most 4', () => {
    render(<Harness />);
    type('day', '1a2b3');
    type('year', 'x19y905');
    expect((screen.getByTestId('dob-day') as HTMLInputElement).value).toBe('12');
    expect((screen.getByTestId('dob-year') as HTMLInputElement).value).toBe('1990');
  });

  it('says "This field is required" for each missing piece once visited, or all after a submit', () => {
    const { rerender } = render(<Harness />);
    fireEvent.blur(screen.getByTestId('dob-day'));
    expect(screen.getAllByText(MESSAGES.fieldRequired)).toHaveLength(1);
    rerender(<Harness showErrors />);
    expect(screen.getAllByText(MESSAGES.fieldRequired)).toHaveLength(3);
    expect(out()).toBe('');
  });

  it('says "Invalid month" for a month outside 01 to 12', () => {
    render(<Harness initial="1990-13-10" showErrors />);
    expect(screen.getByText(MESSAGES.invalidMonth)).toBeTruthy();
  });

  it('knows the days of each month: 29 February only in a leap year, no 31 April', () => {
    render(<Harness />);
    enter('February', '29', '2023');
    expect(screen.getByText(MESSAGES.invalidDay)).toBeTruthy();
    expect(out()).toBe('');
    type('year', '2024');
    expect(screen.queryByText(MESSAGES.invalidDay)).toBeNull();
    expect(out()).toBe('2024-02-29');
    type('year', '1900');
    expect(screen.getByText(MESSAGES.invalidDay)).toBeTruthy();
    type('year', '2000');
    expect(out()).toBe('2000-02-29');
    pickMonth('April');
    type('day', '31');
    expect(screen.getByText(MESSAGES.invalidDay)).toBeTruthy();
    type('day', '00');
    expect(screen.getByText(MESSAGES.invalidDay)).toBeTruthy();
  });

  it('keeps the year between 1900 and the current year', () => {
    render(<Harness />);
    enter('January', '1', '1899');
    expect(screen.getByText(MESSAGES.invalidYear)).toBeTruthy();
    type('year', String(new Date().getFullYear() + 1));
    expect(screen.getByText(MESSAGES.invalidYear)).toBeTruthy();
    type('year', '199');
    expect(screen.getByText(MESSAGES.invalidYear)).toBeTruthy();
    type('year', '1900');
    expect(screen.queryByText(MESSAGES.invalidYear)).toBeNull();
    expect(out()).toBe('1900-01-01');
  });

  it('says "Date cannot be in the future" for a later day of this year', () => {
    jest.useFakeTimers({
      now: new Date(2026, 5, 15, 12),
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask'],
    });
    render(<Harness />);
    enter('June', '16', '2026');
    expect(screen.getByTestId('dob-error').textContent).toBe(MESSAGES.dateFuture);
    expect(out()).toBe('');
    type('day', '15');
    expect(screen.queryByTestId('dob-error')).toBeNull();
    expect(out()).toBe('2026-06-15');
  });

  it('takes a value set from outside', () => {
    const { rerender } = render(<DateOfBirthInput testId="dob" value="" onChange={() => undefined} />);
    rerender(<DateOfBirthInput testId="dob" value="1985-11-02" onChange={() => undefined} />);
    expect(screen.getByTestId('dob-month').textContent).toBe('November');
    expect((screen.getByTestId('dob-day') as HTMLInputElement).value).toBe('02');
    expect((screen.getByTestId('dob-year') as HTMLInputElement).value).toBe('1985');
  });
});
