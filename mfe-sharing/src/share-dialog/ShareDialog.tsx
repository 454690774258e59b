import { useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SHARE_DIALOG_IMAGING_WIDTH, type ShareDialogProps, type ShareTab } from '@portal/contracts';
import { createRemoteStore } from '@portal/api';
import { api } from '../api';
import { DownloadTab } from './DownloadTab';
import { EmailTab } from './EmailTab';
import { FacilityTab } from './FacilityTab';
import { HealthLinkTab } from './HealthLinkTab';
import { PrintTab } from './PrintTab';

const IMAGING = ['IMAGES', 'IMAGES_ONLY'];

/**
 * The tab buttons shown for a record: the facility tab only for an IMAGES request (records spec §2.5),
 * the SMART Health Link tab for an imaging request (issue 29: a health link carries images only);
 * burn-disc has none.
 */
export const tabsFor = (docReqType: string): Array<{ value: ShareTab; label: string }> => [
  { value: 'email', label: 'Email' },
  { value: 'print-access-page', label: 'Print Access Page' },
  { value: 'download', label: 'Download' },
  ...(docReqType === 'IMAGES'
    ? [{ value: 'share-with-facility' as const, label: 'Share With Imaging Facility' }]
    : []),
  ...(IMAGING.includes(docReqType) ? [{ value: 'health-link' as const, label: 'SMART Health Link' }] : []),
];

/** The health-link tab's button is `health-link-tab`; its label keeps the `share-tab-{value}` every tab has. */
const tabButton = ({ value, label }: { value: ShareTab; label: string }) =>
  value === 'health-link'
    ? { testId: 'health-link-tab', label: <span data-testid={`share-tab-${value}`}>{label}</span> }
    : { testId: `share-tab-${value}`, label };

/** The Share Records dialog's body: its tabs and the chosen tab's panel. */
export const ShareRecords = ({
  record,
  initialTab,
  mode,
  onSuccess,
  onClose,
}: Omit<ShareDialogProps, 'open'>) => {
  const tabs = tabsFor(record.docReqType);
  const [tab, setTab] = useState<ShareTab>(
    initialTab && (initialTab === 'burn-disc' || tabs.some((t) => t.value === initialTab))
      ? initialTab
      : 'email',
  );
  // burn-disc is a state of the Download tab (its instructions are there), not a tab of its own.
  const shownTab = tab === 'burn-disc' ? 'download' : tab;
  return (
    <>
      <Tabs
        value={shownTab}
        onChange={(_, v: ShareTab) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Ways to share"
      >
        {tabs.map((t) => {
          const button = tabButton(t);
          return <Tab key={t.value} value={t.value} label={button.label} data-testid={button.testId} />;
        })}
      </Tabs>
      <DialogContent sx={{ px: 0 }}>
        {shownTab === 'email' ? (
          <EmailTab record={record} expanded={initialTab === 'email'} mode={mode} onSuccess={onSuccess} />
        ) : null}
        {shownTab === 'print-access-page' ? <PrintTab record={record} /> : null}
        {shownTab === 'download' ? <DownloadTab record={record} /> : null}
        {shownTab === 'share-with-facility' ? <FacilityTab record={record} onDone={onClose} /> : null}
        {shownTab === 'health-link' ? <HealthLinkTab record={record} /> : null}
      </DialogContent>
    </>
  );
};

/**
 * The Share Records dialog (records spec §2.5), exposed as `./ShareDialog` for the records remote. It
 * brings its own store (the remote that loads it has its own); 876 px wide for an imaging request, the
 * whole screen on a phone.
 */
const ShareDialog = (props: ShareDialogProps) => {
  const store = useMemo(() => createRemoteStore(api), []);
  const phone = useMediaQuery('(max-width:767.95px)');
  const imaging = IMAGING.includes(props.record.docReqType);
  return (
    <Provider store={store}>
      <Dialog
        open={props.open}
        onClose={props.onClose}
        fullScreen={phone}
        fullWidth
        maxWidth={false}
        slotProps={{
          paper: {
            sx: { width: phone ? '100%' : imaging ? SHARE_DIALOG_IMAGING_WIDTH : 600, maxWidth: '100%' },
            'data-testid': 'share-dialog',
          } as object,
        }}
        aria-labelledby="share-dialog-title"
      >
        <DialogTitle id="share-dialog-title" sx={{ pr: 6 }}>
          Share Records
          <IconButton
            aria-label="Close"
            onClick={props.onClose}
            sx={{ position: 'absolute', right: 8, top: 8 }}
            data-testid="share-dialog-close"
          >
            ×
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <ShareRecords {...props} />
        </DialogContent>
      </Dialog>
    </Provider>
  );
};

export default ShareDialog;
