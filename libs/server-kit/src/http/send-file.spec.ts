import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { safeFileName, sendFile, USER_FILE_CSP } from './send-file';

/** A reply that keeps the headers it is given. */
const fakeReply = () => {
  const headers: Record<string, string> = {};
  const reply = {
    headers: (h: Record<string, string>) => Object.assign(headers, h),
  } as unknown as FastifyReply;
  return { reply, headers };
};

const served = (fileName: string, disposition: 'inline' | 'attachment' = 'inline') => {
  const { reply, headers } = fakeReply();
  sendFile(reply, { body: Buffer.from('%PDF-1.7'), contentType: 'application/pdf', fileName, disposition });
  return headers;
};

/** The parameters of a Content-Disposition, read the way RFC 6266 clients read them. */
const parameters = (header: string) => ({
  type: header.split(';')[0],
  filename: /; filename="([^"]*)"/.exec(header)?.[1],
  filenameStar: decodeURIComponent(/; filename\*=UTF-8''([^;\s]*)$/.exec(header)?.[1] ?? ''),
});

describe('safeFileName', () => {
  it.each([
    ['MRI brain report.pdf', 'MRI brain report.pdf'],
    ['../../etc/passwd', 'etc_passwd'],
    ['..\\..\\windows\\win.ini', 'windows_win.ini'],
    ['a"\r\nX-Evil: 1.pdf', 'a_X-Evil_ 1.pdf'],
    ['report\u0000.pdf', 'report_.pdf'],
    ['invoice\u202Efdp.exe', 'invoice_fdp.exe'],
    ['.hidden', 'hidden'],
    ['C:\\Users\\me\\scan.dcm', 'C_Users_me_scan.dcm'],
    ['Befund Müller – Röntgen.pdf', 'Befund Müller _ Röntgen.pdf'],
    ['снимок грудной клетки.pdf', 'снимок грудной клетки.pdf'],
    ['胸部CT.pdf', '胸部CT.pdf'],
  ])('%j is %j', (name, safe) => {
    expect(safeFileName(name, 'file')).toBe(safe);
  });

  it('falls back when nothing of the name is left', () => {
    expect(safeFileName('', 'images')).toBe('images');
    expect(safeFileName('../..', 'images')).toBe('images');
    expect(safeFileName('"\r\n', 'images')).toBe('images');
  });

  it('keeps the extension of a name cut to 120 characters', () => {
    const cut = safeFileName(`${'x'.repeat(300)}.pdf`, 'file');
    expect(cut).toHaveLength(120);
    expect(cut.endsWith('xx.pdf')).toBe(true);
  });

  it('gives the same name again for a name it made', () => {
    for (const name of ['../../etc/passwd', 'a"\r\nX-Evil: 1.pdf', `${'ü'.repeat(200)}.pdf`, 'снимок.pdf']) {
      const once = safeFileName(name, 'file');
      expect(safeFileName(once, 'file')).toBe(once);
    }
  });
});

describe('sendFile', () => {
  it('sends a file with its type, a safe name, the sandbox, no caching and no sniffing, and returns the body', () => {
    const { reply, headers } = fakeReply();
    const body = Buffer.from('%PDF-1.7');
    expect(
      sendFile(reply, {
        body,
        contentType: 'application/pdf',
        fileName: 'MRI brain report.pdf',
        disposition: 'inline',
      }),
    ).toBe(body);
    expect(headers).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="MRI brain report.pdf"; filename*=UTF-8''MRI%20brain%20report.pdf`,
      'content-security-policy': USER_FILE_CSP,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('streams a download with its length', () => {
    const { reply, headers } = fakeReply();
    const stream = Readable.from([Buffer.alloc(4)]);
    expect(
      sendFile(reply, {
        stream,
        contentType: 'application/zip',
        fileName: 'Head CT.zip',
        disposition: 'attachment',
        length: 4,
      }),
    ).toBe(stream);
    expect(headers['content-length']).toBe('4');
    expect(parameters(headers['content-disposition'])).toEqual({
      type: 'attachment',
      filename: 'Head CT.zip',
      filenameStar: 'Head CT.zip',
    });
  });

  it('lets a rendered picture stay in the caller’s own cache when asked', () => {
    const { reply, headers } = fakeReply();
    sendFile(reply, {
      body: Buffer.alloc(1),
      contentType: 'image/png',
      fileName: '1.2.3.png',
      disposition: 'inline',
      cache: { maxAgeSeconds: 3600 },
    });
    expect(headers['cache-control']).toBe('private, max-age=3600');
  });

  it('gives a text file its character set', () => {
    const { reply, headers } = fakeReply();
    sendFile(reply, {
      body: Buffer.from('<p>'),
      contentType: 'text/html',
      fileName: 'report.html',
      disposition: 'inline',
    });
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it.each([
    ['../../etc/passwd', 'etc_passwd'],
    ['a"\r\nX-Evil: 1.pdf', 'a_X-Evil_ 1.pdf'],
    ['x\\"; filename=evil.exe', 'x_ filename_evil.exe'],
  ])('keeps the hostile name %j inside its parameters', (hostile, name) => {
    const header = served(hostile)['content-disposition'];
    expect(header).not.toMatch(/[\r\n\\/]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(parameters(header)).toEqual({ type: 'inline', filename: name, filenameStar: name });
  });

  it('names a Unicode file in filename* and gives older clients an ASCII filename', () => {
    const header = served('Röntgen – 胸部 (1).pdf')['content-disposition'];
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toBe(
      `inline; filename="Rontgen _ _ (1).pdf"; filename*=UTF-8''R%C3%B6ntgen%20_%20%E8%83%B8%E9%83%A8%20%281%29.pdf`,
    );
    expect(parameters(header).filenameStar).toBe('Röntgen _ 胸部 (1).pdf');
  });

  it('names a file that has no name of its own', () => {
    expect(parameters(served('')['content-disposition'])).toEqual({
      type: 'inline',
      filename: 'file',
      filenameStar: 'file',
    });
  });
});
