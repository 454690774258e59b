import { droppedFiles, pickedFiles, readEntry, type EntryLike } from './folder-reading';

const fileEntry = (fullPath: string): EntryLike & { file: (ok: (f: File) => void) => void } => {
  const name = fullPath.split('/').pop()!;
  return { isFile: true, isDirectory: false, name, fullPath, file: (ok) => ok(new File(['x'], name)) };
};

/** A folder whose reader answers in chunks of `chunk` entries, then an empty list, as browsers do. */
const dirEntry = (fullPath: string, children: EntryLike[], chunk = 2): EntryLike =>
  ({
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').pop()!,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (e: EntryLike[]) => void) => {
          const part = children.slice(at, at + chunk);
          at += chunk;
          ok(part);
        },
      };
    },
  }) as EntryLike;

const study = () =>
  dirEntry('/study', [
    fileEntry('/study/a.dcm'),
    fileEntry('/study/.DS_Store'),
    dirEntry('/study/series1', [
      fileEntry('/study/series1/1.dcm'),
      fileEntry('/study/series1/2.dcm'),
      fileEntry('/study/series1/3.dcm'),
    ]),
    fileEntry('/study/b.dcm'),
  ]);

describe('reading dropped folders', () => {
  it('reads a folder recursively, through every chunk of its reader, keeping relative paths and leaving hidden files out', async () => {
    const files = await readEntry(study(), true);
    expect(files.map((f) => f.path)).toEqual([
      'study/a.dcm',
      'study/series1/1.dcm',
      'study/series1/2.dcm',
      'study/series1/3.dcm',
      'study/b.dcm',
    ]);
    expect(files[1].file.name).toBe('1.dcm');
  });

  it('takes no folders where the record type does not allow them (reports)', async () => {
    expect(await readEntry(study(), false)).toEqual([]);
    expect((await readEntry(fileEntry('/report.pdf'), false)).map((f) => f.path)).toEqual(['report.pdf']);
  });

  it('reads a drop of a folder and a file through their entries', async () => {
    const items = [
      { kind: 'file', webkitGetAsEntry: () => study() },
      { kind: 'file', webkitGetAsEntry: () => fileEntry('/report.pdf') },
    ];
    const files = await droppedFiles({ items, files: [] }, true);
    expect(files.map((f) => f.path)).toEqual([
      'study/a.dcm',
      'study/series1/1.dcm',
      'study/series1/2.dcm',
      'study/series1/3.dcm',
      'study/b.dcm',
      'report.pdf',
    ]);
  });

  it('falls back to the plain file list where the browser gives no entries', async () => {
    const files = await droppedFiles({ items: null, files: [new File(['x'], 'r.pdf')] }, true);
    expect(files.map((f) => f.path)).toEqual(['r.pdf']);
  });

  it('keeps the relative path a folder picker gives each file', () => {
    const f = new File(['x'], '1.dcm');
    Object.defineProperty(f, 'webkitRelativePath', { value: 'study/series1/1.dcm' });
    expect(pickedFiles([f, new File(['x'], '.DS_Store')])).toEqual([
      { file: f, path: 'study/series1/1.dcm' },
    ]);
  });
});
