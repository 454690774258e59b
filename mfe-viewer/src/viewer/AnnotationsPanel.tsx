import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MeasurementTool } from '@portal/contracts';

// Drawing only (OHIF's platform/ui style): the Tools row and the lists of key images and measurements.

/** The Tools choices, in the words a clinician expects; '' is the default (window/level on the left button). */
export const TOOL_CHOICES: Array<{ value: MeasurementTool | ''; label: string }> = [
  { value: '', label: 'Window/level' },
  { value: 'Length', label: 'Length' },
  { value: 'Angle', label: 'Angle' },
  { value: 'EllipticalROI', label: 'Ellipse ROI' },
  { value: 'RectangleROI', label: 'Rectangle ROI' },
];

export interface AnnotationsPanelProps {
  /** The study's saved measurements and key images are read and drawn. */
  ready: boolean;
  tool: MeasurementTool | null;
  /** The picked tool is still loading: the left button changes window/level until it is ready. */
  toolLoading: boolean;
  onTool: (tool: MeasurementTool | null) => void;
  canWrite: boolean;
  shownIsKey: boolean;
  onToggleKey: () => void;
  /** The key images, each with its place in the stack ('Image 12') and how to show it. */
  keyImages: Array<{ id: string; label: string; onShow: () => void }>;
  measurements: Array<{ id: string; text: string; onRemove: () => void }>;
  /** Side by side: what may be shown beside the image ('' is one viewport), and the choice now. */
  compareChoices: Array<{ key: string; label: string }>;
  compareKey: string;
  onCompare: (key: string) => void;
  /** Why nothing is saved (a viewer who is not the owner), or why a save failed. */
  notes: string[];
  /** MPR: offered once a series that is a volume has loaded; the crosshairs move the planes while on. */
  mpr: {
    available: boolean;
    on: boolean;
    crosshairs: boolean;
    onToggle: () => void;
    onCrosshairs: () => void;
  };
}

/** A select that reads on the viewer's dark background. */
const SELECT_ON_DARK = {
  minWidth: 150,
  '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'grey.100' },
  '& fieldset': { borderColor: 'grey.600' },
} as const;

const STAR = 'M12 17.3 6.2 20.8l1.5-6.6L2.6 9.8l6.7-.6L12 3l2.7 6.2 6.7.6-5.1 4.4 1.5 6.6z';
const CROSS =
  'M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z';

/** A button that stays pressed while what it names is on (a key image, MPR, the crosshairs). */
const PressButton = (b: {
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
  icon?: string;
  children: string;
}) => (
  <Button
    variant={b.pressed ? 'contained' : 'outlined'}
    color="inherit"
    size="small"
    aria-pressed={b.pressed}
    disabled={b.disabled}
    onClick={b.onClick}
    data-testid={b.testId}
    startIcon={
      b.icon && (
        <SvgIcon fontSize="inherit" aria-hidden>
          <path d={b.icon} />
        </SvgIcon>
      )
    }
    sx={{ color: b.pressed ? 'grey.900' : 'grey.100', '&.Mui-disabled': { color: 'grey.600' } }}
  >
    {b.children}
  </Button>
);

export const AnnotationsPanel = (p: AnnotationsPanelProps) => (
  <Box
    data-testid="viewer-annotations"
    data-state={p.ready ? 'ready' : 'loading'}
    sx={{ px: 1, pb: 1, display: 'grid', gap: 1 }}
  >
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <TextField
        select
        size="small"
        // The label says when the picked tool is still loading; a line of help below would move the page.
        label={p.toolLoading ? 'Tools (loading…)' : 'Tools'}
        value={p.tool ?? ''}
        onChange={(e) => p.onTool((e.target.value || null) as MeasurementTool | null)}
        slotProps={{ htmlInput: { 'data-testid': 'viewer-tool', 'aria-busy': p.toolLoading } }}
        sx={SELECT_ON_DARK}
      >
        {TOOL_CHOICES.map((c) => (
          <MenuItem key={c.value || 'wl'} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {p.compareChoices.length > 0 && (
        <TextField
          select
          size="small"
          label="Side by side"
          value={p.compareKey}
          onChange={(e) => p.onCompare(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'viewer-compare' } }}
          sx={{ ...SELECT_ON_DARK, maxWidth: 320 }}
        >
          <MenuItem value="">Off</MenuItem>
          {p.compareChoices.map((c) => (
            <MenuItem key={c.key} value={c.key}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {p.mpr.available && (
        <PressButton pressed={p.mpr.on} onClick={p.mpr.onToggle} testId="viewer-mpr">
          MPR
        </PressButton>
      )}
      {p.mpr.on && (
        <PressButton pressed={p.mpr.crosshairs} onClick={p.mpr.onCrosshairs} testId="viewer-crosshairs">
          Crosshairs
        </PressButton>
      )}
      <PressButton
        pressed={p.shownIsKey}
        disabled={!p.canWrite}
        onClick={p.onToggleKey}
        testId="viewer-key-image"
        icon={STAR}
      >
        Key image
      </PressButton>
    </Box>
    {p.keyImages.length > 0 && (
      <Box
        data-testid="key-images"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
      >
        <Typography variant="body2" component="span" sx={{ mr: 0.5 }}>
          Key images
        </Typography>
        {p.keyImages.map((k) => (
          <Chip
            key={k.id}
            label={k.label}
            size="small"
            onClick={k.onShow}
            data-testid="key-image"
            sx={{ color: 'grey.100', borderColor: 'grey.600' }}
            variant="outlined"
          />
        ))}
      </Box>
    )}
    {p.measurements.length > 0 && (
      <Box component="ul" data-testid="measurements" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {p.measurements.map((m) => (
          <Box
            component="li"
            key={m.id}
            data-testid="measurement"
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <Typography variant="body2">{m.text}</Typography>
            {p.canWrite && (
              <IconButton
                aria-label={`Remove ${m.text}`}
                size="small"
                color="inherit"
                onClick={m.onRemove}
                data-testid="measurement-remove"
              >
                <SvgIcon fontSize="inherit" aria-hidden>
                  <path d={CROSS} />
                </SvgIcon>
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
    )}
    {p.notes.map((n) => (
      <Typography key={n} variant="body2" color="grey.400" data-testid="annotations-note">
        {n}
      </Typography>
    ))}
  </Box>
);
