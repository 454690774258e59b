import { act, fireEvent, screen } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { fakeApi, renderAt } from '../components/testing';
import PhoneLoginScreen from './PhoneLoginScreen';

describe('Phone login', () => {
  it('takes exactly 10 digits with +1 by default and says a sign-in link was mailed', async () => {
    const calls = fakeApi({
      [`GET ${AUTH_API.countryCodes}`]: [
        200,
        [
          { iso: 'US', name: 'United States', code: '1' },
          { iso: 'GB', name: 'United Kingdom', code: '44' },
        ],
      ],
      [`POST ${AUTH_API.phoneLogin}`]: [200, { message: MESSAGES.phoneLoginSent }],
    });
    renderAt('/loginUsingPhoneNumber', <PhoneLoginScreen />);
    expect(screen.getByTestId('phone-login-countryCode').textContent).toBe('+1');
    expect(screen.getByTestId('phone-login-email-link').getAttribute('href')).toBe('/login');

    const phone = screen.getByTestId('phone-login-phone') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '212-555' } });
    expect(phone.value).toBe('212555');
    await act(async () => fireEvent.click(screen.getByTestId('phone-login-submit')));
    expect(screen.getByText(MESSAGES.validPhone)).toBeTruthy();

    fireEvent.change(phone, { target: { value: '(212) 555-0147 99' } });
    expect(phone.value).toBe('2125550147');
    await act(async () => fireEvent.click(screen.getByTestId('phone-login-submit')));
    expect((await screen.findByTestId('phone-login-sent')).textContent).toBe(MESSAGES.phoneLoginSent);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ countryCode: '1', phone: '2125550147' });
  });
});
