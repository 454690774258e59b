import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { EmptyState, PageFrame, ScrollableTable, toast } from '@portal/ui';
import { usDate } from '../data-requests/due';
import { PUBLISH_PATH } from './paths';
import {
  useImportFhirReportMutation,
  usePublishedScansQuery,
  useScanSetupQuery,
} from './whole-body-scans.api';

/** A FHIR file larger than this is refused before it is read (the gateway's body limit is 10 MB). */
const MAX_FHIR_BYTES = 8 * 1024 * 1024;

/**
 * The facility's published whole body scans, Publish a scan, and Import: a FHIR R4 DiagnosticReport
 * (with its Observation findings) from the facility's own system, validated by the server.
 */
export const WholeBodyScansScreen = () => {
  const setup = useScanSetupQuery();
  const scans = usePublishedScansQuery(undefined, { skip: !setup.data });
  const [importReport, importing] = useImportFhirReportMutation();

  const importFile = async (file: File) => {
    try {
      if (file.size > MAX_FHIR_BYTES) throw new Error('The file is too large for a report.');
      let resource: unknown;
      try {
        resource = JSON.parse(await file.text());
      } catch {
        throw new Error('The file is not JSON: choose a FHIR DiagnosticReport (.json).');
      }
      await importReport(resource).unwrap();
      toast.success(MESSAGES.scanPublished, 'wbs-import');
    } catch (e) {
      toast.error(queryError(e).message, 'wbs-import');
    }
  };

  if (setup.error)
    return (
      <PageFrame title="Whole body scans" testId="provider-wbs">
        <Alert severity="info" data-testid="provider-wbs-none">
          {queryError(setup.error).status === 403
            ? 'Your facility does not publish whole body scans.'
            : queryError(setup.error).message}
        </Alert>
      </PageFrame>
    );
  const rows = scans.data ?? [];
  return (
    <PageFrame
      title="Whole body scans"
      testId="provider-wbs"
      actions={
        <>
          <Button component={RouterLink} to={PUBLISH_PATH} variant="contained" data-testid="wbs-publish-open">
            Publish a scan
          </Button>
          <Button component="label" variant="outlined" disabled={importing.isLoading}>
            Import FHIR report
            <input
              hidden
              type="file"
              accept="application/json,application/fhir+json,.json"
              data-testid="wbs-import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </Button>
        </>
      }
    >
      {!scans.isLoading && rows.length === 0 ? (
        <EmptyState text="No whole body scans published yet." />
      ) : (
        <ScrollableTable label="Published whole body scans">
          <Table size="small" aria-label="Published whole body scans">
            <TableHead>
              <TableRow>
                <TableCell>Patient</TableCell>
                <TableCell>Scan date</TableCell>
                <TableCell>Facility</TableCell>
                <TableCell>Findings</TableCell>
                <TableCell>Published</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} data-testid={`provider-wbs-${s.id}`}>
                  <TableCell>
                    {s.patient.last_name}, {s.patient.first_name}
                  </TableCell>
                  <TableCell>{usDate(s.scan_date)}</TableCell>
                  <TableCell>{s.organization.name}</TableCell>
                  <TableCell>{s.findings_count}</TableCell>
                  <TableCell>{usDate(s.created)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </PageFrame>
  );
};
