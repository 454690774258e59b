import { useCallback, useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SubmitButton } from '@portal/ui';
import { nextStep, previousStep, stepCounter, stepPath, type RouteContext, type StepName } from './routing';
import { useWizard } from './WizardContext';

/** The query a step's link carries: provider request mode stays on, and an Edit link says so. */
const stepQuery = (providerRequest: boolean, edit: boolean): string => {
  const q = new URLSearchParams();
  if (providerRequest) q.set('providerRequest', 'true');
  if (edit) q.set('edit', 'true');
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** Navigation of a step: Next and Back by the routing rules, jumps (verify-details' Edit links). */
export const useStepNav = (step: StepName) => {
  const { variant, custodianId, route } = useWizard();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = params.get('edit') === 'true';
  const { providerRequest } = route;
  const goTo = useCallback(
    (to: StepName, opts: { edit?: boolean } = {}) =>
      navigate(`${stepPath(variant, to, custodianId)}${stepQuery(providerRequest, Boolean(opts.edit))}`),
    [navigate, variant, custodianId, providerRequest],
  );
  return {
    editing,
    goTo,
    /**
     * `keepEditing: false` when an edit changed the path (a new filler): the pages of the new path follow.
     * `answers`: what this step has just dispatched (who fills, in what capacity): the path after it
     * depends on them, and the context of this render still has the old ones.
     */
    goNext: (
      opts: {
        keepEditing?: boolean;
        answers?: Pick<RouteContext, 'requestFiller' | 'relationshipType'>;
      } = {},
    ) => goTo(nextStep(step, { ...route, ...opts.answers }, editing && opts.keepEditing !== false)),
    goBack: () => {
      const before = previousStep(step, route, editing);
      if (before) void goTo(before);
    },
  };
};

export interface StepLayoutProps {
  step: StepName;
  title: ReactNode;
  children: ReactNode;
  /** The form the Next button submits; without one Next calls onNext (or simply goes on). */
  formId?: string;
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  busy?: boolean;
  hideBack?: boolean;
  hideNext?: boolean;
}

/** A step: its container (`step-<name>`), the "Step N of M" counter, its content, Back and Next. */
export const StepLayout = ({
  step,
  title,
  children,
  formId,
  onNext,
  nextLabel = 'Next',
  nextDisabled,
  busy,
  hideBack,
  hideNext,
}: StepLayoutProps) => {
  const { route, dispatch, state } = useWizard();
  const { goBack, goNext, editing } = useStepNav(step);
  const { current, total } = stepCounter(step, route, state.submittedSteps ?? undefined);
  // §4: each step sets the counter (Back lands on a step that sets its own, smaller number).
  useEffect(() => dispatch({ type: 'steps', current, total }), [dispatch, current, total]);
  const back = previousStep(step, route, editing) !== null;
  return (
    <Box
      component="section"
      data-testid={`step-${step}`}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
    >
      <Typography data-testid="wizard-counter" variant="overline" color="text.secondary" component="p">
        Step {current} of {total}
      </Typography>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }} data-testid="page-title">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {children}
      </Paper>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
        {!hideBack && back ? (
          <Button variant="outlined" size="large" data-testid="wizard-back" onClick={goBack} disabled={busy}>
            Back
          </Button>
        ) : (
          <span />
        )}
        {hideNext ? null : formId ? (
          <SubmitButton
            testId="wizard-next"
            form={formId}
            fullWidth={false}
            submitting={busy}
            disabled={nextDisabled}
          >
            {nextLabel}
          </SubmitButton>
        ) : (
          <Button
            variant="contained"
            size="large"
            data-testid="wizard-next"
            disabled={busy || nextDisabled}
            onClick={onNext ?? (() => goNext())}
          >
            {nextLabel}
          </Button>
        )}
      </Box>
    </Box>
  );
};
