import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, RECORDS_API } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { gridProtocol, gridRow } from '../grid/testing';
import SharedRecords from './SharedRecords';

const BASE = '/patient/sharing-records/sharing-details/p1';
const ROUTE = '/patient/sharing-records/sharing-details/:id/*';

/** Cards never come into view here, so no thumbnail is fetched. */
class NeverVisible {
  observe() {}
  disconnect() {}
}

describe('the sharing-details child views (records spec §2.2, issue 24 #5)', () => {
  beforeEach(() => {
    signIn();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = NeverVisible;
  });

  const rows = Array.from({ length: 6 }, (_v, i) => gridRow(i));

  it("all-requests lists the owner's records the person sees (the grid's sharedWith), 4 first, Remove instead of Share; Remove asks, then takes the record", async () => {
    const calls = fakeApi(gridProtocol(rows));
    const onRemove = jest.fn().mockResolvedValue(true);
    renderAt(BASE, <SharedRecords personId="p1" basePath={BASE} onRemove={onRemove} />, ROUTE);
    // The index goes to all-requests.
    expect(await screen.findByTestId('shared-view-all-requests')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('all-studies-header').textContent).toBe('All Studies (6)'));
    expect(
      calls.filter((c) => c.path === RECORDS_API.loadGrid).every((c) => c.query.get('sharedWith') === 'p1'),
    ).toBe(true);
    expect(screen.getAllByTestId('study-card')).toHaveLength(4);
    fireEvent.click(screen.getByTestId('records-load-more'));
    expect(screen.getAllByTestId('study-card')).toHaveLength(6);
    const card = screen.getAllByTestId('study-card')[0];
    expect(within(card).queryByTestId('record-share')).toBeNull();
    fireEvent.click(within(card).getByTestId('record-remove'));
    expect(screen.getByTestId('remove-record-access-text').textContent).toBe(
      MESSAGES.removeRecordAccessConfirm,
    );
    fireEvent.click(screen.getByTestId('remove-record-access-confirm'));
    await waitFor(() =>
      expect(onRemove).toHaveBeenCalledWith({
        patientRequestId: rows[0].patientRequestId,
        studyUid: rows[0].study_instance_uid,
        documentId: null,
      }),
    );
  });

  it('a card opens the record view inside sharing details, back to the person; openRequests says nothing is shared there', async () => {
    fakeApi(gridProtocol(rows));
    renderAt(
      `${BASE}/all-requests`,
      <SharedRecords personId="p1" basePath={BASE} onRemove={jest.fn()} />,
      ROUTE,
    );
    fireEvent.click(within((await screen.findAllByTestId('study-card'))[0]).getByTestId('record-view'));
    expect(await screen.findByTestId('record-view')).toBeTruthy();
    expect(screen.getByTestId('back-button').textContent).toContain('Back to Sharing');

    fakeApi(gridProtocol(rows));
    renderAt(
      `${BASE}/openRequests`,
      <SharedRecords personId="p1" basePath={BASE} onRemove={jest.fn()} />,
      ROUTE,
    );
    expect((await screen.findByTestId('records-empty')).textContent).toContain(MESSAGES.noOpenRequests);
  });

  it("a request's status inside sharing details goes back to the person's records, not to My Records", async () => {
    fakeApi({});
    renderAt(
      `${BASE}/review-request-details/r1`,
      <SharedRecords personId="p1" basePath={BASE} onRemove={jest.fn()} />,
      ROUTE,
    );
    const back = await screen.findByTestId('back-button');
    expect(back.textContent).toContain('Back to Sharing');
    fireEvent.click(back);
    expect(await screen.findByTestId('shared-view-all-requests')).toBeTruthy();
  });
});
