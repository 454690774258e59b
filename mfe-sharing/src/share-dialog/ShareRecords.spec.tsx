import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, SHARING_API, type ShareDialogProps } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { ShareRecords } from './ShareDialog';

const record: ShareDialogProps['record'] = {
  patientRequestId: 'p1',
  studyUid: '1.2.3',
  documentId: null,
  cfindResponseId: 's1',
  docReqType: 'IMAGES',
  title: 'MR BRAIN',
  patientName: 'Pat Jordan',
  facilityName: 'St. Mary',
};
const routes = {
  [`GET ${SHARING_API.recipients('p1')}`]: [
    200,
    [
      {
        firstName: 'Ana',
        lastName: 'Lee',
        name: 'Ana Lee',
        email: 'ana@example.com',
        relationship: 'Sibling',
        is_enabled: true,
        patient_portal_user_id: 'r1',
        study_count: 1,
      },
    ],
  ] as [number, unknown],
  [`GET ${SHARING_API.shareableRecords}`]: [
    200,
    [
      {
        patientRequestId: 'p1',
        studyUid: '1.2.3',
        documentId: null,
        modality: 'MR',
        study_description: 'BRAIN',
        study_date: '2001-03-16',
        facility_name: 'St. Mary',
      },
    ],
  ] as [number, unknown],
};

describe('the Share Records dialog (records spec §2.5)', () => {
  beforeEach(() => signIn());

  it('keeps the invite form collapsed until asked for; the people switch per record', async () => {
    const calls = fakeApi({ ...routes, [`POST ${SHARING_API.disablePatientToShareRecord}`]: [200, 'OK'] });
    renderAt('/x', <ShareRecords record={record} onClose={() => undefined} />);
    expect(await screen.findByTestId('share-recipient-ana@example.com')).toBeTruthy();
    expect(screen.queryByTestId('invite-form')).toBeNull();
    fireEvent.click(screen.getByTestId('share-toggle-ana@example.com'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SHARING_API.disablePatientToShareRecord)?.body).toEqual({
        ...record,
        recipient: [{ patient_portal_user_id: 'r1', is_enabled: false }],
      }),
    );
    fireEvent.click(screen.getByTestId('share-invite-open'));
    expect(screen.getByTestId('invite-form')).toBeTruthy();
  });

  it('opens with the invite form when opened on the Email tab directly, this record chosen', async () => {
    fakeApi(routes);
    renderAt('/x', <ShareRecords record={record} initialTab="email" onClose={() => undefined} />);
    expect(await screen.findByTestId('invite-form')).toBeTruthy();
    expect((screen.getByTestId('invite-access-limited') as HTMLInputElement).checked).toBe(true);
  });

  it('after an invitation is sent the emptied form shows no error until touched again (issue 24 #11)', async () => {
    const sent = {
      firstName: 'Robin',
      lastName: 'Invitee',
      name: 'Robin Invitee',
      email: 'robin@example.com',
      relationship: 'Sibling',
      is_enabled: true,
      patient_portal_user_id: 'r2',
      study_count: 1,
    };
    fakeApi({ ...routes, [`POST ${SHARING_API.shareRecords}`]: [201, sent] });
    renderAt('/x', <ShareRecords record={record} initialTab="email" onClose={() => undefined} />);
    await screen.findByTestId('invite-form');
    fireEvent.change(screen.getByTestId('invite-firstName'), { target: { value: 'Robin' } });
    fireEvent.change(screen.getByTestId('invite-lastName'), { target: { value: 'Invitee' } });
    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'robin@example.com' } });
    fireEvent.mouseDown(screen.getByTestId('invite-relationship'));
    fireEvent.click(await screen.findByRole('option', { name: 'Sibling' }));
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect((await screen.findByTestId('invite-success')).textContent).toBe(
      'Invitation sent to Robin Invitee',
    );
    await waitFor(() => expect(screen.getByTestId('invite-firstName')).toHaveProperty('value', ''));
    await waitFor(() => expect(screen.getByTestId('invite-submit')).toHaveProperty('disabled', false));
    expect(
      within(screen.getByTestId('invite-form'))
        .queryAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([]);
  });

  it('the facility form: a chosen facility, a note of at most 200, a valid e-mail', async () => {
    fakeApi(routes);
    renderAt(
      '/x',
      <ShareRecords record={record} initialTab="share-with-facility" onClose={() => undefined} />,
    );
    fireEvent.change(screen.getByTestId('facility-note'), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(screen.getByTestId('facility-email'), { target: { value: 'not-mail' } });
    fireEvent.click(screen.getByTestId('facility-share-submit'));
    expect(await screen.findByText(MESSAGES.custodianRequired)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.noteMaxLength)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.pleaseEnterValidEmail)).toBeTruthy();
  });
});
