import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PATIENT_SEX_NAMES,
  PATIENT_SEXES,
  type PatientSex,
  publishScanSchema,
  type ScanPatientChoice,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { BackButton, PageFrame, SelectField, toast, useDebouncedValue } from '@portal/ui';
import { FindingEditor } from './FindingEditor';
import { type FindingDraft, newFinding, toInput, updateFinding } from './finding-draft';
import { SCANS_PATH } from './paths';
import {
  useKeyImageCandidatesQuery,
  usePostReportMutation,
  usePublishScanMutation,
  useReportUploadFormMutation,
  useScanPatientsQuery,
  useScanSetupQuery,
} from './whole-body-scans.api';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Publishing a whole body scan for a patient of the facility: who (a patient with a delivered study
 * here), when, the findings tree with outcomes, pathology, key images from the delivered studies, PDF
 * reports and next steps, and video reports. Checked with the same schema as the server.
 */
export const PublishScanScreen = () => {
  const navigate = useNavigate();
  const setup = useScanSetupQuery();
  const [search, setSearch] = useState('');
  const patients = useScanPatientsQuery(useDebouncedValue(search, 300));
  const [patient, setPatient] = useState<ScanPatientChoice | null>(null);
  const candidates = useKeyImageCandidatesQuery(patient?.patient_request_id ?? '', { skip: !patient });
  const [scanDate, setScanDate] = useState(today());
  const [sex, setSex] = useState<PatientSex | ''>('');
  const [priorScanId, setPriorScanId] = useState('');
  const [findings, setFindings] = useState<FindingDraft[]>([newFinding()]);
  const [videos, setVideos] = useState<{ uploadKey: string; fileName: string }[]>([]);
  const [error, setError] = useState('');
  const [uploadForm] = useReportUploadFormMutation();
  const [postReport] = usePostReportMutation();
  const [publish, publishing] = usePublishScanMutation();

  const types = useMemo(
    () => setup.data?.facilities.find((f) => f.id === patient?.custodian_id)?.finding_types ?? [],
    [setup.data, patient],
  );
  const upload = async (file: File, kind: 'PDF_REPORT' | 'VIDEO_REPORT') => {
    try {
      const form = await uploadForm({ fileName: file.name, size: file.size, kind }).unwrap();
      await postReport({ form, file }).unwrap();
      return { uploadKey: form.key, fileName: file.name };
    } catch (e) {
      toast.error(queryError(e).message, 'wbs-upload');
      return null;
    }
  };
  const change = (key: string, fn: (f: FindingDraft) => FindingDraft | null) =>
    setFindings((list) => updateFinding(list, key, fn));

  const submit = async () => {
    setError('');
    try {
      const input = await publishScanSchema.validate(
        {
          patientRequestId: patient?.patient_request_id ?? '',
          scanDate,
          patientSex: sex || undefined,
          priorScanId: priorScanId || null,
          findings: toInput(findings),
          videoReports: videos,
        },
        { abortEarly: true },
      );
      await publish(input as never).unwrap();
      toast.success(MESSAGES.scanPublished, 'wbs-publish');
      void navigate(SCANS_PATH);
    } catch (e) {
      setError((e as Error).name === 'ValidationError' ? (e as Error).message : queryError(e).message);
    }
  };

  if (setup.error)
    return (
      <PageFrame title="Publish a whole body scan" testId="wbs-publish">
        <Alert severity="info">{queryError(setup.error).message}</Alert>
      </PageFrame>
    );
  return (
    <PageFrame
      title="Publish a whole body scan"
      testId="wbs-publish"
      back={<BackButton fallback={SCANS_PATH} />}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Autocomplete
          options={patients.data ?? []}
          value={patient}
          onChange={(_e, p) => {
            setPatient(p);
            setPriorScanId(p?.prior_scans[0]?.id ?? '');
          }}
          onInputChange={(_e, text) => setSearch(text)}
          filterOptions={(o) => o}
          getOptionLabel={(p) =>
            `${p.last_name}, ${p.first_name}${p.date_of_birth ? ` (${p.date_of_birth})` : ''}`
          }
          isOptionEqualToValue={(a, b) => a.patient_request_id === b.patient_request_id}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Patient"
              required
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'wbs-publish-patient' },
              }}
            />
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField
            label="Scan date"
            type="date"
            required
            value={scanDate}
            onChange={(e) => setScanDate(e.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: today(), 'data-testid': 'wbs-publish-date' },
            }}
          />
          <SelectField
            testId="wbs-publish-sex"
            label="Patient sex"
            required
            value={sex}
            options={PATIENT_SEXES.map((s) => ({ value: s, label: PATIENT_SEX_NAMES[s] }))}
            onChange={(v) => setSex(v as PatientSex)}
          />
          <SelectField
            testId="wbs-publish-prior"
            label="Compared with"
            value={priorScanId}
            options={[
              { value: '', label: 'No earlier scan' },
              ...(patient?.prior_scans ?? []).map((s) => ({ value: s.id, label: `Scan of ${s.scan_date}` })),
            ]}
            onChange={setPriorScanId}
          />
        </Box>
        <Typography component="h2" variant="h6">
          Findings
        </Typography>
        {!patient ? <Typography color="text.secondary">Choose the patient first.</Typography> : null}
        {findings.map((f) => (
          <FindingEditor
            key={f.key}
            draft={f}
            types={types}
            candidates={candidates.data ?? []}
            onChange={change}
            onUploadPdf={(file) => upload(file, 'PDF_REPORT')}
          />
        ))}
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setFindings((l) => [...l, newFinding()])}
          data-testid="wbs-add-finding"
        >
          Add finding
        </Button>
        <Typography component="h2" variant="h6">
          Video reports
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {videos.map((v) => (
            <Chip
              key={v.uploadKey}
              label={v.fileName}
              onDelete={() => setVideos((l) => l.filter((x) => x !== v))}
            />
          ))}
          <Button component="label" variant="outlined" size="small">
            Add video report
            <input
              hidden
              type="file"
              accept="video/mp4,video/webm"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                const uploaded = file ? await upload(file, 'VIDEO_REPORT') : null;
                if (uploaded) setVideos((l) => [...l, uploaded]);
              }}
            />
          </Button>
        </Box>
        {error ? (
          <Alert severity="error" data-testid="wbs-publish-error">
            {error}
          </Alert>
        ) : null}
        <Button
          variant="contained"
          size="large"
          sx={{ alignSelf: 'flex-start' }}
          disabled={publishing.isLoading}
          onClick={() => void submit()}
          data-testid="wbs-publish-submit"
        >
          Publish to the patient
        </Button>
      </Box>
    </PageFrame>
  );
};
