import { useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { portalTheme } from '@portal/ui';
import { ConsentStep } from '../steps/consent/ConsentStep';
import { CreateAccountStep } from '../steps/create-account/AccountStep';
import { DelegateInformationStep } from '../steps/delegate-information/DelegateInformationStep';
import { ExternalEmailStep } from '../steps/external-user-email/ExternalEmailStep';
import { LegalRelationStep } from '../steps/legal-relation-to-patient/LegalRelationStep';
import { PatientInformationStep } from '../steps/patient-information/PatientInformationStep';
import { PatientMrnStep } from '../steps/patient-mrn/PatientMrnStep';
import { RelationshipTypeStep } from '../steps/patient-relationship-type/RelationshipTypeStep';
import { RelationToPatientStep } from '../steps/relation-to-patient/RelationToPatientStep';
import { SuccessStep } from '../steps/request-record-success-page/SuccessStep';
import { UploadLegalDocsStep } from '../steps/upload-legal-docs/UploadLegalDocsStep';
import { UploadPhotoIdStep } from '../steps/upload-photo-id/UploadPhotoIdStep';
import { ShadowContainerContext, shadowTheme } from '../embed/shadow-theme';
import { UserConsentStep } from '../steps/user-consent-page/UserConsentStep';
import { WhoIsFillingStep } from '../steps/who-is-filling-request/WhoIsFillingStep';
import { VerifyDetailsStep } from '../steps/verify-details/VerifyDetailsStep';
import { FIRST_STEP, isStep, stepPath, type StepName, type Variant } from './routing';
import { useFacility } from './useFacility';
import { WizardProvider } from './WizardContext';

const SCREENS: Record<StepName, ComponentType> = {
  consent: ConsentStep,
  'who-is-filling-request': WhoIsFillingStep,
  'patient-information': PatientInformationStep,
  'patient-mrn': PatientMrnStep,
  'patient-relationship-type': RelationshipTypeStep,
  'relation-to-patient': RelationToPatientStep,
  'legal-relation-to-patient': LegalRelationStep,
  'delegate-information': DelegateInformationStep,
  'upload-photo-id': UploadPhotoIdStep,
  'upload-legal-docs': UploadLegalDocsStep,
  'verify-details': VerifyDetailsStep,
  'create-account': CreateAccountStep,
  'user-consent-page': UserConsentStep,
  'request-record-success-page': SuccessStep,
  'external-user-email': ExternalEmailStep,
};

/** The facility's own colour theme in the external (facility-branded) wizard. */
const FacilityTheme = ({ children }: { children: ReactNode }) => {
  const { data } = useFacility();
  const name = data?.custodian.theme ?? 'default';
  // Inside the embed, menus and dialogs must keep portalling into its shadow root.
  const shadow = useContext(ShadowContainerContext);
  const theme = useMemo(() => (shadow ? shadowTheme(name, shadow) : portalTheme(name)), [name, shadow]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};

export interface RequestWizardProps {
  variant: Variant;
  /** The facility of the external variant (its route's id); the internal wizard uses the stored one. */
  custodianId?: string;
}

/**
 * The request wizard under any router: the step is the first segment of the route's splat (the
 * internal wizard mounted at /request-records/*, the external one at /external-request/:id/*), and
 * every link is an absolute path built from the variant, never from window.location.
 */
export const RequestWizard = ({ variant, custodianId }: RequestWizardProps) => {
  const params = useParams();
  const [search] = useSearchParams();
  const name = (params['*'] ?? '').split('/')[0];
  // An unknown step (or none: the legacy /request-record, /requestRecord/new) opens the first step.
  if (!isStep(variant, name) || (variant === 'internal' && name === 'external-user-email')) {
    const q = search.get('providerRequest') === 'true' ? '?providerRequest=true' : '';
    return <Navigate replace to={`${stepPath(variant, FIRST_STEP, custodianId)}${q}`} />;
  }
  const Screen = SCREENS[name];
  return (
    <WizardProvider
      variant={variant}
      custodianId={custodianId}
      providerRequest={search.get('providerRequest') === 'true'}
    >
      {variant === 'external' ? (
        <FacilityTheme>
          <Screen />
        </FacilityTheme>
      ) : (
        <Screen />
      )}
    </WizardProvider>
  );
};
export default RequestWizard;
