import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FINDING_OUTCOME_NAMES,
  FINDING_OUTCOMES,
  type FindingOutcome,
  type FindingType,
  type KeyImageCandidate,
} from '@portal/contracts';
import { SelectField } from '@portal/ui';
import { type FindingDraft, newFinding } from './finding-draft';

/** Findings nest this deep at most in the editor (a finding, and the findings inside it). */
const MAX_DEPTH = 2;
const OUTCOME_OPTIONS = FINDING_OUTCOMES.map((o) => ({ value: o, label: FINDING_OUTCOME_NAMES[o] }));
const candidateLabel = (c: KeyImageCandidate, i: number) =>
  `${c.modality} ${c.description || 'study'} · image ${i + 1}${c.frames > 1 ? ` (${c.frames} frames)` : ''}`;

export interface FindingEditorProps {
  draft: FindingDraft;
  types: FindingType[];
  candidates: KeyImageCandidate[];
  depth?: number;
  onChange: (key: string, change: (f: FindingDraft) => FindingDraft | null) => void;
  /** Uploads a PDF report; answers what the publish call names it by. */
  onUploadPdf: (file: File) => Promise<{ uploadKey: string; fileName: string } | null>;
}

/** One finding of the scan being published: its type, outcome, pathology, key images, reports, next steps, and findings inside it. */
export const FindingEditor = ({
  draft,
  types,
  candidates,
  depth = 1,
  onChange,
  onUploadPdf,
}: FindingEditorProps) => {
  const set = (patch: Partial<FindingDraft>) => onChange(draft.key, (f) => ({ ...f, ...patch }));
  const options = candidates.map((c, i) => ({ c, label: candidateLabel(c, i) }));
  const id = `finding-${draft.key}`;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid={id}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
          alignItems: 'start',
        }}
      >
        <SelectField
          testId={`${id}-type`}
          label="Finding"
          value={draft.findingTypeId}
          options={types.map((t) => ({ value: t.id, label: t.name }))}
          onChange={(findingTypeId) => set({ findingTypeId })}
          required
        />
        <SelectField
          testId={`${id}-outcome`}
          label="Outcome"
          value={draft.outcome}
          options={OUTCOME_OPTIONS}
          onChange={(outcome) => set({ outcome: outcome as FindingOutcome })}
        />
        <Button color="error" onClick={() => onChange(draft.key, () => null)} sx={{ mt: 1 }}>
          Remove
        </Button>
      </Box>
      {draft.pathology ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
          <TextField
            label="Pathology"
            size="small"
            value={draft.pathology.name}
            onChange={(e) => set({ pathology: { ...draft.pathology!, name: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `${id}-pathology` } }}
          />
          <TextField
            label="Pathology description"
            size="small"
            multiline
            value={draft.pathology.description}
            onChange={(e) => set({ pathology: { ...draft.pathology!, description: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </Box>
      ) : (
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => set({ pathology: { name: '', description: '' } })}
        >
          Add pathology finding
        </Button>
      )}
      <Autocomplete
        multiple
        options={options}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.c.sop_instance_uid === b.c.sop_instance_uid}
        value={options.filter((o) => draft.keyImages.some((k) => k.sopInstanceUid === o.c.sop_instance_uid))}
        onChange={(_e, chosen) =>
          set({
            keyImages: chosen.map(({ c }) => ({
              studyInstanceUid: c.study_instance_uid,
              seriesInstanceUid: c.series_instance_uid,
              sopInstanceUid: c.sop_instance_uid,
              frame: 1,
              caption: draft.keyImages.find((k) => k.sopInstanceUid === c.sop_instance_uid)?.caption ?? '',
            })),
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label="Key images"
            placeholder={candidates.length ? 'Choose images' : 'No delivered images'}
          />
        )}
        data-testid={`${id}-key-images`}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {draft.pdfReports.map((r) => (
          <Chip
            key={r.uploadKey}
            label={r.fileName}
            onDelete={() => set({ pdfReports: draft.pdfReports.filter((p) => p.uploadKey !== r.uploadKey) })}
          />
        ))}
        <Button component="label" size="small" variant="outlined">
          Add PDF report
          <input
            hidden
            type="file"
            accept="application/pdf"
            data-testid={`${id}-pdf`}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              const uploaded = file ? await onUploadPdf(file) : null;
              if (uploaded) onChange(draft.key, (f) => ({ ...f, pdfReports: [...f.pdfReports, uploaded] }));
            }}
          />
        </Button>
      </Box>
      <Typography variant="subtitle2" component="h3">
        Recommended next steps
      </Typography>
      {draft.nextSteps.map((step, i) => {
        const setStep = (patch: Partial<typeof step>) =>
          set({ nextSteps: draft.nextSteps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
        return (
          <Box
            key={i}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr auto' } }}
          >
            <TextField
              label="Title"
              size="small"
              value={step.title}
              onChange={(e) => setStep({ title: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `${id}-step-${i}-title` } }}
            />
            <TextField
              label="Details"
              size="small"
              value={step.content}
              onChange={(e) => setStep({ content: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <TextField
              label="Due"
              type="date"
              size="small"
              value={step.dueDate ?? ''}
              onChange={(e) => setStep({ dueDate: e.target.value || null })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              color="error"
              onClick={() => set({ nextSteps: draft.nextSteps.filter((_, j) => j !== i) })}
            >
              Remove
            </Button>
          </Box>
        );
      })}
      <Button
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          set({
            nextSteps: [
              ...draft.nextSteps,
              { title: '', subtitle: '', content: '', enable: true, dueDate: null },
            ],
          })
        }
        data-testid={`${id}-add-step`}
      >
        Add next step
      </Button>
      {draft.children.map((child) => (
        <Box key={child.key} sx={{ pl: { xs: 1, sm: 3 } }}>
          <FindingEditor
            draft={child}
            types={types}
            candidates={candidates}
            depth={depth + 1}
            onChange={onChange}
            onUploadPdf={onUploadPdf}
          />
        </Box>
      ))}
      {depth < MAX_DEPTH ? (
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => set({ children: [...draft.children, newFinding()] })}
        >
          Add a finding inside this one
        </Button>
      ) : null}
    </Paper>
  );
};
