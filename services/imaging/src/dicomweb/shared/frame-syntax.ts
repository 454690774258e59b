import { mediaTypeOf } from '@portal/contracts';
import { syntaxNotAcceptable } from '../../imaging.errors';
import {
  BIG_ENDIAN,
  DEFLATED,
  EXPLICIT_LITTLE,
  IMPLICIT_LITTLE,
} from '../../instances/dicom-index/frame-index';

/** How frames are answered: the syntax they are labelled with, and whether big endian samples are swapped. */
export interface FrameSyntax {
  syntax: string;
  swap: boolean;
}

/**
 * The transfer syntaxes an Accept header asks frames in, in order: '*' for any. A header that names
 * none (absent, `*\/*`, or a type without the parameter) is '*': the stored syntax (PS3.18 8.7.3.5).
 */
export const acceptedSyntaxes = (accept: string | undefined): string[] => {
  if (!accept) return ['*'];
  const wishes = accept
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((range) => mediaTypeOf(range).params['transfer-syntax'] ?? '*')
    .filter(Boolean);
  return wishes.length ? wishes : ['*'];
};

/**
 * The syntax frames are sent in. Native pixel data (implicit or explicit little endian, or deflated
 * and inflated at index time) is explicit little endian bytes; big endian is sent as stored for '*'
 * and byte-swapped when little endian is asked; a compressed syntax is sent as stored, and asking it
 * as uncompressed answers 406 (we do not decode on the server: the viewer decodes every syntax).
 */
export const frameSyntaxFor = (accept: string | undefined, stored: string): FrameSyntax => {
  const wishes = acceptedSyntaxes(accept);
  const native = stored === IMPLICIT_LITTLE || stored === EXPLICIT_LITTLE || stored === DEFLATED;
  for (const wish of wishes) {
    if (native && (wish === '*' || wish === EXPLICIT_LITTLE || wish === IMPLICIT_LITTLE))
      return { syntax: EXPLICIT_LITTLE, swap: false };
    if (stored === BIG_ENDIAN && (wish === EXPLICIT_LITTLE || wish === IMPLICIT_LITTLE))
      return { syntax: EXPLICIT_LITTLE, swap: true };
    if (wish === '*' || wish === stored) return { syntax: stored, swap: false };
  }
  throw syntaxNotAcceptable(wishes.join(', '), stored);
};

/** Big endian samples of `bytes` bytes each, as little endian (a copy). */
export const swapSamples = (data: Buffer, bytes: number): Buffer => {
  const out = Buffer.from(data);
  if (bytes === 2) out.swap16();
  else if (bytes === 4) out.swap32();
  return out;
};
