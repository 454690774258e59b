import { useCallback, useState } from 'react';
import { MESSAGES, type SmartFhirStudyRow } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { useGeneratePatientRequestFromCfindResponseMutation } from './smart-fhir.api';

/**
 * A records request made from a found study (records spec §4): asked in a dialog first, then
 * generatePatientRequestFromCfindResponse; the outcome is a toast, and on success the row is marked.
 */
export const useStudyRequest = (onRequested: (rowId: string, patientRequestId: string) => void) => {
  const [generate, state] = useGeneratePatientRequestFromCfindResponseMutation();
  const [asking, setAsking] = useState<SmartFhirStudyRow | null>(null);

  const confirm = useCallback(async () => {
    if (!asking) return;
    try {
      const { patientRequestId } = await generate(asking.id).unwrap();
      onRequested(asking.id, patientRequestId);
      toast.success(MESSAGES.requestGenerated, 'smart-fhir-request');
    } catch (e) {
      toast.error(queryError(e).message, 'smart-fhir-request');
    }
    setAsking(null);
  }, [asking, generate, onRequested]);

  return {
    asking,
    ask: setAsking,
    cancel: useCallback(() => setAsking(null), []),
    confirm,
    busy: state.isLoading,
  };
};
