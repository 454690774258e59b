import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROVIDER_RECORD_TABS, type ProviderRecord } from '@portal/contracts';
import { queryError } from '@portal/api';
import { getUser } from '@portal/session';
import { EmptyState, PageFrame, toast, useDebouncedValue, useErrorToast } from '@portal/ui';
import { CardRow, RecordCard } from './RecordCard';
import { RecordsGrid } from './RecordsGrid';
import {
  CARDS_STEP,
  RECORD_TAB_LABELS,
  newRecordsPerRow,
  newestRecords,
  viewOf,
  viewQuery,
  type RecordsTab,
} from './records-view';
import { useWidth } from './useWidth';
import { useGetProviderRecordsQuery, useStarRecordMutation } from './welcome.api';

const SEARCH_DEBOUNCE_MS = 300;

/** Stars toggle at once; the call follows, and a refused call puts the star back. */
const useStars = () => {
  const [star] = useStarRecordMutation();
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const isStarred = (r: ProviderRecord) => pending[r.id] ?? r.starred;
  const toggle = (r: ProviderRecord) => {
    const starred = !isStarred(r);
    setPending((p) => ({ ...p, [r.id]: starred }));
    star({ documentId: r.id, starred })
      .unwrap()
      .catch((e: unknown) => {
        setPending((p) => ({ ...p, [r.id]: !starred }));
        toast.error(queryError(e).message, 'provider-star');
      });
  };
  return { isStarred, toggle };
};

/**
 * The provider's welcome page (records spec §2.8): the greeting, the search for patient and request,
 * the New records cards, and the records of a tab as a grid (by default, kept in the query string) or
 * as cards with Load more.
 */
export const WelcomeScreen = () => {
  const first = getUser()?.firstName ?? '';
  const [query, setQuery] = useSearchParams();
  const { tab, grid } = viewOf(query);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [cards, setCards] = useState(CARDS_STEP);
  const list = useGetProviderRecordsQuery({ tab, search: settled });
  const latest = useGetProviderRecordsQuery({ tab: 'all', search: '' });
  const stars = useStars();
  const row = useWidth<HTMLDivElement>();
  useErrorToast(list.error ?? latest.error);
  const go = (next: { tab: RecordsTab; grid: boolean }) => {
    setCards(CARDS_STEP);
    setQuery(viewQuery(next));
  };
  const records = list.data ?? [];
  const newest = newestRecords(latest.data ?? [], newRecordsPerRow(row.width));

  return (
    <PageFrame title={`Welcome, ${first}!`} testId="provider-welcome">
      <TextField
        label="Search patient or request"
        size="small"
        fullWidth
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: 480, mb: 3 }}
        slotProps={{ htmlInput: { 'data-testid': 'provider-search', maxLength: 100 } }}
      />
      <Box component="section" aria-labelledby="new-records-heading" sx={{ mb: 3 }} ref={row.ref}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="new-records-heading" component="h2" variant="h6">
            New records
          </Typography>
          <Link
            component={RouterLink}
            to={viewQuery({ tab: 'all', grid: true })}
            onClick={() => setCards(CARDS_STEP)}
            data-testid="provider-view-all"
          >
            View all
          </Link>
        </Box>
        {latest.isLoading ? null : newest.length === 0 ? (
          <EmptyState text={MESSAGES.noNewRecords} testId="provider-new-records-empty" />
        ) : (
          <CardRow testId="provider-new-records">
            {newest.map((r) => (
              <RecordCard
                key={r.id}
                record={r}
                starred={stars.isStarred(r)}
                onStar={() => stars.toggle(r)}
                testId="provider-new-record-card"
              />
            ))}
          </CardRow>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="tablist"
          aria-label="Record lists"
        >
          {PROVIDER_RECORD_TABS.map((t) => (
            <Chip
              key={t}
              label={RECORD_TAB_LABELS[t]}
              role="tab"
              aria-selected={tab === t}
              color={tab === t ? 'primary' : 'default'}
              variant={tab === t ? 'filled' : 'outlined'}
              onClick={() => go({ tab: t, grid })}
              data-testid={`provider-records-tab-${t}`}
            />
          ))}
        </Stack>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={grid ? 'grid' : 'cards'}
          onChange={(_e, v: string | null) => v && go({ tab, grid: v === 'grid' })}
          aria-label="Show records as"
        >
          <ToggleButton value="cards" data-testid="provider-view-cards">
            Cards
          </ToggleButton>
          <ToggleButton value="grid" data-testid="provider-view-grid">
            Grid
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {list.isFetching ? <LinearProgress aria-label="Loading records" /> : null}
      {!list.isLoading && !list.error && records.length === 0 ? (
        <EmptyState text={MESSAGES.noRecordsFound} testId="provider-records-empty" />
      ) : null}
      {records.length > 0 && grid ? (
        <RecordsGrid records={records} isStarred={stars.isStarred} onStar={stars.toggle} />
      ) : null}
      {records.length > 0 && !grid ? (
        <>
          <CardRow testId="provider-record-cards">
            {records.slice(0, cards).map((r) => (
              <RecordCard
                key={r.id}
                record={r}
                starred={stars.isStarred(r)}
                onStar={() => stars.toggle(r)}
                testId="provider-record-card"
              />
            ))}
          </CardRow>
          {cards < records.length ? (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => setCards((n) => n + CARDS_STEP)}
                data-testid="provider-records-load-more"
              >
                Load more
              </Button>
            </Box>
          ) : null}
        </>
      ) : null}
    </PageFrame>
  );
};
