import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { KEY_IMAGE_MIN_ZOOM, MESSAGES, type Finding } from '@portal/contracts';
import { EmptyState, useErrorToast } from '@portal/ui';
import { NextSteps, PdfReports, SectionTitle } from './components/Documents';
import { KeyImageViewer } from './components/KeyImageViewer';
import { findingName } from './scan-view';
import { useKeyImage, usePdfActions } from './use-scan';
import { useGetFindingDocumentsQuery } from './whole-body-scans.api';

/**
 * The documents of one finding: its key images, its PDF reports to view or download, and (on the
 * details screen) its recommended next steps. Mounted again for another finding (keyed by the caller),
 * so the viewer starts at the first image, unzoomed.
 */
export const FindingDocumentsSection = ({
  scanId,
  finding,
  level,
  withNextSteps,
}: {
  scanId: string;
  finding: Finding;
  /** The heading level of the section's own titles. */
  level: 2 | 3;
  withNextSteps: boolean;
}) => {
  const docs = useGetFindingDocumentsQuery({ scanId, findingId: finding.id });
  useErrorToast(docs.error);
  const pdf = usePdfActions(scanId, finding.id);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(KEY_IMAGE_MIN_ZOOM);
  const keyImages = docs.data?.key_images ?? [];
  const pdfs = docs.data?.pdf_reports ?? [];
  const image = useKeyImage(scanId, finding.id, keyImages[index]?.id ?? null);
  const name = findingName(finding);
  if (docs.isLoading) return <CircularProgress size={24} aria-label={`Loading the documents of ${name}`} />;
  return (
    <Box data-testid="wbs-finding-documents" data-finding={finding.id} sx={{ display: 'grid', gap: 2 }}>
      {docs.data && keyImages.length === 0 && pdfs.length === 0 ? (
        <EmptyState text={MESSAGES.noReportsOrKeyImages} testId="wbs-documents-empty" />
      ) : null}
      {keyImages.length > 0 ? (
        <Box component="section" aria-label={`Key images of ${name}`}>
          <SectionTitle level={level}>Key images</SectionTitle>
          <KeyImageViewer
            images={keyImages}
            index={Math.min(index, keyImages.length - 1)}
            onIndex={(i) => {
              setIndex(i);
              setZoom(KEY_IMAGE_MIN_ZOOM);
            }}
            zoom={zoom}
            onZoom={setZoom}
            image={image}
          />
        </Box>
      ) : null}
      {pdfs.length > 0 ? (
        <Box component="section" aria-label={`Reports of ${name}`}>
          <SectionTitle level={level}>Reports</SectionTitle>
          <PdfReports
            reports={pdfs}
            onView={(r) => void pdf.view(r)}
            onDownload={(r) => void pdf.download(r)}
          />
        </Box>
      ) : null}
      {withNextSteps && docs.data ? (
        <Box component="section" aria-label={`Recommended next steps of ${name}`}>
          <SectionTitle level={level}>Recommended next steps</SectionTitle>
          <NextSteps steps={docs.data.recommended_next_steps} />
        </Box>
      ) : null}
    </Box>
  );
};
