import { inviteFormSchema, MESSAGES } from '@portal/contracts';
import { recordKey, toInvitePayload, type InviteValues } from './invite-payload';

const base: InviteValues = {
  firstName: ' Ana ',
  lastName: 'Lee',
  email: 'Ana@Example.com',
  relationship: '1',
  specifyRelation: '',
  accessType: 'all',
  recordsList: [],
};

describe('toInvitePayload', () => {
  it('sends one person whose id is the e-mail, the type name as relationship, and all records', () => {
    expect(toInvitePayload(base)).toEqual({
      notificationRecipient: [
        {
          firstName: 'Ana',
          lastName: 'Lee',
          email: 'ana@example.com',
          id: 'ana@example.com',
          relationship: 'Spouse',
          relationshipId: 1,
        },
      ],
      allRecords: true,
      limitedaccess: [],
    });
  });

  it("sends the free text for 'Other relative' and the chosen records for limited access", () => {
    const key = recordKey({ patientRequestId: 'r1', studyUid: '1.2.3', documentId: null });
    const payload = toInvitePayload({
      ...base,
      relationship: '6',
      specifyRelation: 'Cousin',
      accessType: 'limited',
      recordsList: [key],
    });
    expect(payload.notificationRecipient[0].relationship).toBe('Cousin');
    expect(payload).toMatchObject({
      allRecords: false,
      limitedaccess: [{ patientRequestId: 'r1', studyUid: '1.2.3', documentId: null }],
    });
  });
});

describe('the invite form rules (records spec §5)', () => {
  const errors = async (v: Partial<InviteValues>) => {
    try {
      await inviteFormSchema.validate({ ...base, ...v }, { abortEarly: false });
      return [];
    } catch (e) {
      return (e as { errors: string[] }).errors;
    }
  };

  it('gives each its own message', async () => {
    expect(
      await errors({ firstName: '', lastName: '', email: '', relationship: '', accessType: '' }),
    ).toEqual(
      expect.arrayContaining([
        MESSAGES.firstNameRequired,
        MESSAGES.lastNameRequired,
        MESSAGES.emailRequired,
        MESSAGES.selectRelationship,
        MESSAGES.accessTypeRequired,
      ]),
    );
    expect(await errors({ email: 'not-an-email' })).toEqual([MESSAGES.inviteValidEmail]);
    expect(await errors({ relationship: '6', specifyRelation: '' })).toEqual([MESSAGES.specifyRelationship]);
    expect(await errors({ relationship: '6', specifyRelation: 'Cousin 2' })).toEqual([
      MESSAGES.onlyAlphabets,
    ]);
    expect(await errors({ accessType: 'limited', recordsList: [] })).toEqual([MESSAGES.selectAtLeastOneItem]);
  });
});
