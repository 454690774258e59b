import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { ownPersonId } from '@portal/session';
import { CheckboxField, SignaturePad, toast, type SignaturePadHandle } from '@portal/ui';
import { useSubmitRequestMutation } from '../../wizard.api';
import { buildPayload } from '../../wizard/payload';
import { RequestFeeNotice } from '../../wizard/RequestFeeNotice';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useFacility } from '../../wizard/useFacility';
import { useWizard } from '../../wizard/WizardContext';

export interface ConsentErrors {
  signature?: string;
  electronicSignature?: string;
  legallyAuthorised?: string;
}

/** Spec §5 User consent: the signature, the electronic-signature box and, for non-patient fillers, the legally-authorised box. */
export const validateUserConsent = (
  v: { signature: string | null; electronicSignature: boolean; legallyAuthorised: boolean },
  needsAuthority: boolean,
): ConsentErrors => {
  const errors: ConsentErrors = {};
  if (!v.signature) errors.signature = MESSAGES.signatureRequired;
  if (!v.electronicSignature) errors.electronicSignature = MESSAGES.electronicSignatureRequired;
  if (needsAuthority && !v.legallyAuthorised) errors.legallyAuthorised = MESSAGES.legallyAuthorisedRequired;
  return errors;
};

export const UserConsentStep = () => {
  const { state, dispatch, route, variant } = useWizard();
  const { goNext, goBack } = useStepNav('user-consent-page');
  const { data: init } = useFacility();
  const [submit, { isLoading }] = useSubmitRequestMutation();
  const pad = useRef<SignaturePadHandle>(null);
  const [drawn, setDrawn] = useState(false);
  const [errors, setErrors] = useState<ConsentErrors>({});
  const needsAuthority = route.providerRequest || state.requestFiller === 'someone_else';
  const setConsent = (patch: Partial<typeof state.consent>) =>
    dispatch({ type: 'update', patch: { consent: { ...state.consent, ...patch } } });

  const send = async () => {
    // An empty canvas is discarded: no signature rather than a blank image.
    const signature = drawn ? (pad.current?.toDataUrl() ?? null) : null;
    const found = validateUserConsent({ signature, ...state.consent }, needsAuthority);
    setErrors(found);
    if (Object.keys(found).length) return;
    const signed = { ...state, signature };
    dispatch({ type: 'update', patch: { signature } });
    const target = route.providerRequest ? 'provider' : variant === 'external' ? 'external' : 'internal';
    try {
      const payload = buildPayload(signed, {
        provider: route.providerRequest,
        personId: ownPersonId(),
      });
      await submit({ target, payload: payload as never }).unwrap();
      void goNext();
      dispatch({ type: 'reset', submittedSteps: state.steps.total });
    } catch (e) {
      toast.error(queryError(e).message, 'submit-request');
      goBack();
    }
  };
  const form = init?.authorizationForm;
  return (
    <StepLayout
      step="user-consent-page"
      title={form?.title || 'Authorization'}
      onNext={() => void send()}
      nextLabel="Submit"
      busy={isLoading}
    >
      <RequestFeeNotice />
      <Box
        data-testid="consent-authorization-text"
        sx={{ maxHeight: 280, overflow: 'auto', mb: 2, whiteSpace: 'pre-wrap' }}
      >
        {(form?.text ?? '').split(/\n\s*\n/).map((para, i) => (
          <Typography key={i} sx={{ mb: 1 }}>
            {para}
          </Typography>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h2">
        Your signature
      </Typography>
      <SignaturePad ref={pad} testId="signature-pad" onChange={setDrawn} />
      {errors.signature ? (
        <FormHelperText error role="alert" data-testid="signature-error">
          {errors.signature}
        </FormHelperText>
      ) : null}
      <CheckboxField
        label="I agree that my electronic signature has the same effect as my handwritten signature."
        checked={state.consent.electronicSignature}
        onChange={(electronicSignature) => setConsent({ electronicSignature })}
        error={errors.electronicSignature}
        testId="consent-electronic-signature"
      />
      {needsAuthority ? (
        <CheckboxField
          label="I confirm that I am legally authorised to request these records for the patient."
          checked={state.consent.legallyAuthorised}
          onChange={(legallyAuthorised) => setConsent({ legallyAuthorised })}
          error={errors.legallyAuthorised}
          testId="consent-legally-authorised"
        />
      ) : null}
    </StepLayout>
  );
};
export default UserConsentStep;
