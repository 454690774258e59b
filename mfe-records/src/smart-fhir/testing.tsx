/** Test helpers of the Smart FHIR page (never imported by the app): sources, rows and their calls. */
import { act } from '@testing-library/react';
import SmartFhirPage from './SmartFhirPage';
import {
  SMART_FHIR_API,
  type SmartFhirIdentifier,
  type SmartFhirQueryAnswer,
  type SmartFhirStudyRow,
} from '@portal/contracts';
import { fakeApi, type FakeCall, renderAt } from '../testing';

export const RIVERSIDE = { id: 'fac-riverside', name: 'Riverside Imaging' };
export const NORTHSIDE = { id: 'fac-northside', name: 'Northside Hospital' };

export const source = (
  identifier: string,
  facility = RIVERSIDE,
  kind: SmartFhirIdentifier['kind'] = 'dicomweb',
): SmartFhirIdentifier => ({ identifier, facility, kind });

export const studyRow = (id: string, over: Partial<SmartFhirStudyRow> = {}): SmartFhirStudyRow => ({
  id,
  modality: 'CT',
  study_description: `Study ${id}`,
  referring_physician: 'Dr. Rivera',
  custom_query_items: [{ tag: '00080050', value: `ACC-${id}` }],
  facility: RIVERSIDE,
  study_date: '2025-03-01',
  number_of_instances: 120,
  can_move: false,
  patient_request_id: null,
  ...over,
});

/** `count` rows r1, r2, ... dated one day apart, newest first. */
export const manyRows = (count: number, facility = RIVERSIDE): SmartFhirStudyRow[] =>
  Array.from({ length: count }, (_, i) =>
    studyRow(`r${i + 1}`, {
      facility,
      study_date: new Date(Date.UTC(2025, 5, 30 - i)).toISOString().slice(0, 10),
    }),
  );

export const pending = (data: SmartFhirStudyRow[] = []): SmartFhirQueryAnswer => ({
  is_ready: false,
  data,
  error: null,
});
export const ready = (data: SmartFhirStudyRow[] = []): SmartFhirQueryAnswer => ({
  is_ready: true,
  data,
  error: null,
});
export const failed = (error: string): SmartFhirQueryAnswer => ({ is_ready: true, data: [], error });

/** An answer of loadGridByIdentifier, or a failed call ([status, body]). */
export type ScriptedAnswer = SmartFhirQueryAnswer | [number, unknown];

export interface SmartFhirFake {
  /** initLoadGrid's sources: the first list for the first call, the next for the next (the last repeats). */
  inits?: SmartFhirIdentifier[][];
  /** Each identifier's answers in the order asked; its last answer repeats. */
  answers?: Record<string, ScriptedAnswer[]>;
  /** generatePatientRequestFromCfindResponse's answer. */
  generate?: [number, unknown];
}

const nth = <T,>(list: T[], n: number): T => list[Math.min(n, list.length - 1)];

export const fakeSmartFhir = ({ inits = [[]], answers = {}, generate }: SmartFhirFake): FakeCall[] => {
  const asked = new Map<string, number>();
  let initCalls = 0;
  return fakeApi({
    [`GET ${SMART_FHIR_API.initLoadGrid}`]: () => [200, { identifiers: nth(inits, initCalls++) }],
    [`GET ${SMART_FHIR_API.loadGridByIdentifier}`]: (call) => {
      const id = call.query.get('identifier') ?? '';
      const n = asked.get(id) ?? 0;
      asked.set(id, n + 1);
      const script = answers[id];
      if (!script) return [404, { statusCode: 404, code: 'RESOURCE.NOT_FOUND', message: 'Not found' }];
      const a = nth(script, n);
      return Array.isArray(a) ? a : [200, a];
    },
    [`POST ${SMART_FHIR_API.generatePatientRequestFromCfindResponse}`]: generate ?? [
      201,
      { patientRequestId: 'pr-1', status: 'New' },
    ],
  });
};

/** How many times an identifier was polled. */
export const pollsOf = (calls: FakeCall[], identifier: string): number =>
  calls.filter(
    (c) => c.path === SMART_FHIR_API.loadGridByIdentifier && c.query.get('identifier') === identifier,
  ).length;

export const initCalls = (calls: FakeCall[]): FakeCall[] =>
  calls.filter((c) => c.path === SMART_FHIR_API.initLoadGrid);

/** Lets fake time pass (answers are promises, so they land between the timers). */
export const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** Two identifiers, as initLoadGrid answers them. */
export const A = 'a0000000-0000-4000-8000-00000000000a';
export const B = 'b0000000-0000-4000-8000-00000000000b';

/** The page at /smart-fhir against `fake`, after its first calls; answers the calls made. */
export const openPage = async (fake: SmartFhirFake) => {
  const calls = fakeSmartFhir(fake);
  renderAt('/smart-fhir', <SmartFhirPage />);
  await advance(0);
  return calls;
};
