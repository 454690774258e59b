import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';

/** Whether a box's content runs past its right edge, and is not scrolled to the end yet. */
const useOverflowRight = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ overflows: false, more: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflows = el.scrollWidth > el.clientWidth + 1;
    const more = overflows && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setState((s) => (s.overflows === overflows && s.more === more ? s : { overflows, more }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => observer?.disconnect();
  }, [measure]);
  return { ref, measure, ...state };
};

/**
 * A table that is wider than a phone scrolls sideways inside this box: a line above it says so and a
 * shadow on the right edge shows that columns follow, until the last one is in view. The box can be
 * focused and scrolled with the arrow keys (axe: scrollable regions must be keyboard accessible).
 */
export const ScrollableTable = ({
  label,
  children,
  testId = 'scrollable-table',
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) => {
  const { ref, measure, overflows, more } = useOverflowRight();
  return (
    <Box>
      {overflows ? (
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-hint`} sx={{ mb: 1 }}>
          Scroll sideways to see all columns →
        </Typography>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={ref}
          role="region"
          aria-label={label}
          tabIndex={0}
          onScroll={measure}
          data-testid={testId}
          data-more-columns={more || undefined}
          // Positioned, so absolutely placed content (visually hidden headers) scrolls and clips with the table.
          sx={{
            position: 'relative',
            overflowX: 'auto',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {children}
        </Box>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: 0,
            right: 0,
            bottom: 0,
            width: 24,
            pointerEvents: 'none',
            opacity: more ? 1 : 0,
            transition: 'opacity 150ms',
            background: 'linear-gradient(to right, rgba(0,0,0,0), rgba(0,0,0,0.15))',
          }}
        />
      </Box>
    </Box>
  );
};

/** Rows per page of the portal's grids (records spec §9): 50 by default, or 100 or 200. */
export const ROWS_PER_PAGE_OPTIONS = [50, 100, 200];

/** The pager under a grid; a new page size goes back to the first page. */
export const TablePager = (p: {
  count: number;
  page: number;
  rowsPerPage: number;
  onChange: (page: number, rowsPerPage: number) => void;
  testId?: string;
}) => (
  <TablePagination
    component="div"
    count={p.count}
    page={p.page}
    rowsPerPage={p.rowsPerPage}
    rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
    onPageChange={(_e, page) => p.onChange(page, p.rowsPerPage)}
    onRowsPerPageChange={(e) => p.onChange(0, Number(e.target.value))}
    data-testid={p.testId}
  />
);
