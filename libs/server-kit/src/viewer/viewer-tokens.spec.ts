import * as os from 'node:os';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ViewerTokens } from './viewer-tokens';

describe('ViewerTokens', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'viewer-tokens-'));
  const tokens = new ViewerTokens({ dataDir, viewerTokenSecret: undefined });
  const grant = { sub: 'u1', owner: 'u1', studies: ['1.2.3'], purpose: 'view' as const };

  it('answers the grant it signed, to every process sharing the data folder', async () => {
    const token = await tokens.sign(grant, 60);
    await expect(
      new ViewerTokens({ dataDir, viewerTokenSecret: undefined }).verify(token, 'view'),
    ).resolves.toMatchObject(grant);
  });

  it('refuses a token of another purpose, an expired one and a forged one', async () => {
    await expect(tokens.verify(await tokens.sign(grant, 60), 'download')).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
    await expect(tokens.verify(await tokens.sign(grant, -10), 'view')).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
    const other = new ViewerTokens({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'viewer-tokens-')),
      viewerTokenSecret: undefined,
    });
    await expect(tokens.verify(await other.sign(grant, 60), 'view')).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
  });

  it('carries nothing a holder can read: no user id, study or purpose in clear', async () => {
    const token = await tokens.sign(
      {
        sub: '6f1c2d1e-0000-4000-8000-000000000001',
        owner: '6f1c2d1e-0000-4000-8000-000000000002',
        studies: ['1.2.840.99'],
        purpose: 'download',
      },
      60,
    );
    const readable = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ');
    for (const secret of ['6f1c2d1e', '1.2.840.99', 'download']) expect(readable).not.toContain(secret);
    // An altered token is refused (the seal authenticates as well as hides).
    const parts = token.split('.');
    parts[3] = Buffer.from(Buffer.from(parts[3], 'base64url').map((b, i) => (i === 0 ? b ^ 1 : b))).toString(
      'base64url',
    );
    await expect(tokens.verify(parts.join('.'), 'download')).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
  });
});
