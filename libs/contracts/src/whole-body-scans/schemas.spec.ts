import { convertSchema } from '@sodaru/yup-to-json-schema';
import { FINDING_DEPTH, publishScanSchema } from './schemas';
import type { FindingInput } from './types';

const T = '11111111-1111-4111-8111-111111111111';
const nested = (depth: number): FindingInput =>
  ({
    findingTypeId: T,
    outcome: 'MINOR_FINDING',
    children: depth > 1 ? [nested(depth - 1)] : [],
  }) as unknown as FindingInput;
const body = (depth: number) => ({
  patientRequestId: T,
  scanDate: '2026-01-01',
  patientSex: 'MALE',
  findings: [nested(depth)],
});

describe('publishScanSchema', () => {
  it('can be described for the OpenAPI: a bounded tree, not a recursive one', () => {
    expect(JSON.stringify(convertSchema(publishScanSchema))).toContain('children');
  });

  it('takes a findings tree FINDING_DEPTH deep and refuses a deeper one', async () => {
    await expect(publishScanSchema.validate(body(FINDING_DEPTH))).resolves.toBeTruthy();
    await expect(publishScanSchema.validate(body(FINDING_DEPTH + 1))).rejects.toThrow(
      `Findings nest at most ${FINDING_DEPTH} deep`,
    );
    await expect(publishScanSchema.validate({ ...body(1), findings: [] })).rejects.toThrow(
      'A scan needs at least one finding',
    );
    await expect(
      publishScanSchema.validate({
        ...body(1),
        findings: [{ ...nested(1), children: [{ findingTypeId: 'x', outcome: 'MINOR_FINDING' }] }],
      }),
    ).rejects.toThrow('Finding type must be a uuid');
  });
});
