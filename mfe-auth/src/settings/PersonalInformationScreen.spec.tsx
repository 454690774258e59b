import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import type { City, Person } from '@portal/contracts';
import { getUser } from '@portal/session';
import { CITY_SEARCH_DEBOUNCE_MS } from '@portal/ui';
import { fakeApi, renderAt, signIn, type FakeCall, type FakeRoutes } from '../components/testing';
import PersonalInformationScreen from './PersonalInformationScreen';

const PERSON: Person = {
  id: 'p1',
  firstName: 'Ann',
  lastName: 'Lee',
  middleName: null,
  priorLastName: null,
  dateOfBirth: '1985-03-04',
  email: 'ann@example.com',
  phone: '6175550100',
  country_code: '1',
  address: '1 Main St',
  cityId: 'US:MA:Boston',
  city: 'Boston',
  state: 'Massachusetts',
  postcode: '02108',
  country: 'United States',
  countryIso: 'US',
  priorAddress: null,
  priorCityId: null,
  priorCity: null,
  priorState: null,
  priorPostcode: null,
  priorCountry: null,
  priorCountryIso: null,
  person_address: null,
  person_prior_address: null,
  has_image: false,
};
const CITIES: City[] = [
  { id: 'US:MA:Boston', name: 'Boston', state: 'MA', state_name: 'Massachusetts', countryIso: 'US' },
  { id: 'US:NY:Boston', name: 'Boston', state: 'NY', state_name: 'New York', countryIso: 'US' },
];
const SAVE = `POST ${AUTH_API.saveDetails}`;

const open = async (person: Person = PERSON, extra: FakeRoutes = {}) => {
  const calls = fakeApi({
    [`GET ${AUTH_API.getPerson}`]: [200, person],
    [`GET ${AUTH_API.countries}`]: [
      200,
      [
        { id: 'US', iso: 'US', name: 'United States', phoneCode: '1' },
        { id: 'CA', iso: 'CA', name: 'Canada', phoneCode: '1' },
      ],
    ],
    [`GET ${AUTH_API.countryCodes}`]: [
      200,
      [
        { iso: 'CA', name: 'Canada', code: '1' },
        { iso: 'GB', name: 'United Kingdom', code: '44' },
        { iso: 'US', name: 'United States', code: '1' },
      ],
    ],
    [`GET ${AUTH_API.getCities}`]: [200, CITIES],
    [SAVE]: (c) => [200, { message: MESSAGES.personalInfoSaved, person: { ...person, ...c.body } }],
    ...extra,
  });
  renderAt('/settings/personal-information', <PersonalInformationScreen />);
  await screen.findByTestId('personal-save');
  return calls;
};
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** Types and leaves the field; Formik validates asynchronously, so the act waits for it. */
const type = (testId: string, text: string) =>
  act(async () => {
    fireEvent.change(input(testId), { target: { value: text } });
    fireEvent.blur(input(testId));
  });
const save = () => screen.getByTestId('personal-save') as HTMLButtonElement;
const pick = async (testId: string, option: string | RegExp) => {
  fireEvent.mouseDown(screen.getByTestId(testId));
  const choice = within(screen.getByRole('listbox')).getByRole('option', { name: option });
  await act(async () => fireEvent.click(choice));
};
/** The city search is typed into while focused, as a person does (MUI resets an unfocused input). */
const typeCity = (text: string) =>
  act(async () => {
    input('personal-city').focus();
    fireEvent.change(input('personal-city'), { target: { value: text } });
  });
const citySearches = (calls: FakeCall[]) => calls.filter((c) => c.path === AUTH_API.getCities);
const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('Personal information', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows the stored person: names, date of birth, read-only email, +1 and the address', async () => {
    await open();
    expect(input('personal-firstName').value).toBe('Ann');
    expect(screen.getByTestId('personal-dob-month').textContent).toBe('March');
    expect(input('personal-dob-day').value).toBe('04');
    expect(input('personal-dob-year').value).toBe('1985');
    expect(input('personal-email').value).toBe('ann@example.com');
    expect(input('personal-email').readOnly).toBe(true);
    expect(screen.getByTestId('personal-countryCode').textContent).toBe('+1');
    expect(input('personal-phone').value).toBe('6175550100');
    expect(screen.getByTestId('personal-country').textContent).toBe('United States');
    expect(input('personal-city').value).toBe('Boston');
    expect(input('personal-state').value).toBe('Massachusetts');
    expect(screen.getByLabelText(/^Prior address/)).toBe(input('personal-priorAddress'));
  });

  it('saves the date as DD/MM/YYYY with trimmed texts, then says so and goes back to settings', async () => {
    const calls = await open();
    await type('personal-firstName', '  Anna ');
    await type('personal-middleName', 'Marie');
    await type('personal-dob-day', '9');
    expect(input('personal-firstName').value).toBe('Anna ');
    await act(async () => fireEvent.click(save()));
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(body).toEqual({
      firstName: 'Anna',
      middleName: 'Marie',
      lastName: 'Lee',
      priorLastName: null,
      dateOfBirth: '09/03/1985',
      countryCode: '1',
      phone: '6175550100',
      address: '1 Main St',
      country: 'US',
      cityId: 'US:MA:Boston',
      state: 'Massachusetts',
      postcode: '02108',
      priorAddress: null,
      priorCountry: null,
      priorCityId: null,
      priorState: null,
      priorPostcode: null,
    });
    expect(await screen.findByText(MESSAGES.personalInfoSaved)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/settings'));
    expect(getUser()?.firstName).toBe('Anna');
  });

  it('keeps Save disabled until every required field has a value', async () => {
    await open({ ...PERSON, phone: null, cityId: null, city: null });
    expect(save().disabled).toBe(true);
    await type('personal-phone', '(617) 555-0100 99');
    expect(input('personal-phone').value).toBe('6175550100');
    expect(save().disabled).toBe(true);
    await typeCity('Bos');
    const option = await screen.findByRole('option', { name: 'Boston, New York' });
    await act(async () => fireEvent.click(option));
    expect(input('personal-state').value).toBe('New York');
    expect(save().disabled).toBe(false);
    await type('personal-lastName', '   ');
    expect(input('personal-lastName').value).toBe('');
    expect(save().disabled).toBe(true);
  });

  it('searches cities only after more than 2 characters, within the chosen country', async () => {
    const calls = await open({ ...PERSON, cityId: null, city: null });
    await typeCity('Bo');
    await pause(CITY_SEARCH_DEBOUNCE_MS + 100);
    expect(citySearches(calls)).toHaveLength(0);
    expect(screen.getByText('Type at least 3 letters')).toBeTruthy();
    await typeCity('Bos');
    await waitFor(() => expect(citySearches(calls)).toHaveLength(1));
    expect(Object.fromEntries(citySearches(calls)[0].query)).toEqual({ filterStr: 'Bos', countryIso: 'US' });
  });

  it('empties the city and state when the country changes', async () => {
    await open();
    await pick('personal-country', 'Canada');
    expect(input('personal-city').value).toBe('');
    expect(input('personal-state').value).toBe('');
    expect(save().disabled).toBe(true);
  });

  it('shows the messages of invalid fields on save', async () => {
    const calls = await open();
    await type('personal-phone', '617555');
    await type('personal-dob-year', '1899');
    await act(async () => fireEvent.click(save()));
    expect(await screen.findByText(MESSAGES.validPhone)).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidYear)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server message and its field messages', async () => {
    await open(PERSON, {
      [SAVE]: [
        400,
        {
          statusCode: 400,
          code: 'REQUEST.VALIDATION_FAILED',
          message: MESSAGES.cityRequired,
          errors: { cityId: MESSAGES.cityRequired },
        },
      ],
    });
    await act(async () => fireEvent.click(save()));
    expect(await screen.findAllByText(MESSAGES.cityRequired)).toHaveLength(2);
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
