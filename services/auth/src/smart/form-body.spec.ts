import { parseForm } from './form-body';

describe('form bodies', () => {
  it('reads a token request', () => {
    expect(parseForm('grant_type=authorization_code&code=a%2Bb&redirect_uri=http%3A%2F%2Fx%2Fcb')).toEqual({
      grant_type: 'authorization_code',
      code: 'a+b',
      redirect_uri: 'http://x/cb',
    });
  });

  it('refuses a parameter sent twice', () => {
    expect(() => parseForm('code=a&code=b')).toThrow('code is sent more than once');
  });

  it('keeps __proto__ a plain key', () => {
    const form = parseForm('__proto__=x&grant_type=y');
    expect(Object.getPrototypeOf(form)).toBe(Object.prototype);
    expect(Object.keys(form)).toEqual(['__proto__', 'grant_type']);
  });
});
