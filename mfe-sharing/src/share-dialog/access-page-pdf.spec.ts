/** @jest-environment node */
import { PDFDocument, PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { MESSAGES, type PrintedAccessPage } from '@portal/contracts';
import { accessPagePdf, accessPageQrText } from './access-page-pdf';

const shlink = 'shlink:/eyJ1cmwiOiJodHRwczovL3BvcnRhbC5leGFtcGxlL2FwaS9zaGwvYWJjIiwiZmxhZyI6IlAiLCJ2IjoxfQ';
const page: PrintedAccessPage = {
  link: {
    id: 'l1',
    url: 'https://portal.example/view/l1',
    studyInstanceUids: ['1.2.3'],
    need_password: true,
    created_at: '2030-01-01T00:00:00.000Z',
    expires_at: '2030-02-01T23:59:59.000Z',
    revoked: false,
    purpose: 'print-access-page',
    recipient: null,
    last_opened_at: null,
    open_count: 0,
  },
  password: 'K7QPMX4RTA',
  shlink,
  patientName: 'Pat Jordan',
  facilityName: 'St. Mary',
  studies: [{ modality: 'MR', study_description: 'BRAIN', study_date: '2001-03-16' }],
};

describe('the printed access page (records spec §2.5, decision 0030)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('puts the viewer link with the shlink after # in its QR code', async () => {
    expect(accessPageQrText(page)).toBe(`https://portal.example/view/l1#${shlink}`);
    const create = jest.spyOn(QRCode, 'create');
    await accessPagePdf(page);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0]).toBe(`https://portal.example/view/l1#${shlink}`);
  });

  it('says under the QR code that it is also a SMART Health Link, and still writes the link and password', async () => {
    const texts: Array<{ text: string; y: number }> = [];
    const squares: number[] = [];
    const drawText = PDFPage.prototype.drawText;
    const drawRectangle = PDFPage.prototype.drawRectangle;
    jest.spyOn(PDFPage.prototype, 'drawText').mockImplementation(function (this: PDFPage, text, options) {
      texts.push({ text, y: options?.y ?? 0 });
      return drawText.call(this, text, options);
    });
    jest.spyOn(PDFPage.prototype, 'drawRectangle').mockImplementation(function (this: PDFPage, options) {
      squares.push(options?.y ?? 0);
      return drawRectangle.call(this, options);
    });
    const bytes = await accessPagePdf(page);

    const written = texts.map((t) => t.text);
    const note = written.join(' ');
    expect(note).toContain(MESSAGES.accessPageHealthLinkNote);
    expect(written).toContain('https://portal.example/view/l1');
    expect(written).toContain('K7QPMX4RTA');
    // Right under the code: the first line below its lowest square is the note's.
    const qrBottom = Math.min(...squares);
    const below = texts.filter((t) => t.y < qrBottom);
    expect(MESSAGES.accessPageHealthLinkNote.startsWith(below[0].text)).toBe(true);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
