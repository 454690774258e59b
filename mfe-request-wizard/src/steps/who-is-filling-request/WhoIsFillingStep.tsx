import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { RequestFiller } from '@portal/contracts';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useWizard } from '../../wizard/WizardContext';

export const FILL_REQUIRED = 'Please choose who is filling the request';

/** Self or someone else (the capacity, family member or legally appointed, is the next page). */
export const WhoIsFillingStep = () => {
  const { state, dispatch } = useWizard();
  const { goNext } = useStepNav('who-is-filling-request');
  const [choice, setChoice] = useState<RequestFiller | ''>(state.requestFiller ?? '');
  const [tried, setTried] = useState(false);
  const next = () => {
    setTried(true);
    if (!choice) return;
    const changed = choice !== state.requestFiller;
    const answers = { requestFiller: choice, relationshipType: changed ? null : state.relationshipType };
    dispatch({ type: 'filler', ...answers });
    // An edit that changes the filler opens the pages of the new path instead of returning to verify.
    void goNext({ keepEditing: !changed, answers });
  };
  return (
    <StepLayout step="who-is-filling-request" title="Who is filling this request?" onNext={next}>
      <RadioGroup
        value={choice}
        onChange={(e) => setChoice(e.target.value as RequestFiller)}
        aria-label="Who is filling this request?"
      >
        <FormControlLabel
          value="self"
          control={<Radio slotProps={{ input: { 'data-testid': 'filler-self' } as object }} />}
          label="I am the patient"
        />
        <FormControlLabel
          value="someone_else"
          control={<Radio slotProps={{ input: { 'data-testid': 'filler-someone-else' } as object }} />}
          label="I am requesting for someone else"
        />
      </RadioGroup>
      {tried && !choice ? (
        <FormHelperText error role="alert">
          {FILL_REQUIRED}
        </FormHelperText>
      ) : null}
    </StepLayout>
  );
};
export default WhoIsFillingStep;
