import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import { MESSAGES, type WholeBodyScan } from '@portal/contracts';
import { queryError } from '@portal/api';
import { BackButton, EmptyState, PageFrame, PageLoading } from '@portal/ui';
import { ScanSummary } from './components/ScanSummary';

/**
 * The frame of both scan screens: the title, Back, a link to the other screen, the summary; the
 * loading and failed states of the scan.
 */
export const ScanPage = ({
  testId,
  scan,
  loading,
  error,
  back,
  other,
  children,
}: {
  testId: string;
  scan: WholeBodyScan | undefined;
  loading: boolean;
  error: unknown;
  /** Where Back goes when the page was opened from outside the portal. */
  back: string;
  other: { to: string; label: string; testId: string };
  children: (scan: WholeBodyScan) => ReactNode;
}) => (
  <PageFrame
    title={MESSAGES.wholeBodyScanTitle}
    testId={testId}
    back={<BackButton fallback={back} />}
    actions={
      scan ? (
        <Button variant="outlined" component={Link} to={other.to} data-testid={other.testId}>
          {other.label}
        </Button>
      ) : undefined
    }
  >
    {loading ? <PageLoading /> : null}
    {!loading && error ? <EmptyState text={queryError(error).message} testId="wbs-error" /> : null}
    {scan ? (
      <>
        <ScanSummary scan={scan} />
        {children(scan)}
      </>
    ) : null}
  </PageFrame>
);
