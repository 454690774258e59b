import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { MESSAGES, REQUESTS_API, type WizardInit } from '@portal/contracts';
import { api } from '../api';
import { ShadowContainerContext } from '../embed/shadow-theme';
import { Root } from '../Root';
import { initialWizardState, loadWizardState, saveWizardState, type WizardState } from './state';

const CUSTODIAN = '11111111-1111-4111-8111-111111111111';
const init: WizardInit = {
  custodian: {
    id: CUSTODIAN,
    name: 'Boston Imaging',
    address: {
      primary_address: '1 Main St',
      city: { name: 'Boston', state_name: 'Massachusetts' },
      state: 'MA',
      postcode: '02110',
    },
    isMRNCompulsory: true,
    description: null,
    phone: null,
    website: null,
    theme: 'orange',
    aliases: [],
    value: { image_data: null },
    docTypes: [],
    requestFee: null,
  },
  docTypes: [{ id: '1', name: 'Images', mnemonic: 'IMAGES' }],
  bodyParts: [],
  displayDateRange: false,
  authorizationForm: { title: 'Authorization', text: 'I authorise the release.' },
};

/** The wizard's calls answer `answer` for init, 404 for anything else. */
const serveInit = (answer: WizardInit) => {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const ok = url.pathname === REQUESTS_API.init;
    return {
      status: ok ? 200 : 404,
      statusText: '',
      ok,
      text: async () => JSON.stringify(ok ? answer : { message: 'Not found' }),
    } as Response;
  }) as typeof fetch;
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  serveInit(init);
});

const open = (path: string, state: Partial<WizardState> = {}) => {
  saveWizardState({ ...initialWizardState(), facilityId: CUSTODIAN, ...state });
  return render(
    <Provider store={createRemoteStore(api)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Root />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
};
const next = () => act(async () => void fireEvent.click(screen.getByTestId('wizard-next')));

describe('RequestWizard routes', () => {
  it('in the embed the success page links to the portal itself (the memory router has no records page)', async () => {
    saveWizardState({ ...initialWizardState(), facilityId: CUSTODIAN });
    render(
      <Provider store={createRemoteStore(api)}>
        <ShadowContainerContext.Provider value={document.body}>
          <MemoryRouter initialEntries={[`/external-request/${CUSTODIAN}/request-record-success-page`]}>
            <Routes>
              <Route path="*" element={<Root />} />
            </Routes>
          </MemoryRouter>
        </ShadowContainerContext.Provider>
      </Provider>,
    );
    expect((await screen.findByTestId('wizard-next')).getAttribute('href')).toBe(
      '/patient/my-records/all-requests',
    );
  });

  it.each([
    ['relationship-family-member', 'step-relation-to-patient'],
    ['relationship-legally-appointed', 'step-legal-relation-to-patient'],
  ])('the relationship type page goes on by the capacity just chosen (%s)', async (radio, step) => {
    open('/request-records/patient-relationship-type', { requestFiller: 'someone_else' });
    fireEvent.click(await screen.findByTestId(radio));
    await next();
    expect(await screen.findByTestId(step)).toBeTruthy();
  });

  it.each(['/request-records/nonsense', '/request-record', '/requestRecord/new'])(
    '%s opens the consent step',
    async (path) => {
      open(path);
      expect(await screen.findByTestId('step-consent')).toBeTruthy();
      expect(screen.queryByText(/nonsense/i)).toBeNull();
      expect(screen.getByTestId('wizard-counter').textContent).toBe('Step 1 of 8');
    },
  );

  it('the external flow: unknown steps open its consent (Step 1 of 8: the email step is ahead) in the facility theme; the email step checks the address', async () => {
    open(`/external-request/${CUSTODIAN}/whatever`);
    expect(await screen.findByTestId('step-consent')).toBeTruthy();
    expect(screen.getByTestId('wizard-counter').textContent).toBe('Step 1 of 8');
    // The facility's name replaces 'Loading…' once the wizard's init answers.
    await waitFor(() => expect(screen.getByTestId('consent-facility').textContent).toBe('Boston Imaging'));
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    await next();
    expect(await screen.findByTestId('step-external-user-email')).toBeTruthy();
    expect((screen.getByTestId('wizard-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('account-email'), { target: { value: 'ann@' } });
    expect(screen.getByText(MESSAGES.pleaseEnterValidEmailDot)).toBeTruthy();
  });
});

describe('step validation messages', () => {
  it('consent: the checkbox is required for visitors, then Next goes on and the state is kept', async () => {
    open('/request-records/consent');
    await screen.findByTestId('consent-how-it-works');
    expect(screen.getByTestId('consent-processing-time').textContent).toContain('In most cases 2-3 days');
    await next();
    expect(screen.getByTestId('consent-error').textContent).toBe(MESSAGES.consentRequired);
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    await next();
    expect(await screen.findByTestId('step-create-account')).toBeTruthy();
    expect(loadWizardState().consent.records).toBe(true);
    expect(loadWizardState().steps).toEqual({ current: 2, total: 8 });
  });

  it('patient information: names and phone required, phone 10 digits', async () => {
    open('/request-records/patient-information', { requestFiller: 'self' });
    await screen.findByTestId('step-patient-information');
    await next();
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('patient-phone'), { target: { value: '12345' } });
    await next();
    expect(screen.getByText(MESSAGES.validPhone)).toBeTruthy();
  });

  it('patient MRN: required when the facility says so, and at least one record type', async () => {
    open('/request-records/patient-mrn', { requestFiller: 'self' });
    await screen.findByTestId('mrn-doc-type-IMAGES');
    await next();
    expect(screen.getByText(MESSAGES.mrnRequired)).toBeTruthy();
    expect(screen.getByText('Select at least one record type')).toBeTruthy();
  });

  it('relation to patient: a choice, then for Other relative a text of letters only', async () => {
    open('/request-records/relation-to-patient', {
      requestFiller: 'someone_else',
      relationshipType: 'family-member',
    });
    await screen.findByTestId('step-relation-to-patient');
    await next();
    expect(screen.getByText(MESSAGES.selectRelationship)).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('relation-select'));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Other relative' }));
    await next();
    expect(screen.getByText(MESSAGES.specifyRelationship)).toBeTruthy();
    fireEvent.change(screen.getByTestId('relation-other'), { target: { value: 'Cousin 2' } });
    expect(screen.getByText(MESSAGES.onlyLetters)).toBeTruthy();
    fireEvent.change(screen.getByTestId('relation-other'), { target: { value: 'Cousin' } });
    await next();
    expect(await screen.findByTestId('step-delegate-information')).toBeTruthy();
    expect(loadWizardState()).toMatchObject({ relationship: 'OTHER_RELATIVE', relation: 'Cousin' });
  });

  it('legal relation: required once trimmed', async () => {
    open('/request-records/legal-relation-to-patient', {
      requestFiller: 'someone_else',
      relationshipType: 'legally-appointed',
    });
    await screen.findByTestId('step-legal-relation-to-patient');
    fireEvent.change(screen.getByTestId('legal-relation'), { target: { value: '   ' } });
    await next();
    expect(screen.getByText(MESSAGES.specifyRelationship)).toBeTruthy();
  });

  it('delegate information: the shared delegate schema messages', async () => {
    open('/request-records/delegate-information', {
      requestFiller: 'someone_else',
      relationshipType: 'family-member',
    });
    await screen.findByTestId('step-delegate-information');
    fireEvent.change(screen.getByTestId('delegate-email'), { target: { value: 'x@y' } });
    await next();
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.pleaseEnterValidEmail)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeTruthy();
  });

  it('photo ID: one png, jpg, jpeg or webp image is required', async () => {
    open('/request-records/upload-photo-id', { requestFiller: 'self' });
    await screen.findByTestId('step-upload-photo-id');
    await next();
    expect(screen.getByText(MESSAGES.photoIdRequired)).toBeTruthy();
    const pdf = new File(['%PDF'], 'id.pdf', { type: 'application/pdf' });
    await act(
      async () => void fireEvent.change(screen.getByTestId('photo-id-input'), { target: { files: [pdf] } }),
    );
    expect(screen.getByText(MESSAGES.onlyImages)).toBeTruthy();
  });

  it('legal documents: PDF only, at least one', async () => {
    open('/request-records/upload-legal-docs', {
      requestFiller: 'someone_else',
      relationshipType: 'legally-appointed',
    });
    await screen.findByTestId('step-upload-legal-docs');
    await next();
    expect(screen.getByText(MESSAGES.legalDocsRequired)).toBeTruthy();
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    await act(
      async () => void fireEvent.change(screen.getByTestId('legal-docs-input'), { target: { files: [png] } }),
    );
    expect(screen.getByText(MESSAGES.onlyPdf)).toBeTruthy();
  });

  it('user consent: signature, electronic signature and, for someone else, legally authorised', async () => {
    open('/request-records/user-consent-page', {
      requestFiller: 'someone_else',
      relationshipType: 'family-member',
    });
    expect(await screen.findByText('I authorise the release.')).toBeTruthy();
    await next();
    expect(screen.getByText(MESSAGES.signatureRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.electronicSignatureRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.legallyAuthorisedRequired)).toBeTruthy();
  });

  it('user consent: a patient filling for themselves is not asked the legally-authorised box', async () => {
    open('/request-records/user-consent-page', { requestFiller: 'self' });
    await screen.findByTestId('step-user-consent-page');
    expect(screen.queryByTestId('consent-legally-authorised')).toBeNull();
  });
});

describe("a facility's request fee (issue 30)", () => {
  const NOTICE =
    'Boston Imaging charges $15.00 for a records request. You pay it after submitting; the facility starts once it is paid.';
  const charging = {
    ...init,
    custodian: { ...init.custodian, requestFee: { amountCents: 1500, currency: 'usd' } },
  };

  it.each(['verify-details', 'user-consent-page'])(
    'the %s step says what the facility charges before submitting',
    async (step) => {
      serveInit(charging);
      open(`/request-records/${step}`, { requestFiller: 'self' });
      expect((await screen.findByTestId('request-fee-notice')).textContent).toBe(NOTICE);
      if (step === 'user-consent-page') expect(screen.getByTestId('wizard-next').textContent).toBe('Submit');
    },
  );

  it('says nothing of a fee for a facility that charges none', async () => {
    open('/request-records/user-consent-page', { requestFiller: 'self' });
    expect(await screen.findByText('I authorise the release.')).toBeTruthy();
    expect(screen.queryByTestId('request-fee-notice')).toBeNull();
  });
});
