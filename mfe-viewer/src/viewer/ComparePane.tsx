import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import type { StackDisplay } from './cornerstone/stack-display';
import { comparedIndex, type CompareChoice } from './compare';
import { useStackDisplay } from './use-stack-display';
import { useGetViewerStudyQuery, useGetViewerTokenQuery } from './viewer.api';
import { VIEWPORT_OVERLAY, VIEWPORT_SX, ViewportError } from './ViewerParts';

export interface ComparePaneProps {
  choice: CompareChoice;
  /** Where the leading viewport is: the compared one follows at the same fraction of its stack. */
  leadIndex: number;
  leadTotal: number;
  /** Scrolled by hand (wheel, touch): the leading viewport's image at the same place. */
  onScrolled: (leadIndex: number) => void;
  /** The compared display once it draws (its window/level is kept with the leading one's), null after. */
  onDisplay: (display: StackDisplay | null) => void;
}

/**
 * The second viewport of side by side: a series of the shown study or another study, scrolled with the
 * leading viewport and windowed with it. It reads the same way the leading one does (one streamed
 * request for its pixel data), with its own viewer token when it is another study.
 */
export const ComparePane = ({ choice, leadIndex, leadTotal, onScrolled, onDisplay }: ComparePaneProps) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const access = useGetViewerTokenQuery(choice.studyInstanceUid, { skip: Boolean(choice.token) });
  const token = choice.token ?? access.data?.jwt ?? '';
  const study = useGetViewerStudyQuery(
    { studyInstanceUid: choice.studyInstanceUid, organizationId: choice.organizationId, token },
    { skip: !token || Boolean(choice.seriesUid) },
  );
  const seriesUid =
    choice.seriesUid ?? study.data?.series.find((s) => s.instances.length)?.series_uid ?? null;
  /** The image this pane was last told to show: any other one it shows was scrolled to by hand. */
  const asked = useRef(0);
  const total = useRef(0);
  const { load, display } = useStackDisplay(element, choice.studyInstanceUid, seriesUid, token, (shown) => {
    if (shown !== asked.current) onScrolled(comparedIndex(shown, total.current, leadTotal));
  });
  total.current = load.usable;
  const ready = load.phase === 'ready' && display !== null;
  const index = comparedIndex(leadIndex, leadTotal, load.usable);

  useEffect(() => {
    onDisplay(ready ? display : null);
    return () => onDisplay(null);
  }, [ready, display, onDisplay]);
  useEffect(() => {
    asked.current = index;
    if (ready) void display.showImage(index);
  }, [ready, display, index]);

  const failed =
    access.isError || study.isError || load.phase === 'errorFetching' || load.phase === 'errorLoading';
  return (
    <Box
      data-testid="compare-pane"
      data-state={failed ? 'error' : ready ? 'ready' : 'loading'}
      sx={{ position: 'relative', minWidth: 0 }}
    >
      <Box
        role="img"
        aria-label={`Compared image ${index + 1} of ${load.usable}`}
        ref={setElement}
        data-testid="compare-viewport"
        onContextMenu={(e) => e.preventDefault()}
        sx={VIEWPORT_SX}
      />
      {failed && <ViewportError text={MESSAGES.errorFetchingImages} />}
      {/* Over the image, so the two viewports line up. */}
      <Typography
        variant="body2"
        noWrap
        sx={{ ...VIEWPORT_OVERLAY, top: 0, left: 0, right: 0 }}
        data-testid="compare-label"
      >
        {choice.label}
      </Typography>
      <Typography
        data-testid="compare-frame"
        variant="body2"
        sx={{ ...VIEWPORT_OVERLAY, bottom: 0, right: 0 }}
      >
        {load.usable ? `${index + 1} / ${load.usable}` : '0 / 0'}
      </Typography>
    </Box>
  );
};
