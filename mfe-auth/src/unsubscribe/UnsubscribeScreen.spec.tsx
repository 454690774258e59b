import { act, fireEvent, screen } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../components/testing';
import type { BotCheckProps } from './BotCheck';
import UnsubscribeScreen from './UnsubscribeScreen';

// The proof of work is replaced by two buttons: solved, or not available.
jest.mock('./BotCheck', () => ({
  __esModule: true,
  default: ({ onVerified, onUnavailable }: BotCheckProps) => (
    <>
      <button type="button" onClick={() => onVerified('solved-payload')}>
        solve
      </button>
      <button type="button" onClick={onUnavailable}>
        fail to load
      </button>
    </>
  ),
}));

const UNSUBSCRIBE = `POST ${AUTH_API.unsubscribe}`;
const ID = 'YW5uQGV4YW1wbGUuY29t.c2lnbmVk';

const open = async (routes: FakeRoutes) => {
  const calls = fakeApi(routes);
  renderAt(`/unsubscribe/${ID}`, <UnsubscribeScreen />, '/unsubscribe/:id');
  const solve = await screen.findByText('solve');
  await act(async () => fireEvent.click(solve));
  return calls;
};
const confirm = () => act(async () => fireEvent.click(screen.getByTestId('unsubscribe-confirm')));

describe('Unsubscribe', () => {
  beforeEach(() => localStorage.clear());

  it('asks after the bot check, sends the id as is with the solved check, and says opted out on OK', async () => {
    const calls = await open({ [UNSUBSCRIBE]: [200, 'OK'] });
    expect(screen.getByTestId('unsubscribe-question').textContent).toBe(MESSAGES.unsubscribeQuestion);
    await confirm();
    expect(await screen.findByRole('heading', { name: MESSAGES.optedOut })).toBeTruthy();
    expect(screen.getByText(MESSAGES.optedOutText)).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ email: ID, recaptchaToken: 'solved-payload' }]);
    // Signed out: the button goes to login.
    expect(screen.getByTestId('unsubscribe-leave').textContent).toBe('Login');
    fireEvent.click(screen.getByTestId('unsubscribe-leave'));
    expect(screen.getByTestId('landed').textContent).toBe('/login');
  });

  it.each([
    ['a refusal', [400, { statusCode: 400, code: 'REQUEST.VALIDATION_FAILED', message: 'Bad link' }]],
    ['an answer other than OK', [200, 'NO']],
  ] as const)('shows Invalid token on %s', async (_, answer) => {
    await open({ [UNSUBSCRIBE]: [answer[0], answer[1]] });
    await confirm();
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toBe(MESSAGES.invalidToken);
    expect(screen.queryByText(MESSAGES.optedOut)).toBeNull();
  });

  it("shows the server's 'Failed to verify reCAPTCHA'", async () => {
    await open({
      [UNSUBSCRIBE]: [
        400,
        { statusCode: 400, code: 'REQUEST.VALIDATION_FAILED', message: MESSAGES.recaptchaFailed },
      ],
    });
    await confirm();
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toBe(MESSAGES.recaptchaFailed);
  });

  it("says 'reCAPTCHA not available' when the check cannot load, and asks nothing", async () => {
    const calls = fakeApi({});
    renderAt(`/unsubscribe/${ID}`, <UnsubscribeScreen />, '/unsubscribe/:id');
    const fail = await screen.findByText('fail to load');
    await act(async () => fireEvent.click(fail));
    expect(screen.getByTestId('unsubscribe-error').textContent).toBe(MESSAGES.recaptchaUnavailable);
    expect(screen.queryByTestId('unsubscribe-question')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('Cancel goes to login when signed out', async () => {
    await open({});
    fireEvent.click(screen.getByTestId('unsubscribe-cancel'));
    expect(screen.getByTestId('landed').textContent).toBe('/login');
  });

  it('Cancel goes to the role page when signed in', async () => {
    signIn();
    const calls = await open({});
    fireEvent.click(screen.getByTestId('unsubscribe-cancel'));
    expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/all-requests');
    expect(calls).toHaveLength(0);
  });
});
