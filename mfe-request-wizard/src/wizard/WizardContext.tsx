import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useSyncExternalStore,
  type Dispatch,
  type ReactNode,
} from 'react';
import { activeRole, isSignedIn, subscribe } from '@portal/session';
import type { RouteContext, Variant } from './routing';
import {
  loadWizardState,
  saveWizardState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './state';

interface WizardValue {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  variant: Variant;
  /** The facility of the external route, else the one the landing page (or change-facility) stored. */
  custodianId: string | null;
  route: RouteContext;
}

const WizardContext = createContext<WizardValue | null>(null);

/** Signed in or not, following logins made inside the wizard (its account step) and in other tabs. */
export const useSignedIn = (): boolean => useSyncExternalStore(subscribe, isSignedIn, () => false);

export const WizardProvider = ({
  variant,
  custodianId,
  providerRequest,
  children,
}: {
  variant: Variant;
  custodianId?: string;
  providerRequest: boolean;
  children: ReactNode;
}) => {
  const [state, dispatch] = useReducer(wizardReducer, undefined, loadWizardState);
  const signedIn = useSignedIn();
  // Every change is kept, so a reload (or the browser's back to the portal) restores the request.
  useEffect(() => saveWizardState(state), [state]);
  useEffect(() => {
    if (custodianId) dispatch({ type: 'facility', facilityId: custodianId });
  }, [custodianId]);
  const provider =
    variant === 'internal' && providerRequest && signedIn && activeRole() === 'EXTERNAL_PROVIDER';
  const value = useMemo<WizardValue>(
    () => ({
      state,
      dispatch,
      variant,
      custodianId: custodianId ?? state.facilityId,
      route: {
        variant,
        requestFiller: state.requestFiller,
        relationshipType: state.relationshipType,
        signedIn,
        signedInOnAccountStep: signedIn && state.signedInOnAccountStep,
        providerRequest: provider,
      },
    }),
    [state, variant, custodianId, signedIn, provider],
  );
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>;
};

export const useWizard = (): WizardValue => {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard outside WizardProvider');
  return value;
};
