import Box from '@mui/material/Box';
import { getRouteTable } from '@portal/session';
import { useErrorToast } from '@portal/ui';
import { BodyDiagram } from './components/BodyDiagram';
import { ConsultationForm } from './components/ConsultationForm';
import { SectionTitle, VideoReports } from './components/Documents';
import { FindingTree } from './components/FindingTree';
import { Section } from './components/ScanSummary';
import { FindingDocumentsSection } from './FindingDocumentsSection';
import { ScanPage } from './ScanPage';
import { diagramFigureOf, diagramOrgansOf, findingName, scanDetailsPath, scansListPath } from './scan-view';
import { useConsultation, useScanWithSelection, useVideoReports } from './use-scan';

/**
 * The report screen of a scan (records spec §2.9), the overview: the findings to pick from, the body
 * diagram of the picked one, the scan's documents and the picked finding's own, and the request panel.
 * The details screen holds the full clinical view.
 */
/**
 * Two columns from desktop width up (findings and documents; the diagram and the request panel). Below
 * it one column, with the diagram right after the findings: the columns give way (display: contents)
 * and each part takes its place by its order.
 */
const LAYOUT = {
  display: { xs: 'flex', md: 'grid' },
  flexDirection: 'column',
  gap: 3,
  gridTemplateColumns: 'minmax(0, 1fr) 320px',
  alignItems: 'start',
} as const;
const COLUMN = { display: { xs: 'contents', md: 'grid' }, gap: 3, minWidth: 0 } as const;

const WholeBodyScanReport = () => {
  const table = getRouteTable();
  const { scanId, scan, selected, select } = useScanWithSelection();
  const videos = useVideoReports(scanId);
  const consultation = useConsultation();
  useErrorToast(videos.error as { message?: string } | undefined);
  const withFinding = (path: string) =>
    selected ? `${path}${path.includes('?') ? '&' : '?'}finding=${encodeURIComponent(selected.id)}` : path;
  return (
    <ScanPage
      testId="wbs-report"
      scan={scan.data}
      loading={scan.isLoading}
      error={scan.error}
      back={scansListPath(table)}
      other={{
        to: withFinding(scanDetailsPath(table, scanId)),
        label: 'Full details',
        testId: 'wbs-open-details',
      }}
    >
      {(s) => (
        <Box sx={LAYOUT}>
          <Box sx={COLUMN}>
            <Section title="Findings" order={1}>
              <FindingTree
                findings={s.findings}
                selectedId={selected?.id ?? null}
                onSelect={select}
                label="Findings"
              />
            </Section>
            {selected ? (
              <Section
                title={`Documents for ${findingName(selected)}`}
                testId="wbs-selected-documents"
                order={3}
              >
                <FindingDocumentsSection
                  key={selected.id}
                  scanId={scanId}
                  finding={selected}
                  level={3}
                  withNextSteps={false}
                />
              </Section>
            ) : null}
            <Section title="Documents" testId="wbs-documents" order={4}>
              <SectionTitle level={3}>Video reports</SectionTitle>
              <VideoReports
                videos={videos.videos}
                loading={videos.loading}
                selectedId={videos.selectedId}
                onSelect={videos.select}
                src={videos.src}
              />
            </Section>
          </Box>
          <Box sx={COLUMN}>
            <Section title="Body diagram" order={2}>
              <BodyDiagram
                figure={diagramFigureOf(s.patient.patient_sex?.mnemonic)}
                organs={diagramOrgansOf(selected, s.patient.patient_sex?.mnemonic)}
              />
            </Section>
            <Box sx={{ order: 5, minWidth: 0 }}>
              <ConsultationForm
                scanId={s.id}
                existing={s.consult_requests.length > 0}
                submitting={consultation.submitting}
                onSubmit={consultation.submit}
              />
            </Box>
          </Box>
        </Box>
      )}
    </ScanPage>
  );
};

export default WholeBodyScanReport;
