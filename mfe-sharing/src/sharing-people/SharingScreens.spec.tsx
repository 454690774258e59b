import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, SHARING_API, type SharedRecordsProps, type SharedPerson } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { SHARED_RECORDS_MODULE, SharingDetailsScreen } from '../sharing-details/SharingDetailsScreen';
import { PublicLinks } from './PublicLinks';
import { SharingPeopleScreen } from './SharingPeopleScreen';

const person = (i: number, over: Partial<SharedPerson> = {}): SharedPerson => ({
  firstName: `P${i}`,
  lastName: 'Lee',
  name: `P${i} Lee`,
  email: `p${i}@example.com`,
  relationship: 'Sibling',
  is_enabled: true,
  patient_portal_user_id: `r${i}`,
  study_count: 2,
  open_count: 0,
  last_opened_at: null,
  ...over,
});

describe('the Sharing people list (records spec §2.5)', () => {
  beforeEach(() => signIn());

  it('shows 4 people first, Load more adds 4; All Records has its own style', async () => {
    fakeApi({
      [`GET ${SHARING_API.sharedUsers}`]: [
        200,
        [person(0, { study_count: 'All Records' }), ...Array.from({ length: 5 }, (_, i) => person(i + 1))],
      ],
      [`GET ${SHARING_API.viewerLinks}`]: [200, []],
      [`GET ${SHARING_API.shareableRecords}`]: [200, []],
    });
    renderAt('/patient/sharing-records/sharing-peoples', <SharingPeopleScreen />);
    await waitFor(() => expect(screen.getAllByTestId('sharing-person')).toHaveLength(4));
    expect(screen.getByTestId('study-count-all').textContent).toBe('All Records');
    fireEvent.click(screen.getByTestId('sharing-load-more'));
    expect(screen.getAllByTestId('sharing-person')).toHaveLength(6);
    expect(screen.queryByTestId('sharing-load-more')).toBeNull();
  });

  it('says so when nobody is shared with', async () => {
    fakeApi({
      [`GET ${SHARING_API.sharedUsers}`]: [200, []],
      [`GET ${SHARING_API.viewerLinks}`]: [200, []],
      [`GET ${SHARING_API.shareableRecords}`]: [200, []],
    });
    renderAt('/patient/sharing-records/sharing-peoples', <SharingPeopleScreen />);
    await waitFor(() =>
      expect(screen.getByTestId('sharing-empty').textContent).toContain(MESSAGES.noSharedPeople),
    );
  });

  it('the Invite modal shows every message of the invite form', async () => {
    fakeApi({
      [`GET ${SHARING_API.sharedUsers}`]: [200, []],
      [`GET ${SHARING_API.viewerLinks}`]: [200, []],
      [`GET ${SHARING_API.shareableRecords}`]: [200, []],
    });
    renderAt('/patient/sharing-records/sharing-peoples', <SharingPeopleScreen />);
    fireEvent.click(await screen.findByTestId('sharing-invite'));
    expect(screen.getByText('Invite new person')).toBeTruthy();
    fireEvent.click(screen.getByTestId('invite-submit'));
    for (const text of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.selectRelationship,
      MESSAGES.accessTypeRequired,
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
  });
});

describe('sharing details', () => {
  beforeEach(() => signIn());

  it("'sharing with {name}', the records remote's child views for the person; their Remove takes one record; a person not shared with goes back to the list", async () => {
    const calls = fakeApi({
      [`GET ${SHARING_API.sharedPerson('r1')}`]: [
        200,
        {
          person: person(1, { study_count: 'All Records' }),
          records: [],
          all_records: true,
          last_opened_at: null,
          open_count: 0,
          expires_at: null,
          joined: true,
        },
      ],
      [`PUT ${SHARING_API.removeAccess('r1')}`]: [200, 'OK'],
    });
    let given: SharedRecordsProps | null = null;
    const Child = (props: SharedRecordsProps) => (
      (given = props),
      (<p data-testid="child-views">{props.basePath}</p>)
    );
    const loader = jest.fn(async () => ({ default: Child }));
    renderAt(
      '/patient/sharing-records/sharing-details/r1',
      <SharingDetailsScreen loader={loader} />,
      '/patient/sharing-records/sharing-details/:id/*',
    );
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('sharing with P1 Lee'));
    expect(screen.getByTestId('study-count-all').textContent).toBe('All Records');
    expect((await screen.findByTestId('child-views')).textContent).toBe(
      '/patient/sharing-records/sharing-details/r1',
    );
    expect(loader).toHaveBeenCalledWith(SHARED_RECORDS_MODULE);
    expect(given!.personId).toBe('r1');
    await expect(
      given!.onRemove({ patientRequestId: 'p1', studyUid: '1.2.3', documentId: null }),
    ).resolves.toBe(true);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ study_uuid: '1.2.3', document_id: null });
    expect(await screen.findByText(MESSAGES.accessRemoved)).toBeTruthy();

    fakeApi({});
    renderAt(
      '/patient/sharing-records/sharing-details/gone',
      <SharingDetailsScreen loader={loader} />,
      '/patient/sharing-records/sharing-details/:id',
    );
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe('/patient/sharing-records/sharing-peoples'),
    );
  });
});

describe('public links', () => {
  beforeEach(() => signIn());

  it('Revoke asks first; Cancel keeps the link, confirming revokes it (issue 24 #14)', async () => {
    const link = {
      id: 'l1',
      url: 'http://x/view/l1',
      studyInstanceUids: ['1.2.3'],
      need_password: true,
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: null,
      revoked: false,
      purpose: 'print-access-page',
      recipient: null,
      last_opened_at: null,
      open_count: 0,
    };
    const calls = fakeApi({
      [`GET ${SHARING_API.viewerLinks}`]: [200, [link]],
      [`DELETE ${SHARING_API.viewerLink('l1')}`]: [200, 'OK'],
    });
    renderAt('/patient/sharing-records/sharing-peoples', <PublicLinks />);
    fireEvent.click(await screen.findByTestId('public-link-revoke'));
    expect(screen.getByTestId('revoke-link-text').textContent).toBe(MESSAGES.revokeLinkConfirm);
    fireEvent.click(screen.getByTestId('revoke-link-cancel'));
    await waitFor(() => expect(screen.queryByTestId('revoke-link')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('public-link-revoke'));
    fireEvent.click(screen.getByTestId('revoke-link-confirm'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        SHARING_API.viewerLink('l1'),
      ]),
    );
    expect(await screen.findByText(MESSAGES.linkRevoked)).toBeTruthy();
  });
});
