import Chip from '@mui/material/Chip';
import {
  FINDING_OUTCOME_NAMES,
  type FindingChange,
  type FindingOutcome,
  type FindingTone,
} from '@portal/contracts';
import { toneOf } from '../scan-view';

/**
 * The colours of a tone: none green, informational blue, minor amber, major red. Each carries white
 * text at 4.5:1 or more (WCAG AA), which MUI's own info and warning colours do not.
 */
export const TONE_COLORS: Record<FindingTone, string> = {
  none: '#2e7d32',
  informational: '#0b5cad',
  minor: '#b45309',
  major: '#c62828',
};

/** A label in the colour of a tone. */
export const ToneChip = ({ tone, label, testId }: { tone: FindingTone; label: string; testId?: string }) => (
  <Chip
    size="small"
    label={label}
    data-testid={testId}
    data-tone={tone}
    sx={{ bgcolor: TONE_COLORS[tone], color: '#fff', fontWeight: 600, maxWidth: '100%' }}
  />
);

/** A finding's outcome (its name, or the default name of its mnemonic) in its tone. */
export const OutcomeChip = ({ outcome, name }: { outcome: FindingOutcome; name?: string | null }) => (
  <ToneChip tone={toneOf(outcome)} label={name || FINDING_OUTCOME_NAMES[outcome]} testId="wbs-outcome" />
);

const CHANGE_NAMES: Record<FindingChange, string> = { NEW: 'New', STABLE: 'Stable', RESOLVED: 'Resolved' };

/** The change since the prior scan. */
export const ChangeChip = ({ change }: { change: FindingChange }) => (
  <Chip
    size="small"
    variant="outlined"
    label={`${CHANGE_NAMES[change]} since last scan`}
    data-testid="wbs-change"
    data-change={change}
  />
);
