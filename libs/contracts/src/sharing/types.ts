/** A person the patient shares records with (records spec §3, shared person). */
export interface SharedUser {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  relationship: string;
  is_enabled: boolean;
  patient_portal_user_id: string;
  /** How many studies are shared, or 'All Records'. */
  study_count: number | 'All Records';
}
