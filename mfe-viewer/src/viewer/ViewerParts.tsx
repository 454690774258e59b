import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { imagesLoadedPercent, imagesLoadedProgress } from '@portal/contracts';
import { WINDOW_PRESET_NAMES, type WindowPresetName } from './window-presets';

// Drawing only (OHIF's platform/ui style): these take props and call back; the logic lives in player.ts and the hooks.

/** A viewport's box: the full width of its column, 480 px high on a screen, most of a phone's width high. */
export const VIEWPORT_SX = {
  width: '100%',
  height: { xs: '62vw', sm: 480 },
  maxHeight: '70vh',
  minHeight: 240,
  bgcolor: 'common.black',
  touchAction: 'none',
} as const;

/** Text laid over a viewport's corner (a label, a frame count), readable on any image. */
export const VIEWPORT_OVERLAY = {
  position: 'absolute',
  px: 1,
  py: 0.25,
  bgcolor: 'rgba(0, 0, 0, 0.6)',
  pointerEvents: 'none',
} as const;

export interface HeaderFacts {
  modality: string;
  description: string;
  patientLastName: string;
  patientFirstName: string;
  organizationName?: string;
  date: string | null;
}

/** The viewer header (records spec §2.7): modality, description, patient last and first name, organization, date. */
export const ViewerHeader = ({ facts }: { facts: HeaderFacts }) => (
  <Box
    data-testid="viewer-header"
    sx={{
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: 2,
      rowGap: 0.5,
      alignItems: 'baseline',
      px: 1.5,
      py: 1,
    }}
  >
    <Typography component="span" sx={{ fontWeight: 700 }}>
      {facts.modality}
    </Typography>
    <Typography component="span">{facts.description}</Typography>
    <Typography component="span">
      {[facts.patientLastName, facts.patientFirstName].filter(Boolean).join(', ')}
    </Typography>
    {facts.organizationName && <Typography component="span">{facts.organizationName}</Typography>}
    {facts.date && <Typography component="span">{facts.date}</Typography>}
  </Box>
);

/** The progress circle: 'N out of M images loaded' with the percent rounded down. */
export const ViewerProgress = ({ loaded, total }: { loaded: number; total: number }) => {
  const percent = imagesLoadedPercent(loaded, total);
  return (
    <Box data-testid="viewer-progress" role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress
          variant="determinate"
          value={percent}
          size={44}
          color="inherit"
          aria-label={imagesLoadedProgress(loaded, total)}
        />
        <Typography
          component="span"
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 11 }}
        >
          {`${percent}%`}
        </Typography>
      </Box>
      <Typography variant="body2">{imagesLoadedProgress(loaded, total)}</Typography>
    </Box>
  );
};

const ToolButton = ({
  label,
  testId,
  disabled,
  onClick,
  children,
}: {
  label: string;
  testId: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Tooltip title={label}>
    <span>
      <IconButton
        aria-label={label}
        data-testid={testId}
        disabled={disabled}
        onClick={onClick}
        color="inherit"
        size="large"
        sx={{ '&.Mui-disabled': { color: 'grey.600' } }}
      >
        {children}
      </IconButton>
    </span>
  </Tooltip>
);

export interface ToolbarProps {
  canPrev: boolean;
  canNext: boolean;
  canPlay: boolean;
  playing: boolean;
  preset: WindowPresetName;
  onPrev: () => void;
  onNext: () => void;
  onPlay: () => void;
  onPause: () => void;
  onStop: () => void;
  onReset: () => void;
  onPreset: (p: WindowPresetName) => void;
}

// Icon paths of our own (no icon package in the portal): media glyphs of fonts are missing on many systems.
const ICONS = {
  prev: 'M15.5 5 8.5 12l7 7V5z',
  next: 'M8.5 5v14l7-7-7-7z',
  play: 'M7 4.5v15l12.5-7.5L7 4.5z',
  pause: 'M6.5 5h4v14h-4zM13.5 5h4v14h-4z',
  stop: 'M6 6h12v12H6z',
  reset: 'M12 5V2L7.5 6.5 12 11V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z',
} as const;

const Icon = ({ name }: { name: keyof typeof ICONS }) => (
  <SvgIcon fontSize="inherit" aria-hidden>
    <path d={ICONS[name]} />
  </SvgIcon>
);

export const ViewerToolbar = (p: ToolbarProps) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
    <ToolButton label="Previous image" testId="viewer-prev" disabled={!p.canPrev} onClick={p.onPrev}>
      <Icon name="prev" />
    </ToolButton>
    <ToolButton label="Next image" testId="viewer-next" disabled={!p.canNext} onClick={p.onNext}>
      <Icon name="next" />
    </ToolButton>
    <ToolButton label="Play" testId="viewer-play" disabled={!p.canPlay || p.playing} onClick={p.onPlay}>
      <Icon name="play" />
    </ToolButton>
    <ToolButton label="Pause" testId="viewer-pause" disabled={!p.canPlay || !p.playing} onClick={p.onPause}>
      <Icon name="pause" />
    </ToolButton>
    <ToolButton label="Stop" testId="viewer-stop" disabled={!p.canPlay} onClick={p.onStop}>
      <Icon name="stop" />
    </ToolButton>
    <ToolButton label="Reset" testId="viewer-reset" onClick={p.onReset}>
      <Icon name="reset" />
    </ToolButton>
    <TextField
      select
      size="small"
      label="Window"
      value={p.preset}
      onChange={(e) => p.onPreset(e.target.value as WindowPresetName)}
      slotProps={{ htmlInput: { 'data-testid': 'viewer-preset' } }}
      sx={{
        minWidth: 130,
        ml: 1,
        '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'grey.100' },
        '& fieldset': { borderColor: 'grey.600' },
      }}
    >
      {WINDOW_PRESET_NAMES.map((n) => (
        <MenuItem key={n} value={n}>
          {n === 'default' ? 'Default' : n}
        </MenuItem>
      ))}
    </TextField>
  </Box>
);

/** What shows instead of the viewer: no preview, being fetched, or an error. */
export const ViewerMessage = ({ text, tone = 'info' }: { text: string; tone?: 'info' | 'error' }) => (
  <Box
    role={tone === 'error' ? 'alert' : 'status'}
    data-testid="viewer-message"
    sx={{ minHeight: 240, display: 'grid', placeItems: 'center', p: 2, textAlign: 'center' }}
  >
    <Typography color={tone === 'error' ? 'error.light' : 'inherit'}>{text}</Typography>
  </Box>
);

/** An error laid over a viewport (its images could not be fetched or drawn). */
export const ViewportError = ({ text }: { text: string }) => (
  <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'grey.900' }}>
    <ViewerMessage tone="error" text={text} />
  </Box>
);
