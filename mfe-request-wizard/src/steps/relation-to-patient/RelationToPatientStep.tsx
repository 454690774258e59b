import { useState } from 'react';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useWizard } from '../../wizard/WizardContext';
import { RelationFields, validateRelation, type RelationValues } from './RelationFields';

/** A family member says how they are related to the patient. */
export const RelationToPatientStep = () => {
  const { state, dispatch } = useWizard();
  const { goNext } = useStepNav('relation-to-patient');
  const [values, setValues] = useState<RelationValues>({
    relationship: state.relationship ?? '',
    relation: state.relation,
  });
  const [tried, setTried] = useState(false);
  const errors = tried ? validateRelation(values) : {};
  const next = () => {
    setTried(true);
    if (Object.keys(validateRelation(values)).length) return;
    dispatch({
      type: 'update',
      patch: { relationship: values.relationship, relation: values.relation.trim() },
    });
    void goNext();
  };
  return (
    <StepLayout step="relation-to-patient" title="Your relationship to the patient" onNext={next}>
      <RelationFields values={values} errors={errors} onChange={setValues} />
    </StepLayout>
  );
};
export default RelationToPatientStep;
