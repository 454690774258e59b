import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { DICOMWEB_ROOT, type ViewerSeries } from '@portal/contracts';
import { useObjectUrl, withViewerToken } from '@portal/api';

/** A series' rendered thumbnail: an <img> cannot send the viewer token, so the bytes come through useObjectUrl. */
const useThumbnail = (study: string, series: string, token: string): string | null => {
  const bytes = useObjectUrl(
    `${DICOMWEB_ROOT}/studies/${study}/series/${series}/thumbnail`,
    withViewerToken(token, { Accept: 'image/png, image/jpeg' }),
  );
  // A missing thumbnail only leaves the tile with its text.
  return bytes.status === 'ready' ? bytes.url : null;
};

const SeriesTile = ({
  study,
  series,
  token,
  selected,
  onSelect,
}: {
  study: string;
  series: ViewerSeries;
  token: string;
  selected: boolean;
  onSelect: () => void;
}) => {
  const thumbnail = useThumbnail(study, series.series_uid, token);
  const label = series.series_description || `Series ${series.series_number ?? ''}`.trim();
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={`${label}, ${series.instances.length} images`}
      data-testid="viewer-series"
      sx={{
        flex: '0 0 auto',
        width: 88,
        flexDirection: 'column',
        p: 0.5,
        borderRadius: 1,
        border: 2,
        borderColor: selected ? 'primary.light' : 'transparent',
      }}
    >
      <Box sx={{ width: 76, height: 76, bgcolor: 'common.black', display: 'grid', placeItems: 'center' }}>
        {thumbnail ? (
          <img src={thumbnail} alt="" width={76} height={76} style={{ objectFit: 'contain' }} />
        ) : (
          <Typography variant="caption">{series.modality}</Typography>
        )}
      </Box>
      <Typography variant="caption" noWrap sx={{ width: '100%' }}>
        {label}
      </Typography>
    </ButtonBase>
  );
};

/** The series of the study as thumbnails; choosing one shows it. */
export const SeriesStrip = ({
  study,
  series,
  token,
  selected,
  onSelect,
}: {
  study: string;
  series: ViewerSeries[];
  token: string;
  selected: string | null;
  onSelect: (uid: string) => void;
}) =>
  series.length < 2 ? null : (
    <Box
      component="nav"
      aria-label="Series"
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', px: 1, py: 0.5 }}
    >
      {series.map((s) => (
        <SeriesTile
          key={s.series_uid}
          study={study}
          series={s}
          token={token}
          selected={s.series_uid === selected}
          onSelect={() => onSelect(s.series_uid)}
        />
      ))}
    </Box>
  );
