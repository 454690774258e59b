import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { IMAGING_API } from '@portal/contracts';
import { useObjectUrl } from '@portal/api';

/** Whether an element has come into view once (always true where IntersectionObserver is missing). */
const useSeen = <E extends HTMLElement>() => {
  const ref = useRef<E>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
};

type ThumbState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/** The study route wants the bearer, which an <img src> does not send: the bytes come through useObjectUrl. */
const PNG = { headers: { Accept: 'image/png' } };

/**
 * The study's PNG thumbnail (rendered by the imaging context from its own DICOM), shown through an
 * object URL that is revoked when the card goes; `enabled` false (a card not in view) fetches nothing.
 */
export const useThumbnail = (studyInstanceUid: string | null, enabled: boolean): ThumbState => {
  const bytes = useObjectUrl(
    studyInstanceUid && enabled ? IMAGING_API.thumbnail(studyInstanceUid) : null,
    PNG,
  );
  if (!studyInstanceUid || bytes.status === 'failed') return { kind: 'failed' };
  return bytes.status === 'ready' ? { kind: 'ready', url: bytes.url } : { kind: 'loading' };
};

/** A study's thumbnail, fetched once the card is in view; the modality in a box when there is none. */
export const Thumbnail = ({
  studyInstanceUid,
  modality,
  label,
  size = 72,
}: {
  studyInstanceUid: string | null;
  modality: string | null;
  label: string;
  size?: number;
}) => {
  const SIZE = { width: size, height: size };
  const { ref, seen } = useSeen<HTMLDivElement>();
  const state = useThumbnail(studyInstanceUid, seen);
  return (
    <Box
      ref={ref}
      sx={{
        ...SIZE,
        flex: '0 0 auto',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.900',
        color: 'grey.100',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {state.kind === 'ready' ? (
        <Box
          component="img"
          src={state.url}
          alt={`Thumbnail of ${label}`}
          data-testid="study-thumbnail"
          sx={{ ...SIZE, objectFit: 'cover' }}
        />
      ) : (
        <Box
          component="span"
          role="img"
          aria-label={`${modality ?? 'Study'} placeholder`}
          data-testid="study-thumbnail-placeholder"
          data-state={state.kind}
          sx={{ fontWeight: 700, fontSize: size < 60 ? 12 : 16 }}
        >
          {modality || 'IMG'}
        </Box>
      )}
    </Box>
  );
};
