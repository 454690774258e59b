import { anApp } from '../test-fixtures';
import { RefuseWrites } from './refuse-writes';

describe('RefuseWrites', () => {
  const refuse = new RefuseWrites();

  it('answers 403 when the scopes do not allow the change (every grant today), naming the type', () => {
    expect(() => refuse.execute(anApp(['patient/ImagingStudy.rs']), 'ImagingStudy', 'c')).toThrow(
      expect.objectContaining({ code: 'AUTH.FORBIDDEN', message: expect.stringContaining('ImagingStudy') }),
    );
    expect(() => refuse.execute(anApp(), null, 'c')).toThrow(
      expect.objectContaining({ code: 'AUTH.FORBIDDEN' }),
    );
  });

  it('answers 405 (read-only, Allow: GET) when the scopes would allow it', () => {
    expect(() => refuse.execute(anApp(['patient/ImagingStudy.cruds']), 'ImagingStudy', 'd')).toThrow(
      expect.objectContaining({ code: 'REQUEST.METHOD_NOT_ALLOWED', headers: { allow: 'GET' } }),
    );
    expect(() => refuse.execute(anApp(['patient/*.write']), null, 'c')).toThrow(
      expect.objectContaining({ code: 'REQUEST.METHOD_NOT_ALLOWED' }),
    );
  });
});
