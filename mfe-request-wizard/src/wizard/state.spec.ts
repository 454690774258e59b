import { startWizard } from './start';
import {
  WIZARD_STORAGE_KEY,
  initialWizardState,
  loadWizardState,
  saveWizardState,
  wizardReducer,
} from './state';

describe('wizard state', () => {
  beforeEach(() => sessionStorage.clear());

  it('is saved to sessionStorage and restored, merged over the initial state', () => {
    const s = wizardReducer(initialWizardState(), {
      type: 'update',
      patch: { MRNNo: 'A1', idProofImage: { s3_bucket: '', s3_path: 'k/1', file_name: 'govt_id.png' } },
    });
    saveWizardState(s);
    const back = loadWizardState();
    expect(back.MRNNo).toBe('A1');
    expect(back.idProofImage?.s3_path).toBe('k/1');
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ MRNNo: 'B', patient: { firstName: 'Ann' } }));
    expect(loadWizardState().patient).toEqual({ ...initialWizardState().patient, firstName: 'Ann' });
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '{broken');
    expect(loadWizardState()).toEqual(initialWizardState());
  });

  it('a different filler resets the MRN and the relationship type', () => {
    let s = wizardReducer(initialWizardState(), {
      type: 'filler',
      requestFiller: 'someone_else',
      relationshipType: 'family-member',
    });
    s = wizardReducer(s, { type: 'update', patch: { MRNNo: 'M1', relationship: 'SPOUSE' } });
    const same = wizardReducer(s, {
      type: 'filler',
      requestFiller: 'someone_else',
      relationshipType: 'family-member',
    });
    expect(same.MRNNo).toBe('M1');
    const other = wizardReducer(s, { type: 'filler', requestFiller: 'self', relationshipType: null });
    expect(other).toMatchObject({
      requestFiller: 'self',
      relationshipType: null,
      MRNNo: '',
      relationship: null,
    });
  });

  it('the counter never goes below 1', () => {
    expect(wizardReducer(initialWizardState(), { type: 'steps', current: 0, total: 8 }).steps).toEqual({
      current: 1,
      total: 8,
    });
  });

  it('startWizard stores the facility and steps {total, current: 1} and answers the consent path', () => {
    saveWizardState({
      ...initialWizardState(),
      facilityId: 'old',
      docTypes: ['IMAGES'],
      steps: { total: 12, current: 5 },
    });
    expect(startWizard('c-1')).toBe('/request-records/consent');
    const s = loadWizardState();
    expect(s.facilityId).toBe('c-1');
    expect(s.docTypes).toEqual([]);
    expect(s.steps).toEqual({ total: 8, current: 1 });
  });
});
