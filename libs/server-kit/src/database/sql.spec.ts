import { escapeLike } from './sql';

describe('escapeLike', () => {
  it('makes the wildcards and the escape character of typed text match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('records.self-upload')).toBe('records.self-upload');
  });
});
