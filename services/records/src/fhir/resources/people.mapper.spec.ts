import { r4Problems } from '@portal/server-kit/testing';
import { AT, DOCUMENT, PATIENT, STUDY } from '../test-fixtures';
import { toConsent, toPatient, toRelatedPerson } from './people.mapper';

const share = (over: Record<string, unknown> = {}) => ({
  recipient_id: '66666666-6666-4666-8666-666666666666',
  owner_user_id: PATIENT,
  name: 'Vic Patel',
  enabled: true,
  all_records: false,
  expires_at: null,
  updated_at: AT,
  shared: [`DocumentReference/${DOCUMENT}`, `ImagingStudy/${STUDY}`],
  ...over,
});

describe('people mapping', () => {
  it('makes the account holder a valid Patient with name and birth date, leaving out what is unknown', () => {
    const patient = toPatient({
      user_id: PATIENT,
      first_name: 'Pat',
      last_name: 'Jordan',
      date_of_birth: '1984-03-12',
      updated_at: AT,
    });
    expect(r4Problems(patient)).toEqual([]);
    expect(patient).toMatchObject({
      id: PATIENT,
      name: [{ family: 'Jordan', given: ['Pat'] }],
      birthDate: '1984-03-12',
      meta: { lastUpdated: AT.toISOString() },
    });
    const unnamed = toPatient({
      user_id: PATIENT,
      first_name: ' ',
      last_name: '',
      date_of_birth: null,
      updated_at: AT,
    });
    expect(r4Problems(unnamed)).toEqual([]);
    expect(unnamed.name).toBeUndefined();
  });

  it('makes a family member a valid RelatedPerson of the patient', () => {
    const person = toRelatedPerson({
      id: STUDY,
      user_id: PATIENT,
      first_name: 'Sam',
      last_name: 'Jordan',
      updated_at: AT,
    });
    expect(r4Problems(person)).toEqual([]);
    expect(person.patient).toEqual({ reference: `Patient/${PATIENT}` });
  });

  it('makes a limited share a valid active Consent naming what it opens', () => {
    const consent = toConsent(share());
    expect(r4Problems(consent)).toEqual([]);
    expect(consent.status).toBe('active');
    expect(consent.provision!.data!.map((d) => d.reference.reference)).toEqual([
      `DocumentReference/${DOCUMENT}`,
      `ImagingStudy/${STUDY}`,
    ]);
  });

  it('reads a switched-off or expired share as inactive, and an everything share names nothing', () => {
    expect(toConsent(share({ enabled: false })).status).toBe('inactive');
    const expired = toConsent(share({ expires_at: new Date(Date.now() - 1000) }));
    expect(expired.status).toBe('inactive');
    expect(r4Problems(expired)).toEqual([]);
    const everything = toConsent(share({ all_records: true }));
    expect(everything.provision).toMatchObject({ type: 'permit' });
    expect(everything.provision!.data).toBeUndefined();
    expect(toConsent(share({ shared: [] })).provision!.type).toBe('deny');
  });
});
