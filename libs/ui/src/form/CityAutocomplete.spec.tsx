import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CITY_SEARCH_MIN_CHARS, type City } from '@portal/contracts';
import { CITY_SEARCH_DEBOUNCE_MS, CityAutocomplete, type CityChoice } from './CityAutocomplete';

const BOSTON: City = {
  id: 'US:MA:Boston',
  name: 'Boston',
  state: 'MA',
  state_name: 'Massachusetts',
  countryIso: 'US',
};

const Harness = ({
  countryIso = 'US',
  onSearch,
  options = [],
}: {
  countryIso?: string;
  onSearch: (text: string | null) => void;
  options?: City[];
}) => {
  const [city, setCity] = useState<CityChoice | null>(null);
  return (
    <>
      <CityAutocomplete
        testId="city"
        label="City"
        countryIso={countryIso}
        value={city}
        onChange={setCity}
        options={options}
        onSearch={onSearch}
      />
      <output data-testid="chosen">{city?.id ?? ''}</output>
    </>
  );
};

const input = () => screen.getByTestId('city') as HTMLInputElement;
const type = (text: string) =>
  act(async () => {
    input().focus();
    fireEvent.change(input(), { target: { value: text } });
  });
const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
/** The texts asked for, leaving out the "nothing to ask" calls. */
const asked = (onSearch: jest.Mock) => onSearch.mock.calls.map(([t]) => t).filter((t) => t !== null);

describe('CityAutocomplete', () => {
  it(`asks for ${CITY_SEARCH_MIN_CHARS} or more characters only, ${CITY_SEARCH_DEBOUNCE_MS} ms after the last key`, async () => {
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    await type('Bo');
    await pause(CITY_SEARCH_DEBOUNCE_MS + 50);
    expect(asked(onSearch)).toEqual([]);
    expect(onSearch).toHaveBeenLastCalledWith(null);

    await type('Bos');
    await type('Bost');
    await pause(CITY_SEARCH_DEBOUNCE_MS / 2);
    expect(asked(onSearch)).toEqual([]);
    await pause(CITY_SEARCH_DEBOUNCE_MS);
    expect(asked(onSearch)).toEqual(['Bost']);
  });

  it('lists the options it is given with their state, and asks nothing more once a city is chosen', async () => {
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} options={[BOSTON]} />);
    await type('Boston');
    await pause(CITY_SEARCH_DEBOUNCE_MS + 50);
    const option = await screen.findByRole('option', { name: 'Boston, Massachusetts' });
    onSearch.mockClear();
    await act(async () => fireEvent.click(option));
    expect(screen.getByTestId('chosen').textContent).toBe('US:MA:Boston');
    await pause(CITY_SEARCH_DEBOUNCE_MS + 50);
    expect(asked(onSearch)).toEqual([]);
  });

  it('is disabled until a country is chosen, and says so', () => {
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} countryIso="" />);
    expect(input().disabled).toBe(true);
    expect(screen.getByText('Choose a country first')).toBeTruthy();
  });
});
