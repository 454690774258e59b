import { acceptedSyntaxes, frameSyntaxFor, swapSamples } from './frame-syntax';

const EXPLICIT = '1.2.840.10008.1.2.1';
const BIG = '1.2.840.10008.1.2.2';
const JPEG_LS = '1.2.840.10008.1.2.4.80';
const accept = (ts: string) => `multipart/related; type="application/octet-stream"; transfer-syntax=${ts}`;

describe('frame transfer syntax', () => {
  it("reads the syntaxes an Accept header asks, '*' when it names none", () => {
    expect(acceptedSyntaxes(undefined)).toEqual(['*']);
    expect(acceptedSyntaxes('*/*')).toEqual(['*']);
    expect(acceptedSyntaxes(`${accept(JPEG_LS)}, ${accept('*')}`)).toEqual([JPEG_LS, '*']);
    expect(acceptedSyntaxes('multipart/related; type=application/octet-stream')).toEqual(['*']);
  });

  it('sends native data as explicit little endian, big endian as stored or swapped, compressed as stored', () => {
    expect(frameSyntaxFor(accept('*'), '1.2.840.10008.1.2')).toEqual({ syntax: EXPLICIT, swap: false });
    expect(frameSyntaxFor(undefined, '1.2.840.10008.1.2.1.99')).toEqual({ syntax: EXPLICIT, swap: false });
    expect(frameSyntaxFor(accept('*'), BIG)).toEqual({ syntax: BIG, swap: false });
    expect(frameSyntaxFor(accept(EXPLICIT), BIG)).toEqual({ syntax: EXPLICIT, swap: true });
    expect(frameSyntaxFor(accept(JPEG_LS), JPEG_LS)).toEqual({ syntax: JPEG_LS, swap: false });
    expect(frameSyntaxFor(`${accept(EXPLICIT)}, ${accept('*')}`, JPEG_LS)).toEqual({
      syntax: JPEG_LS,
      swap: false,
    });
  });

  it('answers 406 for an uncompressed syntax asked of compressed frames, naming both', () => {
    expect(() => frameSyntaxFor(accept(EXPLICIT), JPEG_LS)).toThrow(
      expect.objectContaining({ code: 'REQUEST.NOT_ACCEPTABLE', message: expect.stringContaining(JPEG_LS) }),
    );
  });

  it('swaps 16 and 32 bit samples', () => {
    expect([...swapSamples(Buffer.from([1, 2, 3, 4]), 2)]).toEqual([2, 1, 4, 3]);
    expect([...swapSamples(Buffer.from([1, 2, 3, 4]), 4)]).toEqual([4, 3, 2, 1]);
  });
});
