import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { InstanceRepository, ViewerInstanceRow } from '../../instances/instance.repository';
import type { StudyAccess } from '../../studies/study-access/study-access';
import { tokenNotForStudy } from '../../imaging.errors';
import { GetViewerStudy, namesOf } from './get-viewer-study';

const row = (series: string, seriesNumber: number | null, instance: string, instanceNumber: number | null, frames = 1): ViewerInstanceRow => ({
  series_uid: series,
  series_number: seriesNumber,
  modality: 'MR',
  series_description: '',
  instance_uid: instance,
  instance_number: instanceNumber,
  frames,
  study_description: 'Brain',
  study_date: '2020-01-02',
  patient_name: 'Doe^Jane^Q',
});

describe('GetViewerStudy', () => {
  const setup = (rows: ViewerInstanceRow[]) => {
    const fake = fakeUseCaseKit();
    const grant = { sub: 'link:x', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const };
    const readerOf = jest.fn(async () => ({ grant }));
    const ownerFor = jest.fn(async (_db, _reader, study: string) => {
      if (study !== '1.2.3') throw tokenNotForStudy();
      return 'u1';
    });
    const viewerInstances = jest.fn(async () => rows);
    const useCase = new GetViewerStudy(fake.kit, stub<StudyAccess>({ readerOf, ownerFor }, 'access'), stub<InstanceRepository>({ viewerInstances }, 'instances'));
    return { fake, useCase, viewerInstances };
  };
  const req = { headers: { 'image-viewer-token': 't' } };

  it('groups the ordered rows into series with their instances and frames, the header from the index, audited', async () => {
    const { fake, useCase, viewerInstances } = setup([row('1.2.3.1', 1, '1.2.3.1.1', 1), row('1.2.3.1', 1, '1.2.3.1.2', 2), row('1.2.3.2', 2, '1.2.3.2.1', null, 96)]);
    const study = await useCase.execute(req, '1.2.3', testCaller(null));
    expect(viewerInstances).toHaveBeenCalledWith(fake.kit.db, 'u1', '1.2.3');
    expect(study).toEqual({
      study_uid: '1.2.3',
      modality: 'MR',
      study_description: 'Brain',
      study_date: '2020-01-02',
      patient_first_name: 'Jane',
      patient_last_name: 'Doe',
      total_instances: 3,
      series: [
        { series_uid: '1.2.3.1', series_number: 1, modality: 'MR', series_description: '', instances: [{ instance_uid: '1.2.3.1.1', instance_number: 1, frame: 1 }, { instance_uid: '1.2.3.1.2', instance_number: 2, frame: 1 }] },
        { series_uid: '1.2.3.2', series_number: 2, modality: 'MR', series_description: '', instances: [{ instance_uid: '1.2.3.2.1', instance_number: null, frame: 96 }] },
      ],
    });
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'imaging.viewer-study-read', resourceId: '1.2.3', subjectId: 'u1', detail: { tokenOf: 'link:x' } })]);
  });

  it('refuses a study the token was not issued for (403) and answers 404 for a study without instances, auditing nothing', async () => {
    const { fake, useCase } = setup([]);
    await expect(useCase.execute(req, '9.9.9', testCaller(null))).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    await expect(useCase.execute(req, '1.2.3', testCaller(null))).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    expect(fake.audit).toEqual([]);
  });

  it('reads DICOM person names, with or without a first name', () => {
    expect(namesOf('Doe^Jane')).toEqual({ first: 'Jane', last: 'Doe' });
    expect(namesOf('Anonymized')).toEqual({ first: '', last: 'Anonymized' });
    expect(namesOf('')).toEqual({ first: '', last: '' });
  });
});
