import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES, type Person } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../components/testing';
import IdentityVerificationScreen from './IdentityVerificationScreen';
import MyIdentityScreen from './MyIdentityScreen';

// jsdom's Blob has no arrayBuffer(); browsers and Node do. Read it the older way here.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const SAVE = `POST ${AUTH_API.saveDetails}`;

const choose = (file: File) =>
  act(async () => {
    fireEvent.change(screen.getByTestId('identity-photo'), { target: { files: [file] } });
  });

describe('Identity verification', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('refuses a file that is not an image by its content, whatever its name and type say', async () => {
    const calls = fakeApi({ [SAVE]: [200, { message: MESSAGES.profileUpdated }] });
    renderAt('/identity-verification', <IdentityVerificationScreen />);
    await choose(new File(['%PDF-1.7 not a photo'], 'licence.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('identity-photo-error').textContent).toBe(MESSAGES.chooseValidImage),
    );
    expect(screen.queryByTestId('identity-preview')).toBeNull();
    fireEvent.click(screen.getByTestId('identity-confirm'));
    fireEvent.click(screen.getByTestId('identity-terms'));
    await act(async () => fireEvent.click(screen.getByTestId('identity-submit')));
    expect(calls).toHaveLength(0);
  });

  it('previews a real image, needs both confirmations, then saves it and opens my identity', async () => {
    const calls = fakeApi({ [SAVE]: [200, { message: MESSAGES.profileUpdated }] });
    renderAt('/identity-verification', <IdentityVerificationScreen />);
    await choose(new File([PNG], 'licence.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByTestId('identity-preview')).getAttribute('src')).toMatch(
      /^data:image\/png;base64,iVBORw0KGgo/,
    );
    expect(screen.queryByTestId('identity-photo-error')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('identity-submit')));
    expect(
      screen.getByText('Please confirm this is a photo of your valid driver\u2019s licence'),
    ).toBeTruthy();
    expect(screen.getByText('Please agree to the terms')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByTestId('identity-confirm'));
    fireEvent.click(screen.getByTestId('identity-terms'));
    await act(async () => fireEvent.click(screen.getByTestId('identity-submit')));
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
    expect(screen.getByTestId('landed').textContent).toBe('/my-identity');
    expect(calls[0].body).toEqual({ photo: expect.stringMatching(/^data:image\/png;base64,/) });
  });
});

describe('My identity', () => {
  const person = (extra: Partial<Person>) =>
    ({
      firstName: 'Ann',
      middleName: null,
      lastName: 'Lee',
      dateOfBirth: '1985-03-04',
      email: 'ann@example.com',
      phone: '6175550100',
      country_code: '1',
      address: '1 Main St',
      city: 'Boston',
      state: 'Massachusetts',
      postcode: '02108',
      country: 'United States',
      has_image: false,
      ...extra,
    }) as Person;
  const open = (p: Person) => {
    fakeApi({ [`GET ${AUTH_API.getPerson}`]: (c) => [c.query.get('full') === 'true' ? 200 : 400, p] });
    renderAt('/my-identity', <MyIdentityScreen />);
  };

  it('summarises the person and offers verification while there is no ID photo', async () => {
    open(person({}));
    expect((await screen.findByTestId('identity-status')).textContent).toBe('Identity not verified');
    const summary = screen.getByTestId('identity-summary').textContent;
    for (const text of ['Ann Lee', '1985-03-04', 'ann@example.com', '+1 6175550100', '1 Main St, Boston'])
      expect(summary).toContain(text);
    expect(screen.getByTestId('identity-verify').getAttribute('href')).toBe('/identity-verification');
  });

  it('shows the ID photo on file once verified', async () => {
    open(person({ has_image: true, person_image: { content: 'iVBORw0KGgo=', mimeType: 'image/png' } }));
    expect((await screen.findByTestId('identity-status')).textContent).toBe('Identity verified');
    expect(screen.getByAltText('Government ID on file').getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.queryByTestId('identity-verify')).toBeNull();
  });
});
