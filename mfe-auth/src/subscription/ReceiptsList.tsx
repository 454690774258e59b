import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type Receipt } from '@portal/contracts';
import { ScrollableTable } from '@portal/ui';
import { formatDay } from '../components/when';

/** The paid receipts, newest first, each as a PDF. */
export const ReceiptsList = ({
  receipts,
  onDownload,
}: {
  receipts: Receipt[];
  onDownload: (r: Receipt) => void;
}) => (
  <section aria-labelledby="subscription-receipts-title">
    <Typography component="h2" variant="h6" id="subscription-receipts-title" sx={{ mt: 3, mb: 1 }}>
      Receipts
    </Typography>
    {receipts.length === 0 ? (
      <Typography variant="body2" data-testid="receipts-empty">
        No receipts yet.
      </Typography>
    ) : (
      <ScrollableTable label="Receipts" testId="receipts-scroll">
        <Table size="small" data-testid="receipts">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Receipt</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {receipts.map((r) => (
              <TableRow key={r.id} data-testid={`receipt-${r.id}`}>
                <TableCell>{formatDay(r.paidAt)}</TableCell>
                <TableCell>{r.description}</TableCell>
                <TableCell align="right">{formatMoney(r.amountCents, r.currency)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => onDownload(r)}
                    aria-label={`Receipt ${r.number} as PDF`}
                    data-testid="receipt-pdf"
                  >
                    PDF
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
    )}
  </section>
);
