import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as dicomParser from 'dicom-parser';
import { type DirectoryFile, MEDIA_STORAGE_DIRECTORY, dicomDir } from './dicomdir';

const file = (over: Partial<DirectoryFile>): DirectoryFile => ({
  path: 'DICOM/S0001/I0001',
  patientId: 'P1',
  patientName: 'Jordan^Pat',
  studyUid: '1.2.3',
  studyDate: '20260102',
  studyTime: '101500',
  studyDescription: 'CT Chest',
  studyId: '7',
  accessionNumber: 'A1',
  seriesUid: '1.2.3.1',
  modality: 'CT',
  seriesNumber: 1,
  sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
  sopUid: '1.2.3.1.1',
  transferSyntax: '1.2.840.10008.1.2.1',
  instanceNumber: 1,
  ...over,
});

const files = [
  file({}),
  file({ path: 'DICOM/S0001/I0002', sopUid: '1.2.3.1.2', instanceNumber: 2 }),
  file({
    path: 'DICOM/S0002/I0001',
    seriesUid: '1.2.3.2',
    seriesNumber: 2,
    modality: 'SR',
    sopUid: '1.2.3.2.1',
  }),
  file({
    path: 'DICOM/S0003/I0001',
    patientId: 'P2',
    patientName: 'Müller^Zoë',
    studyUid: '9.8',
    seriesUid: '9.8.1',
    sopUid: '9.8.1.1',
  }),
];

/**
 * Walks the directory the way a reader does, by the byte offsets alone: from the root's first record
 * along each level's next-record links and down the lower-level links; gives the records met, depth first.
 */
const walk = (bytes: Buffer) => {
  const ds = dicomParser.parseDicom(new Uint8Array(bytes));
  const items = ds.elements.x00041220.items!;
  const at = new Map(items.map((i) => [i.dataOffset - 8, i.dataSet!]));
  const out: Array<{ type: string; depth: number; item: dicomParser.DataSet }> = [];
  const level = (offset: number, depth: number) => {
    for (let o = offset; o;) {
      const item = at.get(o);
      if (!item) throw new Error(`offset ${o} is not a record`);
      out.push({ type: item.string('x00041430')!, depth, item });
      level(item.uint32('x00041420')!, depth + 1);
      o = item.uint32('x00041400')!;
    }
  };
  level(ds.uint32('x00041200')!, 0);
  return { ds, items, out };
};

describe('the DICOMDIR of a disc', () => {
  const bytes = dicomDir(files);

  it('is a Media Storage Directory in explicit VR little endian', () => {
    const { ds } = walk(bytes);
    expect(ds.string('x00020002')).toBe(MEDIA_STORAGE_DIRECTORY);
    expect(ds.string('x00020010')).toBe('1.2.840.10008.1.2.1');
  });

  it('links patient, study, series and image records by offset, each file found from the root', () => {
    const { out, items } = walk(bytes);
    expect(out.map((r) => `${'  '.repeat(r.depth)}${r.type}`)).toEqual([
      'PATIENT',
      '  STUDY',
      '    SERIES',
      '      IMAGE',
      '      IMAGE',
      '    SERIES',
      '      IMAGE',
      'PATIENT',
      '  STUDY',
      '    SERIES',
      '      IMAGE',
    ]);
    expect(out).toHaveLength(items.length);
    const images = out.filter((r) => r.type === 'IMAGE').map((r) => r.item);
    expect(images.map((i) => i.string('x00041500'))).toEqual([
      'DICOM\\S0001\\I0001',
      'DICOM\\S0001\\I0002',
      'DICOM\\S0002\\I0001',
      'DICOM\\S0003\\I0001',
    ]);
    expect(images.map((i) => i.string('x00041511'))).toEqual(files.map((f) => f.sopUid));
    expect(images[0].string('x00041510')).toBe('1.2.840.10008.5.1.4.1.1.2');
    expect(images[0].string('x00041512')).toBe('1.2.840.10008.1.2.1');
    const { ds } = walk(bytes);
    const lastPatient = [...out].reverse().find((r) => r.type === 'PATIENT')!.item;
    expect(ds.uint32('x00041202')).toBe(items.find((i) => i.dataSet === lastPatient)!.dataOffset - 8);
  });

  it('names UTF-8 where a record holds other than ASCII, and dcmtk reads it all', () => {
    const { out } = walk(bytes);
    const patients = out.filter((r) => r.type === 'PATIENT').map((r) => r.item);
    expect(patients[0].string('x00080005')).toBeUndefined();
    expect(patients[1].string('x00080005')).toBe('ISO_IR 192');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicomdir-'));
    fs.writeFileSync(path.join(dir, 'DICOMDIR'), bytes);
    const dump = execFileSync(
      'dcmdump',
      ['-q', '+P', 'ReferencedFileID', '+P', 'PatientName', path.join(dir, 'DICOMDIR')],
      { encoding: 'utf8' },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(dump).toContain('[DICOM\\S0003\\I0001]');
    expect(dump).toContain('[Müller^Zoë]');
  });

  it("cuts a file's overlong values to their VR's length, so a hostile description still gives a DICOMDIR that dcmtk reads", () => {
    const hostile = dicomDir([
      file({
        studyDescription: 'X'.repeat(100_000),
        patientName: 'Ü'.repeat(70_000),
        accessionNumber: 'A'.repeat(40),
      }),
    ]);
    const study = walk(hostile).out.find((r) => r.type === 'STUDY')!.item;
    expect(study.string('x00081030')).toBe('X'.repeat(64));
    expect(study.string('x00080050')).toBe('A'.repeat(16));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dicomdir-'));
    fs.writeFileSync(path.join(dir, 'DICOMDIR'), hostile);
    const dump = execFileSync('dcmdump', ['-q', '+L', '+P', 'PatientName', path.join(dir, 'DICOMDIR')], {
      encoding: 'utf8',
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(dump).toContain(`[${'Ü'.repeat(64)}]`);
  });
});
