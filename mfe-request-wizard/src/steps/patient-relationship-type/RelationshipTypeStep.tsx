import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { MESSAGES } from '@portal/contracts';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useWizard } from '../../wizard/WizardContext';
import { RelationFields, validateRelation, type RelationValues } from '../relation-to-patient/RelationFields';

type Choice = '' | 'self' | 'family-member' | 'legally-appointed';

/**
 * Internal: a delegate's capacity (family member or legally appointed). External (no who-is-filling
 * page, no legal documents step): the patient or a family member, and then the family relation.
 */
export const RelationshipTypeStep = () => {
  const { state, dispatch, variant } = useWizard();
  const { goNext } = useStepNav('patient-relationship-type');
  const external = variant === 'external';
  const initial: Choice =
    state.requestFiller === 'someone_else'
      ? (state.relationshipType ?? '')
      : external && state.requestFiller === 'self'
        ? 'self'
        : '';
  const [choice, setChoice] = useState<Choice>(initial);
  const [relation, setRelation] = useState<RelationValues>({
    relationship: state.relationship ?? '',
    relation: state.relation,
  });
  const [tried, setTried] = useState(false);
  const relationErrors = external && choice === 'family-member' ? validateRelation(relation) : {};
  const next = () => {
    setTried(true);
    if (!choice || Object.keys(relationErrors).length) return;
    const changed = choice !== initial;
    const answers =
      choice === 'self'
        ? { requestFiller: 'self' as const, relationshipType: null }
        : { requestFiller: 'someone_else' as const, relationshipType: choice };
    dispatch({ type: 'filler', ...answers });
    if (external && choice === 'family-member')
      dispatch({
        type: 'update',
        patch: { relationship: relation.relationship, relation: relation.relation.trim() },
      });
    void goNext({ keepEditing: !changed, answers });
  };
  return (
    <StepLayout
      step="patient-relationship-type"
      title={external ? 'Who are you requesting for?' : 'How are you related to the patient?'}
      onNext={next}
    >
      <RadioGroup
        value={choice}
        onChange={(e) => setChoice(e.target.value as Choice)}
        aria-label="Relationship type"
      >
        {external ? (
          <FormControlLabel
            value="self"
            control={<Radio slotProps={{ input: { 'data-testid': 'relationship-self' } as object }} />}
            label="I am the patient"
          />
        ) : null}
        <FormControlLabel
          value="family-member"
          control={<Radio slotProps={{ input: { 'data-testid': 'relationship-family-member' } as object }} />}
          label="I am a family member"
        />
        {external ? null : (
          <FormControlLabel
            value="legally-appointed"
            control={
              <Radio slotProps={{ input: { 'data-testid': 'relationship-legally-appointed' } as object }} />
            }
            label="I am legally appointed (guardian or representative)"
          />
        )}
      </RadioGroup>
      {tried && !choice ? (
        <FormHelperText error role="alert">
          {MESSAGES.selectRelationship}
        </FormHelperText>
      ) : null}
      {external && choice === 'family-member' ? (
        <RelationFields values={relation} errors={tried ? relationErrors : {}} onChange={setRelation} />
      ) : null}
    </StepLayout>
  );
};
export default RelationshipTypeStep;
