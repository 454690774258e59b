import type { LinkedStudyRow } from '../library/library.repository';
import type { ViewerLink } from './viewer-link.repository';

/** A link of owner u1 for unit specs. */
export const aLink = (over: Partial<ViewerLink> = {}): ViewerLink => ({
  id: 'l1',
  ownerUserId: 'u1',
  passwordHash: null,
  expiresAt: null,
  revoked: false,
  version: 1,
  ...over,
});

export const aLinkedStudy = (over: Partial<LinkedStudyRow> = {}): LinkedStudyRow => ({
  id: 's1',
  study_instance_uid: '1.2.3',
  patient_request_id: 'r1',
  modality: 'CT',
  study_description: 'Chest',
  study_date: '2024-05-01',
  number_of_instances: 2,
  created_at: new Date('2025-01-01T00:00:00Z'),
  custodian_id: 'c1',
  custodian_name: 'St. Mary',
  patient_first_name: 'Jane',
  patient_last_name: 'Doe',
  ...over,
});
