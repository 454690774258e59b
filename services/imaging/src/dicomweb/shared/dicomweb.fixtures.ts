import { stub } from '@portal/server-kit/testing';
import { studyNotFound } from '../../imaging.errors';
import type { DicomwebReader } from './dicomweb-reader';

/** A reader who holds study '1.2.3' as user 'u1' (the access policy's answer); any other study is not theirs (404). */
export const readerOfStudy = (): DicomwebReader =>
  stub<DicomwebReader>(
    {
      studyOf: async (_reader, study) => {
        if (study !== '1.2.3') throw studyNotFound();
        return { owner: 'u1', reason: { kind: 'owner' } };
      },
      scopeOf: (reader) => ({
        owner: reader.userId ?? reader.grant!.owner,
        studies: reader.grant ? reader.grant.studies : null,
      }),
    },
    'readers',
  );

export const USER = { userId: 'u1' } as const;
