import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, SMART_FHIR_API, SMART_FHIR_PAGE_SIZE } from '@portal/contracts';
import { signIn } from '../testing';
import { A, B, openPage as open, NORTHSIDE, advance, manyRows, ready, source, studyRow } from './testing';

const rows = () => screen.queryAllByTestId('smart-fhir-row');
const rowById = (id: string) => rows().find((r) => r.getAttribute('data-row-id') === id)!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const MRI = studyRow('mri', {
  modality: 'MR',
  study_description: 'MRI Knee',
  referring_physician: '',
  custom_query_items: [
    { tag: '00081030', value: 'Knee' },
    { tag: '00080050', value: 'ACC-77' },
  ],
  facility: NORTHSIDE,
  study_date: null,
  can_move: true,
});
const CT = studyRow('ct', { study_date: '2024-11-03', patient_request_id: 'pr-old' });

describe('Smart FHIR page: the studies found', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    window.innerWidth = 1024;
  });

  it('shows one table of all sources, newest first, with the accession number, other items as chips, and Requested rows', async () => {
    await open({
      inits: [[source(A), source(B, NORTHSIDE)]],
      answers: { [A]: [ready([CT])], [B]: [ready([MRI])] },
    });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Modality',
      'Study description',
      'Referring physician',
      'Accession number',
      'Other query items',
      'Facility',
      'Study date',
      'Action',
    ]);
    expect(rows().map((r) => r.getAttribute('data-row-id'))).toEqual(['ct', 'mri']);
    expect(cells(rowById('ct')).slice(0, 7)).toEqual([
      'CT',
      'Study ct',
      'Dr. Rivera',
      'ACC-ct',
      '—',
      'Riverside Imaging',
      'Nov 03, 2024',
    ]);
    expect(cells(rowById('mri')).slice(0, 7)).toEqual([
      'MR',
      'MRI Knee',
      '—',
      'ACC-77',
      '00081030 Knee',
      'Northside Hospital',
      '—',
    ]);
    const requested = within(rowById('ct')).getByTestId('smart-fhir-requested') as HTMLButtonElement;
    expect(requested.textContent).toBe('Requested');
    expect(requested.disabled).toBe(true);
    expect(within(rowById('ct')).queryByTestId('smart-fhir-request')).toBeNull();
    expect(within(rowById('mri')).getByTestId('smart-fhir-request').getAttribute('aria-label')).toBe(
      'Request MR MRI Knee from Northside Hospital',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Studies found (2)');
  });

  it(`shows ${SMART_FHIR_PAGE_SIZE} rows first; Load more adds ${SMART_FHIR_PAGE_SIZE} more`, async () => {
    await open({ inits: [[source(A)]], answers: { [A]: [ready(manyRows(25))] } });
    expect(rows()).toHaveLength(10);
    expect(rows()[0].getAttribute('data-row-id')).toBe('r1');
    fireEvent.click(screen.getByTestId('smart-fhir-load-more'));
    expect(rows()).toHaveLength(20);
    fireEvent.click(screen.getByTestId('smart-fhir-load-more'));
    expect(rows()).toHaveLength(25);
    expect(screen.queryByTestId('smart-fhir-load-more')).toBeNull();
  });

  it('Request asks first, posts the cfindResponseId, shows the success toast and marks the row Requested', async () => {
    const calls = await open({ inits: [[source(B, NORTHSIDE)]], answers: { [B]: [ready([MRI])] } });
    fireEvent.click(within(rowById('mri')).getByTestId('smart-fhir-request'));
    const dialog = screen.getByTestId('smart-fhir-confirm');
    expect(within(dialog).getByTestId('smart-fhir-confirm-text').textContent).toBe(
      MESSAGES.smartFhirConfirm.replace('{facility}', 'Northside Hospital'),
    );
    expect(within(dialog).getByTestId('smart-fhir-confirm-move').textContent).toBe(MESSAGES.smartFhirCanMove);
    fireEvent.click(within(dialog).getByTestId('smart-fhir-confirm-ok'));
    expect(await screen.findByText(MESSAGES.requestGenerated)).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      [SMART_FHIR_API.generatePatientRequestFromCfindResponse, { cfindResponseId: 'mri' }],
    ]);
    const marker = within(rowById('mri')).getByTestId('smart-fhir-requested') as HTMLButtonElement;
    expect(marker.disabled).toBe(true);
    expect(within(rowById('mri')).queryByTestId('smart-fhir-request')).toBeNull();
  });

  it("a failed request is a red toast with the server's message; Cancel posts nothing", async () => {
    const calls = await open({
      inits: [[source(A)]],
      answers: { [A]: [ready([studyRow('x')])] },
      generate: [
        409,
        { statusCode: 409, code: 'REQUEST.EXISTS', message: 'This study was requested already' },
      ],
    });
    fireEvent.click(screen.getByTestId('smart-fhir-request'));
    expect(screen.queryByTestId('smart-fhir-confirm-move')).toBeNull();
    fireEvent.click(screen.getByTestId('smart-fhir-confirm-cancel'));
    await advance(500);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('smart-fhir-request'));
    fireEvent.click(screen.getByTestId('smart-fhir-confirm-ok'));
    expect(await screen.findByText('This study was requested already')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(within(rowById('x')).queryByTestId('smart-fhir-requested')).toBeNull();
  });

  it('on a phone the studies are cards with the same locators', async () => {
    window.innerWidth = 390;
    await open({ inits: [[source(B, NORTHSIDE)]], answers: { [B]: [ready([MRI])] } });
    expect(screen.queryByRole('table')).toBeNull();
    const card = rowById('mri');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('MR · MRI Knee');
    expect(card.textContent).toContain('ACC-77');
    expect(card.textContent).toContain('00081030 Knee');
    expect(within(card).getByTestId('smart-fhir-request').textContent).toBe('Request');
  });
});
