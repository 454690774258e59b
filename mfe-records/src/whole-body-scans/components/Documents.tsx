import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  nextStepTone,
  type PdfReport,
  type RecommendedNextStep,
  type VideoReport,
} from '@portal/contracts';
import { EmptyState } from '@portal/ui';
import { TONE_COLORS } from './OutcomeChip';

/** A section's heading at the level its screen gives it. */
export const SectionTitle = ({ level = 3, children }: { level?: 2 | 3; children: string }) => (
  <Typography
    component={`h${level}`}
    variant={level === 2 ? 'h6' : 'subtitle1'}
    sx={{ fontWeight: 600, mb: 1 }}
  >
    {children}
  </Typography>
);

/** PDF reports, each to view in a new tab or to download. */
export const PdfReports = ({
  reports,
  onView,
  onDownload,
}: {
  reports: PdfReport[];
  onView: (report: PdfReport) => void;
  onDownload: (report: PdfReport) => void;
}) => (
  <List dense data-testid="wbs-pdf-reports" disablePadding>
    {reports.map((r) => (
      <ListItem key={r.id} data-testid="wbs-pdf-report" sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
        <Typography component="span" sx={{ flex: '1 1 160px', wordBreak: 'break-word' }}>
          {r.value.file_name}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => onView(r)} data-testid="wbs-pdf-view">
          View<Box component="span" sx={visuallyHidden}>{` ${r.value.file_name}`}</Box>
        </Button>
        <Button size="small" onClick={() => onDownload(r)} data-testid="wbs-pdf-download">
          Download<Box component="span" sx={visuallyHidden}>{` ${r.value.file_name}`}</Box>
        </Button>
      </ListItem>
    ))}
  </List>
);

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The recommended next steps that are enabled, each in the colour of its position (records spec §4). */
export const NextSteps = ({ steps }: { steps: RecommendedNextStep[] }) => {
  const enabled = steps.filter((s) => s.value.enable);
  if (enabled.length === 0)
    return <EmptyState text={MESSAGES.noRecommendedSteps} testId="wbs-next-steps-empty" />;
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      data-testid="wbs-next-steps"
    >
      {enabled.map((s, i) => {
        const tone = nextStepTone(i);
        return (
          <Paper
            component="li"
            key={s.id}
            variant="outlined"
            data-testid="wbs-next-step"
            data-tone={tone}
            sx={{ p: 1.5, borderLeft: 6, borderLeftColor: TONE_COLORS[tone] }}
          >
            <Typography sx={{ fontWeight: 600 }}>{s.value.title}</Typography>
            {s.value.subtitle ? (
              <Typography variant="body2" color="text.secondary">
                {s.value.subtitle}
              </Typography>
            ) : null}
            {s.value.content ? (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {s.value.content}
              </Typography>
            ) : null}
          </Paper>
        );
      })}
    </Box>
  );
};

/** The pathology findings of the scan (name and description). */
export const PathologyFindings = ({
  items,
}: {
  items: { id: string; name: string; description: string }[];
}) =>
  items.length === 0 ? (
    <EmptyState text={MESSAGES.noPathologyFindings} testId="wbs-pathology-empty" />
  ) : (
    <Box component="dl" sx={{ m: 0 }} data-testid="wbs-pathology">
      {items.map((p) => (
        <Box key={p.id} sx={{ mb: 1 }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {p.name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
            {p.description}
          </Typography>
        </Box>
      ))}
    </Box>
  );

/** The scan's video reports: pick one to play it. */
export const VideoReports = ({
  videos,
  loading,
  selectedId,
  onSelect,
  src,
}: {
  videos: VideoReport[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Where the selected video streams from, once known. */
  src: string | null;
}) => {
  if (loading) return <CircularProgress size={24} aria-label="Loading video reports" />;
  if (videos.length === 0) return <EmptyState text={MESSAGES.noVideoReports} testId="wbs-videos-empty" />;
  const selected = videos.find((v) => v.id === selectedId) ?? null;
  return (
    <Box data-testid="wbs-video-reports">
      <List dense disablePadding aria-label="Video reports">
        {videos.map((v) => (
          <ListItem key={v.id} disablePadding>
            <ListItemButton
              selected={v.id === selectedId}
              aria-pressed={v.id === selectedId}
              onClick={() => onSelect(v.id)}
              data-testid="wbs-video-report"
              sx={{ borderRadius: 1 }}
            >
              {v.file_name}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {selected ? (
        src ? (
          <Box
            component="video"
            controls
            preload="metadata"
            src={src}
            aria-label={selected.file_name}
            data-testid="wbs-video-player"
            sx={{ width: '100%', maxHeight: 360, mt: 1, bgcolor: 'common.black', borderRadius: 1 }}
          />
        ) : (
          <CircularProgress size={24} aria-label="Loading the video" sx={{ mt: 1 }} />
        )
      ) : null}
    </Box>
  );
};
