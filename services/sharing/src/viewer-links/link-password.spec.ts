import { hashLinkPassword, linkPasswordMatches } from './link-password';

describe('link passwords', () => {
  it('match the password they were made from and no other, with a new salt each time', async () => {
    const a = await hashLinkPassword('Demo-viewer-1');
    const b = await hashLinkPassword('Demo-viewer-1');
    expect(a).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Demo-viewer-1');
    await expect(linkPasswordMatches('Demo-viewer-1', a)).resolves.toBe(true);
    await expect(linkPasswordMatches('demo-viewer-1', a)).resolves.toBe(false);
    await expect(linkPasswordMatches('', a)).resolves.toBe(false);
  });

  it('never match a stored value of another shape', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x$y', 'scrypt$$', 'scrypt$abc$short'])
      await expect(linkPasswordMatches('x', stored)).resolves.toBe(false);
  });
});
