import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, SHARING_API, type SharedUser } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { SharingDetailsScreen } from '../sharing-details/SharingDetailsScreen';
import { SharingPeopleScreen } from './SharingPeopleScreen';

const person = (i: number, over: Partial<SharedUser> = {}): SharedUser => ({
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
    fakeApi({ [`GET ${SHARING_API.sharedUsers}`]: [200, [person(0, { study_count: 'All Records' }), ...Array.from({ length: 5 }, (_, i) => person(i + 1))]], [`GET ${SHARING_API.viewerLinks}`]: [200, []], [`GET ${SHARING_API.shareableRecords}`]: [200, []] });
    renderAt('/patient/sharing-records/sharing-peoples', <SharingPeopleScreen />);
    await waitFor(() => expect(screen.getAllByTestId('sharing-person')).toHaveLength(4));
    expect(screen.getByTestId('study-count-all').textContent).toBe('All Records');
    fireEvent.click(screen.getByTestId('sharing-load-more'));
    expect(screen.getAllByTestId('sharing-person')).toHaveLength(6);
    expect(screen.queryByTestId('sharing-load-more')).toBeNull();
  });

  it('says so when nobody is shared with', async () => {
    fakeApi({ [`GET ${SHARING_API.sharedUsers}`]: [200, []], [`GET ${SHARING_API.viewerLinks}`]: [200, []], [`GET ${SHARING_API.shareableRecords}`]: [200, []] });
    renderAt('/patient/sharing-records/sharing-peoples', <SharingPeopleScreen />);
    await waitFor(() => expect(screen.getByTestId('sharing-empty').textContent).toContain(MESSAGES.noSharedPeople));
  });

  it('the Invite modal shows every message of the invite form', async () => {
    fakeApi({ [`GET ${SHARING_API.sharedUsers}`]: [200, []], [`GET ${SHARING_API.viewerLinks}`]: [200, []], [`GET ${SHARING_API.shareableRecords}`]: [200, []] });
    renderAt('/patient/sharing-records/sharing-peoples', <SharingPeopleScreen />);
    fireEvent.click(await screen.findByTestId('sharing-invite'));
    expect(screen.getByText('Invite new person')).toBeTruthy();
    fireEvent.click(screen.getByTestId('invite-submit'));
    for (const text of [MESSAGES.firstNameRequired, MESSAGES.lastNameRequired, MESSAGES.emailRequired, MESSAGES.selectRelationship, MESSAGES.accessTypeRequired]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
  });
});

describe('sharing details', () => {
  beforeEach(() => signIn());

  it("'sharing with {name}', the records; a person not shared with goes back to the list", async () => {
    fakeApi({
      [`GET ${SHARING_API.sharedPerson('r1')}`]: [200, { person: person(1, { study_count: 1 }), records: [{ patientRequestId: 'p1', studyUid: '1.2.3', documentId: null, modality: 'MR', study_description: 'BRAIN', study_date: '2001-03-16', facility_name: 'St. Mary', last_opened_at: null, open_count: 0 }], all_records: false, last_opened_at: null, open_count: 0, expires_at: null, joined: true }],
    });
    renderAt('/patient/sharing-records/sharing-details/r1', <SharingDetailsScreen />, '/patient/sharing-records/sharing-details/:id');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('sharing with P1 Lee'));
    expect(screen.getAllByTestId('shared-record')).toHaveLength(1);

    fakeApi({});
    renderAt('/patient/sharing-records/sharing-details/gone', <SharingDetailsScreen />, '/patient/sharing-records/sharing-details/:id');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/patient/sharing-records/sharing-peoples'));
  });
});
