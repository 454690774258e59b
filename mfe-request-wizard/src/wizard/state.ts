/**
 * The request wizard state (spec 000 §3 "Request wizard state"): one reducer, persisted to
 * sessionStorage on every change and restored on reload. Files are uploaded at once through the
 * presigned flow, so only their keys and names are kept here.
 */
import type { DocRequestType, RelationshipType, RequestFiller, UploadedFileRef } from '@portal/contracts';

export const WIZARD_STORAGE_KEY = 'requestWizard';

export interface PatientInfo {
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD (the date input's output); sent as MM/DD/YYYY. */
  dateOfBirth: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  /** A family member chosen from getFamilyMembers (`myself` for the user). */
  familyMemberId: string;
}

export interface DelegateInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface WizardState {
  facilityId: string | null;
  custodianAliasId: string | null;
  requestFiller: RequestFiller | null;
  relationshipType: RelationshipType | null;
  /** Family relationship mnemonic (SPOUSE, ..., OTHER_RELATIVE). */
  relationship: string | null;
  /** Free text for Other relative. */
  relation: string;
  legalRelation: string;
  MRNNo: string;
  isMRNCompulsory: boolean;
  docTypes: DocRequestType[];
  bodyParts: string[];
  /** YYYY-MM-DD from the date inputs; sent as MM/DD/YYYY. */
  dateFrom: string;
  dateTo: string;
  notes: string;
  patient: PatientInfo;
  delegate: DelegateInfo;
  idProofImage: UploadedFileRef | null;
  legalDocs: UploadedFileRef[];
  /** The half-size PNG data URL of the drawn signature; null when the canvas was empty. */
  signature: string | null;
  consent: { records: boolean; electronicSignature: boolean; legallyAuthorised: boolean };
  steps: { total: number; current: number };
  /** The user signed in (or signed up) on this request's account step: the step stays counted. */
  signedInOnAccountStep: boolean;
  /** The step count the last request was submitted with, for its success page (the rest is cleared by then). */
  submittedSteps: number | null;
}

export const emptyPatient = (): PatientInfo => ({
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  postcode: '',
  familyMemberId: '',
});

export const initialWizardState = (): WizardState => ({
  facilityId: null,
  custodianAliasId: null,
  requestFiller: null,
  relationshipType: null,
  relationship: null,
  relation: '',
  legalRelation: '',
  MRNNo: '',
  isMRNCompulsory: false,
  docTypes: [],
  bodyParts: [],
  dateFrom: '',
  dateTo: '',
  notes: '',
  patient: emptyPatient(),
  delegate: { firstName: '', lastName: '', email: '', phone: '' },
  idProofImage: null,
  legalDocs: [],
  signature: null,
  consent: { records: false, electronicSignature: false, legallyAuthorised: false },
  steps: { total: 8, current: 1 },
  signedInOnAccountStep: false,
  submittedSteps: null,
});

export type WizardAction =
  /** A facility chosen (landing page, change-facility, the external route): a new request for it. */
  | { type: 'facility'; facilityId: string; custodianAliasId?: string | null; total?: number }
  | { type: 'filler'; requestFiller: RequestFiller; relationshipType: RelationshipType | null }
  | { type: 'steps'; current: number; total: number }
  | { type: 'update'; patch: Partial<Omit<WizardState, 'steps' | 'facilityId' | 'requestFiller'>> }
  /** The request went in: a fresh state for the next one, keeping the count it was submitted with. */
  | { type: 'reset'; submittedSteps?: number };

export const wizardReducer = (state: WizardState, action: WizardAction): WizardState => {
  switch (action.type) {
    case 'facility':
      if (state.facilityId === action.facilityId && action.custodianAliasId === undefined) return state;
      // Another facility offers other record types and body parts: what was chosen for the old one goes.
      return {
        ...(state.facilityId === action.facilityId ? state : initialWizardState()),
        facilityId: action.facilityId,
        custodianAliasId: action.custodianAliasId ?? null,
        docTypes: state.facilityId === action.facilityId ? state.docTypes : [],
        bodyParts: state.facilityId === action.facilityId ? state.bodyParts : [],
        steps: { total: action.total ?? state.steps.total, current: 1 },
      };
    case 'filler': {
      const changed = action.requestFiller !== state.requestFiller;
      // §4: choosing a different filler resets the MRN and the relationship type.
      if (changed)
        return {
          ...state,
          requestFiller: action.requestFiller,
          relationshipType: action.relationshipType,
          MRNNo: '',
          relationship: null,
          relation: '',
          legalRelation: '',
        };
      return { ...state, relationshipType: action.relationshipType };
    }
    case 'steps':
      return { ...state, steps: { total: Math.max(1, action.total), current: Math.max(1, action.current) } };
    case 'update':
      return { ...state, ...action.patch };
    case 'reset':
      return {
        ...initialWizardState(),
        facilityId: state.facilityId,
        custodianAliasId: state.custodianAliasId,
        submittedSteps: action.submittedSteps ?? null,
      };
  }
};

const storage = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

/** The stored state, merged over the initial one (a state saved by an older build keeps working). */
export const loadWizardState = (): WizardState => {
  const initial = initialWizardState();
  try {
    const raw = storage()?.getItem(WIZARD_STORAGE_KEY);
    if (!raw) return initial;
    const saved = JSON.parse(raw) as Partial<WizardState>;
    return {
      ...initial,
      ...saved,
      patient: { ...initial.patient, ...saved.patient },
      delegate: { ...initial.delegate, ...saved.delegate },
      consent: { ...initial.consent, ...saved.consent },
      steps: { ...initial.steps, ...saved.steps },
    };
  } catch {
    return initial;
  }
};

export const saveWizardState = (state: WizardState): void => {
  try {
    storage()?.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the restore on reload, never the wizard itself.
  }
};

export const clearWizardState = (): void => storage()?.removeItem(WIZARD_STORAGE_KEY);
