import { useMemo } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { getRouteTable } from '@portal/session';
import { EmptyState, useErrorToast } from '@portal/ui';
import { WholeBodyScanList } from './components/WholeBodyScanList';
import { groupByFacility, scanReportPath } from './scan-view';
import { useGetPatientPlusLaunchersQuery, useLoadWholeBodyScansQuery } from './whole-body-scans.api';

/** The Whole Body Scans tab of My Records: the caller's scans by facility, each opening its report. */
export const WholeBodyScansTab = () => {
  const scans = useLoadWholeBodyScansQuery();
  const launchers = useGetPatientPlusLaunchersQuery();
  const table = getRouteTable();
  useErrorToast(scans.error);
  const groups = useMemo(
    () => groupByFacility(scans.data ?? [], launchers.data ?? []),
    [scans.data, launchers.data],
  );
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Whole Body Scans
      </Typography>
      {scans.isFetching ? <LinearProgress aria-label="Loading whole body scans" sx={{ mb: 2 }} /> : null}
      {!scans.isFetching && !scans.error && groups.length === 0 ? (
        <EmptyState text={MESSAGES.noRecordsFound} testId="records-empty" />
      ) : null}
      {groups.length > 0 ? (
        <WholeBodyScanList groups={groups} hrefOf={(id) => scanReportPath(table, id)} />
      ) : null}
    </>
  );
};
