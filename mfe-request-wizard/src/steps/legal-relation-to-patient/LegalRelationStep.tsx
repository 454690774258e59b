import { useState } from 'react';
import { requestPatientRecordSchema } from '@portal/contracts';
import { OutlinedTextField } from '@portal/ui';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { validateWith } from '../../wizard/validate';
import { useWizard } from '../../wizard/WizardContext';

const schema = requestPatientRecordSchema.pick(['requestFiller', 'relationshipType', 'legalRelation']);
/** The legal relation, in the representative's words: required once trimmed. */
export const validateLegalRelation = validateWith<{ legalRelation: string }>(schema, (v) => ({
  requestFiller: 'someone_else',
  relationshipType: 'legally-appointed',
  legalRelation: v.legalRelation,
}));

export const LegalRelationStep = () => {
  const { state, dispatch } = useWizard();
  const { goNext } = useStepNav('legal-relation-to-patient');
  const [legalRelation, setLegalRelation] = useState(state.legalRelation);
  const [tried, setTried] = useState(false);
  const error = tried ? validateLegalRelation({ legalRelation }).legalRelation : undefined;
  const next = () => {
    setTried(true);
    if (validateLegalRelation({ legalRelation }).legalRelation) return;
    dispatch({ type: 'update', patch: { legalRelation: legalRelation.trim() } });
    void goNext();
  };
  return (
    <StepLayout step="legal-relation-to-patient" title="Your legal relationship to the patient" onNext={next}>
      <OutlinedTextField
        id="legal-relation"
        label="Legal relationship (for example: guardian, power of attorney)"
        required
        fullWidth
        margin="dense"
        value={legalRelation}
        onChange={(e) => setLegalRelation(e.target.value.trimStart())}
        error={Boolean(error)}
        helperText={error || ' '}
        slotProps={{ htmlInput: { 'data-testid': 'legal-relation' } }}
      />
    </StepLayout>
  );
};
export default LegalRelationStep;
