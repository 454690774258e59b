import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/**
 * What the footer's links open (records spec §2.7 names the links, not their words: these are ours). In
 * a dialog on the page, so someone who typed the link's password does not lose the viewer to read them.
 */
export const FOOTER_PAGES = {
  about: {
    title: 'About',
    text: [
      'Patient Portal lets patients request their medical records and imaging from the facilities that hold them, keep them in one place, view them and share them.',
      'This page shows what a patient chose to share with you. The link and its password came from the patient; the images are shown as the facility sent them.',
    ],
  },
  terms: {
    title: 'Terms of Service',
    text: [
      'Use this link only for the care or the purpose the patient shared it for. Do not pass the link or its password on to anyone the patient did not mean to see these records.',
      'Images and reports are shown as the facility delivered them. They are a copy for viewing, not a replacement for the facility’s own record or for a clinician’s reading.',
      'The patient can end this link at any time; it then stops opening.',
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    text: [
      'Each opening of this link is recorded (when, and from which address) so the patient can see who looked at what they shared.',
      'Nothing you enter here is kept beyond checking the password, and no account is made for you.',
      'The records stay with the patient’s account; downloads you make are yours to keep safe.',
    ],
  },
} as const;

type FooterPage = keyof typeof FOOTER_PAGES;

/** The public viewer's footer (records spec §2.7): copyright, About, Terms of Service, Privacy Policy. */
export const ViewerFooter = () => {
  const [open, setOpen] = useState<FooterPage | null>(null);
  const page = open ? FOOTER_PAGES[open] : null;
  return (
    <Box
      component="footer"
      data-testid="viewer-footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'center',
        p: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2">© {new Date().getFullYear()} Patient Portal</Typography>
      {(Object.keys(FOOTER_PAGES) as FooterPage[]).map((key) => (
        <Link
          key={key}
          component="button"
          type="button"
          variant="body2"
          onClick={() => setOpen(key)}
          data-testid={`viewer-footer-${key}`}
        >
          {FOOTER_PAGES[key].title}
        </Link>
      ))}
      <Dialog
        open={Boolean(page)}
        onClose={() => setOpen(null)}
        aria-labelledby="viewer-footer-title"
        data-testid="viewer-footer-dialog"
      >
        <DialogTitle id="viewer-footer-title">{page?.title}</DialogTitle>
        <DialogContent>
          {page?.text.map((p) => (
            <Typography key={p} sx={{ mb: 1.5 }}>
              {p}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
