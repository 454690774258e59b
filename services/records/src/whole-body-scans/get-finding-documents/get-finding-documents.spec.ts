import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ScanRepository } from '../scan.repository';
import { aScan } from '../test-fixtures';
import { GetFindingDocuments } from './get-finding-documents';

describe('GetFindingDocuments', () => {
  const setup = (finding: boolean) => {
    const fake = fakeUseCaseKit();
    const scans = stub<ScanRepository>({
      findOwned: jest.fn().mockResolvedValue(aScan()),
      findingExists: jest.fn().mockResolvedValue(finding),
      documents: jest.fn().mockResolvedValue([
        { id: 'n2', kind: 'NEXT_STEP', value: { title: 'Second', enable: false }, position: 1 },
        {
          id: 'n1',
          kind: 'NEXT_STEP',
          value: { title: 'First', subtitle: 'soon', content: 'c' },
          position: 0,
        },
        { id: 'p1', kind: 'PDF_REPORT', value: { file_name: 'r.pdf' }, position: 0 },
        {
          id: 'k1',
          kind: 'KEY_IMAGE',
          value: {
            study_instance_uid: '1.2',
            series_instance_uid: '1.2.3',
            sop_instance_uid: '1.2.3.4',
            frame: 1,
            caption: 'LAD',
          },
          position: 0,
        },
      ]),
    });
    return { fake, useCase: new GetFindingDocuments(fake.kit, scans) };
  };

  it('sorts the documents of a finding by kind and position', async () => {
    const { fake, useCase } = setup(true);
    const docs = await useCase.execute('u1', 's1', 'f1', testCaller('u1'));
    expect(docs.key_images).toEqual([
      {
        id: 'k1',
        study_instance_uid: '1.2',
        series_instance_uid: '1.2.3',
        sop_instance_uid: '1.2.3.4',
        frame: 1,
        caption: 'LAD',
      },
    ]);
    expect(docs.pdf_reports).toEqual([{ id: 'p1', value: { file_name: 'r.pdf' } }]);
    expect(docs.recommended_next_steps).toEqual([
      { id: 'n1', value: { title: 'First', subtitle: 'soon', content: 'c', enable: true } },
      { id: 'n2', value: { title: 'Second', subtitle: '', content: '', enable: false } },
    ]);
    expect(fake.audit).toHaveLength(1);
  });

  it('answers 404 for a finding of another scan', async () => {
    await expect(setup(false).useCase.execute('u1', 's1', 'fx', testCaller('u1'))).rejects.toMatchObject({
      message: 'Finding not found',
    });
  });
});
