import type { ViewerGrant } from '@portal/contracts';
import { tokenBasis, tokenCovers } from './viewer-token.rule';

const token = (over: Partial<ViewerGrant>): ViewerGrant => ({
  sub: 'u2',
  owner: 'u1',
  studies: ['1.2'],
  purpose: 'view',
  ...over,
});

describe('viewer-token rule', () => {
  it('names what each kind of token stands on', () => {
    expect(tokenBasis(token({ delivery: 'p1', sub: 'staff' }))).toEqual({
      kind: 'delivery',
      patientRequestId: 'p1',
    });
    expect(tokenBasis(token({ link: 'L1', sub: 'link:L1' }))).toEqual({ kind: 'link', linkId: 'L1' });
    expect(tokenBasis(token({ sub: 'link:L2' }))).toEqual({ kind: 'link', linkId: 'L2' });
    expect(tokenBasis(token({ sub: 'u1' }))).toEqual({ kind: 'owner' });
    expect(tokenBasis(token({ sub: 'recipient:r9' }))).toEqual({ kind: 'mailed-share', recipientId: 'r9' });
    expect(tokenBasis(token({}))).toEqual({ kind: 'share', viewerUserId: 'u2' });
  });

  it('reads only the studies it was issued for', () => {
    expect(tokenCovers(token({}), '1.2')).toBe(true);
    expect(tokenCovers(token({}), '1.3')).toBe(false);
  });
});
