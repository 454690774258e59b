import { stepPath, wizardTotal } from './routing';
import { loadWizardState, saveWizardState, wizardReducer } from './state';

/**
 * Starts a request for the facility chosen on the landing page (spec §4: stores the facility id, sets
 * the steps to their total and current 1) and answers the consent page's path to navigate to.
 */
export const startWizard = (custodianId: string): string => {
  // Before a filler is chosen the wizard counts the shortest (self) path; it grows when someone else is chosen.
  const total = wizardTotal({
    variant: 'internal',
    requestFiller: null,
    relationshipType: null,
    signedIn: false,
    providerRequest: false,
  });
  const state = wizardReducer(loadWizardState(), { type: 'facility', facilityId: custodianId, total });
  saveWizardState({ ...state, steps: { total, current: 1 } });
  return stepPath('internal', 'consent');
};
