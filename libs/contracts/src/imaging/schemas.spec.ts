import { ValidationError } from 'yup';
import { MAX_KEY_IMAGES, MAX_MEASUREMENTS } from './api';
import { annotationListTooLong, saveStudyAnnotationsSchema } from './schemas';

const measurement = (over: Record<string, unknown> = {}) => ({
  id: '6f1c2b1e-0d5a-4f43-9a51-2b7f9d1e8c00',
  tool: 'Length',
  seriesUid: '1.2.840.113619.2.1',
  sopInstanceUid: '1.2.840.113619.2.1.1',
  frame: 1,
  points: [
    [-120.5, 33.25, 10],
    [-80, 40.125, 10],
  ],
  label: '42.1 mm',
  createdAt: '2026-01-02T03:04:05.678Z',
  ...over,
});
const set = (over: Record<string, unknown> = {}) => ({
  measurements: [measurement()],
  keyImages: [{ seriesUid: '1.2.3', sopInstanceUid: '1.2.3.4', frame: 2, note: 'Compare with last year' }],
  version: 0,
  ...over,
});

/** The messages of a body the schema refuses, by field. */
const refusals = async (body: unknown): Promise<Record<string, string>> => {
  try {
    await saveStudyAnnotationsSchema.validate(body, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    // As the server's pipe keeps them: the first message of each field.
    const errors: Record<string, string> = {};
    for (const i of e.inner) errors[i.path ?? '_'] ??= i.message;
    return errors;
  }
};

describe('saveStudyAnnotationsSchema', () => {
  it('takes a whole set of every tool, and an empty one', async () => {
    const angle = measurement({
      id: '7f1c2b1e-0d5a-4f43-9a51-2b7f9d1e8c01',
      tool: 'Angle',
      points: [
        [0, 0, 0],
        [1, 0, 0],
        [1, 1, 0],
      ],
    });
    const ellipse = measurement({
      id: '8f1c2b1e-0d5a-4f43-9a51-2b7f9d1e8c02',
      tool: 'EllipticalROI',
      points: [
        [0, 1, 0],
        [0, -1, 0],
        [-2, 0, 0],
        [2, 0, 0],
      ],
      label: undefined,
      createdAt: '2026-01-02T03:04:05+01:00',
    });
    const rectangle = measurement({ id: '9f1c2b1e-0d5a-4f43-9a51-2b7f9d1e8c03', tool: 'RectangleROI' });
    expect(await refusals(set({ measurements: [measurement(), angle, ellipse, rectangle] }))).toEqual({});
    expect(await refusals({ measurements: [], keyImages: [], version: 3 })).toEqual({});
  });

  it('keeps the points its tool has: a Length 2, an Angle 3, an ROI 2 to 4', async () => {
    expect(await refusals(set({ measurements: [measurement({ tool: 'Angle' })] }))).toEqual({
      'measurements[0].points': 'measurements[0].points: Angle takes 3 points, not 2',
    });
    expect(
      await refusals(
        set({
          measurements: [
            measurement({
              points: [
                [0, 0, 0],
                [1, 1, 1],
                [2, 2, 2],
              ],
            }),
          ],
        }),
      ),
    ).toEqual({ 'measurements[0].points': 'measurements[0].points: Length takes 2 points, not 3' });
    expect(
      await refusals(set({ measurements: [measurement({ tool: 'RectangleROI', points: [[0, 0, 0]] })] })),
    ).toMatchObject({ 'measurements[0].points': 'measurements[0].points must have at least 2 points' });
    expect(await refusals(set({ measurements: [measurement({ tool: 'Probe' })] }))).toMatchObject({
      'measurements[0].tool': expect.stringContaining(
        'must be one of Length, Angle, EllipticalROI, RectangleROI',
      ),
    });
  });

  it('refuses coordinates that are not finite numbers, and points that are not [x, y, z]', async () => {
    for (const bad of [NaN, Infinity, -Infinity, 'NaN', 'Infinity', null, {}]) {
      const errors = await refusals(
        set({
          measurements: [
            measurement({
              points: [
                [bad, 0, 0],
                [1, 1, 1],
              ],
            }),
          ],
        }),
      );
      expect(Object.keys(errors)).toEqual(['measurements[0].points[0][0]']);
    }
    expect(
      await refusals(
        set({
          measurements: [
            measurement({
              points: [
                [0, 0],
                [1, 1, 1],
              ],
            }),
          ],
        }),
      ),
    ).toEqual({
      'measurements[0].points[0]': 'measurements[0].points[0] must be a point [x, y, z] in millimetres',
    });
  });

  it('refuses a bad uuid, a measurement id used twice (in any case), and a frame marked twice', async () => {
    expect(await refusals(set({ measurements: [measurement({ id: 'not-a-uuid' })] }))).toEqual({
      'measurements[0].id': 'measurements[0].id must be a uuid',
    });
    const id = '6F1C2B1E-0D5A-4F43-9A51-2B7F9D1E8C00';
    expect(await refusals(set({ measurements: [measurement(), measurement({ id })] }))).toEqual({
      measurements: 'Each measurement needs an id of its own',
    });
    const key = { seriesUid: '1.2', sopInstanceUid: '1.2.3', frame: 1 };
    expect(await refusals(set({ keyImages: [key, { ...key, note: 'again' }] }))).toEqual({
      keyImages: 'A frame is marked as a key image once',
    });
  });

  it('refuses UIDs that are not DICOM UIDs, frames below 1, and a version that is not a whole number', async () => {
    const errors = await refusals(
      set({
        measurements: [measurement({ seriesUid: '1.2.3a', sopInstanceUid: '1.'.repeat(40) + '1', frame: 0 })],
        keyImages: [{ seriesUid: '../etc', sopInstanceUid: '1.2', frame: 1.5 }],
        version: -1,
      }),
    );
    expect(errors).toEqual({
      'measurements[0].seriesUid': 'measurements[0].seriesUid must be a DICOM UID (digits and dots)',
      'measurements[0].sopInstanceUid':
        'measurements[0].sopInstanceUid must be a DICOM UID of at most 64 characters',
      'measurements[0].frame': 'measurements[0].frame must be 1 or more (frames count from 1)',
      'keyImages[0].seriesUid': 'keyImages[0].seriesUid must be a DICOM UID (digits and dots)',
      'keyImages[0].frame': 'keyImages[0].frame must be a whole frame number',
      version: 'version must be 0 or more',
    });
    expect(await refusals({ measurements: [], keyImages: [] })).toEqual({ version: 'version is required' });
  });

  it('keeps labels and notes plain text of at most 200 characters, with a real ISO date', async () => {
    for (const label of ['a\nb', 'tab\there', 'x'.repeat(201), 'half \ud800 pair'])
      expect(Object.keys(await refusals(set({ measurements: [measurement({ label })] })))).toEqual([
        'measurements[0].label',
      ]);
    expect(await refusals(set({ measurements: [measurement({ label: '<b>4 cm</b> 😀 Ø' })] }))).toEqual({});
    for (const createdAt of ['yesterday', '2026-13-45T99:99:99Z', '2026-01-02'])
      expect(Object.keys(await refusals(set({ measurements: [measurement({ createdAt })] })))).toEqual([
        'measurements[0].createdAt',
      ]);
  });
});

describe('annotationListTooLong', () => {
  it('finds a list past its limit without reading its items', () => {
    expect(annotationListTooLong(set())).toBeNull();
    expect(annotationListTooLong({ measurements: new Array(MAX_MEASUREMENTS + 1).fill({}) })).toEqual({
      field: 'measurements',
      message: `A study keeps at most ${MAX_MEASUREMENTS} measurements`,
    });
    expect(annotationListTooLong({ keyImages: new Array(MAX_KEY_IMAGES + 1).fill(0) })?.field).toBe(
      'keyImages',
    );
    expect(
      annotationListTooLong(set({ measurements: [measurement({ points: new Array(5).fill([0, 0, 0]) })] })),
    ).toMatchObject({ field: 'measurements[0].points' });
    expect(
      annotationListTooLong(set({ measurements: [measurement({ points: [[0, 0, 0, 0]] })] })),
    ).toMatchObject({
      field: 'measurements[0].points[0]',
    });
    expect(annotationListTooLong('not an object')).toBeNull();
  });
});
