import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { outcomeOf, type Finding } from '@portal/contracts';
import { getRouteTable } from '@portal/session';
import { useErrorToast } from '@portal/ui';
import { BodyDiagram } from './components/BodyDiagram';
import { ConsultationForm } from './components/ConsultationForm';
import { ConsultationTable } from './components/ConsultationTable';
import { PathologyFindings, SectionTitle, VideoReports } from './components/Documents';
import { FindingTree } from './components/FindingTree';
import { ChangeChip, OutcomeChip } from './components/OutcomeChip';
import { Section, twoColumns } from './components/ScanSummary';
import { FindingDocumentsSection } from './FindingDocumentsSection';
import { FollowUpsSection } from './FollowUpsSection';
import { ScanPage } from './ScanPage';
import {
  diagramFigureOf,
  diagramOrgansOf,
  findingName,
  flattenFindings,
  outcomeNameOf,
  paragraphsOf,
  scanReportPath,
} from './scan-view';
import { useConsultation, useScanWithSelection, useVideoReports } from './use-scan';

/** The pathology of a finding and of the findings under it. */
const pathologiesOf = (finding: Finding) =>
  flattenFindings([finding]).flatMap((f) =>
    f.pathology_finding ? [{ id: f.id, ...f.pathology_finding }] : [],
  );

/** The wiki view: the finding type's educational text instead of the clinical view. */
const WikiText = ({ finding }: { finding: Finding }) => {
  const paragraphs = paragraphsOf(finding.organization_whole_body_scan_finding_type.wiki ?? '');
  return (
    <Box data-testid="wbs-wiki">
      {paragraphs.length ? (
        paragraphs.map((p, i) => (
          <Typography key={i} sx={{ mb: 1.5 }}>
            {p}
          </Typography>
        ))
      ) : (
        <Typography color="text.secondary">There is no article about {findingName(finding)} yet.</Typography>
      )}
    </Box>
  );
};

/** The selected finding: its outcome and change, then its clinical view or its wiki text. */
const SelectedFinding = ({
  scanId,
  finding,
  wiki,
  onWiki,
}: {
  scanId: string;
  finding: Finding;
  wiki: boolean;
  onWiki: (on: boolean) => void;
}) => (
  <Paper
    variant="outlined"
    component="section"
    sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    data-testid="wbs-selected-finding"
  >
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      <Typography component="h2" variant="h6" sx={{ flex: '1 1 auto' }}>
        {findingName(finding)}
      </Typography>
      <OutcomeChip outcome={outcomeOf(finding)} name={outcomeNameOf(finding)} />
      {finding.change ? <ChangeChip change={finding.change} /> : null}
    </Box>
    <FormControlLabel
      control={<Switch checked={wiki} onChange={(_e, on) => onWiki(on)} />}
      label="Wiki view"
      sx={{ mb: 1 }}
    />
    {wiki ? (
      <WikiText finding={finding} />
    ) : (
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="wbs-clinical">
        <Box>
          <SectionTitle level={3}>Pathology findings</SectionTitle>
          <PathologyFindings items={pathologiesOf(finding)} />
        </Box>
        <FindingDocumentsSection key={finding.id} scanId={scanId} finding={finding} level={3} withNextSteps />
      </Box>
    )}
  </Paper>
);

/**
 * The details screen of a scan (records spec §2.9), the full clinical view: the findings tree, the body
 * diagram, the selected finding's outcome, pathology, next steps, key images and reports (or its wiki
 * text), the video reports, the follow-ups, and the consultations with their video meetings.
 */
const WholeBodyScanDetails = () => {
  const table = getRouteTable();
  const { scanId, scan, selected, select } = useScanWithSelection();
  const videos = useVideoReports(scanId);
  const consultation = useConsultation();
  // The wiki view stays on while the patient picks another finding.
  const [wiki, setWiki] = useState(false);
  useErrorToast(videos.error as { message?: string } | undefined);
  const report = scanReportPath(table, scanId);
  const withFinding = (path: string) =>
    selected ? `${path}${path.includes('?') ? '&' : '?'}finding=${encodeURIComponent(selected.id)}` : path;
  return (
    <ScanPage
      testId="wbs-details"
      scan={scan.data}
      loading={scan.isLoading}
      error={scan.error}
      back={report}
      other={{ to: withFinding(report), label: 'Report overview', testId: 'wbs-open-report' }}
    >
      {(s) => (
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Box sx={twoColumns('340px minmax(0, 1fr)')}>
            <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
              <Section title="Findings">
                <FindingTree
                  findings={s.findings}
                  selectedId={selected?.id ?? null}
                  onSelect={select}
                  label="Findings"
                  collapsible
                />
              </Section>
              <Section title="Body diagram">
                <BodyDiagram
                  figure={diagramFigureOf(s.patient.patient_sex?.mnemonic)}
                  organs={diagramOrgansOf(selected, s.patient.patient_sex?.mnemonic)}
                />
              </Section>
            </Box>
            {selected ? (
              <SelectedFinding scanId={scanId} finding={selected} wiki={wiki} onWiki={setWiki} />
            ) : null}
          </Box>
          <Section title="Video reports" testId="wbs-documents">
            <VideoReports
              videos={videos.videos}
              loading={videos.loading}
              selectedId={videos.selectedId}
              onSelect={videos.select}
              src={videos.src}
            />
          </Section>
          <FollowUpsSection scanId={scanId} />
          <ConsultationTable requests={s.consult_requests} />
          <Box sx={{ maxWidth: 720 }}>
            <ConsultationForm
              scanId={s.id}
              existing={s.consult_requests.length > 0}
              submitting={consultation.submitting}
              onSubmit={consultation.submit}
            />
          </Box>
        </Box>
      )}
    </ScanPage>
  );
};

export default WholeBodyScanDetails;
