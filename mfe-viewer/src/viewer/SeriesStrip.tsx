import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { DICOMWEB_ROOT, VIEWER_TOKEN_HEADER, type ViewerSeries } from '@portal/contracts';

/** A series' rendered thumbnail: fetched with the viewer token (an <img> cannot send the header). */
const useThumbnail = (study: string, series: string, token: string): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    fetch(`${DICOMWEB_ROOT}/studies/${study}/series/${series}/thumbnail`, { headers: { Accept: 'image/png, image/jpeg', [VIEWER_TOKEN_HEADER]: token } })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !live || typeof URL.createObjectURL !== 'function') return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      // A missing thumbnail only leaves the tile with its text.
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [study, series, token]);
  return url;
};

const SeriesTile = ({ study, series, token, selected, onSelect }: { study: string; series: ViewerSeries; token: string; selected: boolean; onSelect: () => void }) => {
  const thumbnail = useThumbnail(study, series.series_uid, token);
  const label = series.series_description || `Series ${series.series_number ?? ''}`.trim();
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={`${label}, ${series.instances.length} images`}
      data-testid="viewer-series"
      sx={{ flex: '0 0 auto', width: 88, flexDirection: 'column', p: 0.5, borderRadius: 1, border: 2, borderColor: selected ? 'primary.light' : 'transparent' }}
    >
      <Box sx={{ width: 76, height: 76, bgcolor: 'common.black', display: 'grid', placeItems: 'center' }}>
        {thumbnail ? <img src={thumbnail} alt="" width={76} height={76} style={{ objectFit: 'contain' }} /> : <Typography variant="caption">{series.modality}</Typography>}
      </Box>
      <Typography variant="caption" noWrap sx={{ width: '100%' }}>
        {label}
      </Typography>
    </ButtonBase>
  );
};

/** The series of the study as thumbnails; choosing one shows it. */
export const SeriesStrip = ({ study, series, token, selected, onSelect }: { study: string; series: ViewerSeries[]; token: string; selected: string | null; onSelect: (uid: string) => void }) =>
  series.length < 2 ? null : (
    <Box component="nav" aria-label="Series" sx={{ display: 'flex', gap: 1, overflowX: 'auto', px: 1, py: 0.5 }}>
      {series.map((s) => (
        <SeriesTile key={s.series_uid} study={study} series={s} token={token} selected={s.series_uid === selected} onSelect={() => onSelect(s.series_uid)} />
      ))}
    </Box>
  );
