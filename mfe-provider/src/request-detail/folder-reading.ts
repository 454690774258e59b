/**
 * Reading what was dropped or picked into a list of files, each with its path relative to what was
 * chosen. Imaging arrives as whole folders (a DICOM series is hundreds of files in nested folders);
 * a dropped folder is only readable through the File and Directory Entries API
 * (DataTransferItem.webkitGetAsEntry), whose directory readers answer in chunks until an empty one.
 */

/** A file to upload and its path inside the dropped or picked folder (its bare name when it came alone). */
export interface PickedFile {
  file: File;
  path: string;
}

/** The parts of FileSystemEntry this reader uses (jsdom and tests provide their own). */
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
interface FileEntryLike extends EntryLike {
  file: (ok: (file: File) => void, fail?: (err: unknown) => void) => void;
}
interface DirectoryEntryLike extends EntryLike {
  createReader: () => {
    readEntries: (ok: (entries: EntryLike[]) => void, fail?: (err: unknown) => void) => void;
  };
}

/** Hidden files a folder carries along (.DS_Store, macOS ._ forks): never records, so never sent. */
const isHidden = (name: string) => name.startsWith('.');

const relative = (fullPath: string) => fullPath.replace(/^\/+/, '');

const readFile = (entry: FileEntryLike) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

const readAllEntries = async (dir: DirectoryEntryLike): Promise<EntryLike[]> => {
  const reader = dir.createReader();
  const all: EntryLike[] = [];
  // readEntries hands out at most 100 entries per call; an empty answer means the folder is done.
  for (;;) {
    const chunk = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (chunk.length === 0) return all;
    all.push(...chunk);
  }
};

/** Every file under an entry, depth first, with its relative path; folders only when `folders` is on. */
export const readEntry = async (entry: EntryLike, folders: boolean): Promise<PickedFile[]> => {
  if (isHidden(entry.name)) return [];
  if (entry.isFile)
    return [{ file: await readFile(entry as FileEntryLike), path: relative(entry.fullPath) || entry.name }];
  if (!entry.isDirectory || !folders) return [];
  const children = await readAllEntries(entry as DirectoryEntryLike);
  const nested = await Promise.all(children.map((c) => readEntry(c, folders)));
  return nested.flat();
};

/** The files of a picker (a folder picker sets webkitRelativePath on each). */
export const pickedFiles = (files: ArrayLike<File>): PickedFile[] =>
  Array.from(files)
    .filter((f) => !isHidden(f.name))
    .map((file) => ({
      file,
      path: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name,
    }));

type DropItem = Pick<DataTransferItem, 'kind'> & { webkitGetAsEntry?: () => EntryLike | null };

/**
 * The files of a drop. The entries are taken at once, while the drop event lasts (the browser empties
 * the item list after it); browsers without entries give the plain file list.
 */
export const droppedFiles = (
  data: { items?: ArrayLike<DropItem> | null; files: ArrayLike<File> },
  folders: boolean,
): Promise<PickedFile[]> => {
  const items = data.items ? Array.from(data.items) : [];
  const entries = items
    .filter((i) => i.kind === 'file' && typeof i.webkitGetAsEntry === 'function')
    .map((i) => i.webkitGetAsEntry!());
  if (entries.length === 0 || entries.some((e) => !e)) return Promise.resolve(pickedFiles(data.files));
  return Promise.all((entries as EntryLike[]).map((e) => readEntry(e, folders))).then((lists) =>
    lists.flat(),
  );
};
