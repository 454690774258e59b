import { phantomSlice } from './ct-phantom';
import { type Element, uidFor, writePart10 } from '../instances/part10-writer';

export const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
export const GENERATED_CT_SIZE = 512;
export const GENERATED_CT_DEFAULT_SLICES = 300;
const PIXEL_SPACING_MM = 0.7;
const SLICE_THICKNESS_MM = 1;
const RESCALE_INTERCEPT = -1024;

export interface GeneratedCtOptions {
  /** How many slices (default 300). */
  slices?: number;
  /**
   * Names the series: the same label gives the same study, series and instance UIDs on every call, so
   * a seed that stores it again stores nothing new, and a larger `slices` extends the same series.
   */
  label?: string;
}

export const generatedCtUids = (label = 'demo') => ({
  study: uidFor(`generated-ct:${label}:study`),
  series: uidFor(`generated-ct:${label}:series`),
  frameOfReference: uidFor(`generated-ct:${label}:frame-of-reference`),
  instance: (index: number) => uidFor(`generated-ct:${label}:instance:${index}`),
});

const IMPLEMENTATION_CLASS_UID = uidFor('patient-portal:generated-ct-writer');

/** The dataset of slice `index` of `slices`, without its pixel data. */
const sliceAttributes = (label: string, index: number, slices: number): Element[] => {
  const uids = generatedCtUids(label);
  const z = (index - (slices - 1) / 2) * SLICE_THICKNESS_MM;
  const corner = -((GENERATED_CT_SIZE - 1) / 2) * PIXEL_SPACING_MM;
  const ds = (n: number) => n.toFixed(2);
  return [
    { tag: 0x00080005, vr: 'CS', value: 'ISO_IR 100' },
    { tag: 0x00080008, vr: 'CS', value: 'ORIGINAL\\PRIMARY\\AXIAL' },
    { tag: 0x00080016, vr: 'UI', value: CT_IMAGE_STORAGE },
    { tag: 0x00080018, vr: 'UI', value: uids.instance(index) },
    { tag: 0x00080020, vr: 'DA', value: '20260105' },
    { tag: 0x00080030, vr: 'TM', value: '093000' },
    { tag: 0x00080050, vr: 'SH', value: 'DEMO-CT-0001' },
    { tag: 0x00080060, vr: 'CS', value: 'CT' },
    { tag: 0x00080070, vr: 'LO', value: 'Patient Portal demo' },
    { tag: 0x00080080, vr: 'LO', value: 'St. Mary Imaging Center' },
    { tag: 0x00081030, vr: 'LO', value: 'CHEST ABDOMEN PHANTOM' },
    { tag: 0x0008103e, vr: 'LO', value: `Axial ${SLICE_THICKNESS_MM.toFixed(1)} mm` },
    { tag: 0x00100010, vr: 'PN', value: 'PHANTOM^CT' },
    { tag: 0x00100020, vr: 'LO', value: 'DEMO-PHANTOM-1' },
    { tag: 0x00100030, vr: 'DA', value: '19700101' },
    { tag: 0x00100040, vr: 'CS', value: 'O' },
    { tag: 0x00180015, vr: 'CS', value: 'CHEST' },
    { tag: 0x00180050, vr: 'DS', value: ds(SLICE_THICKNESS_MM) },
    { tag: 0x00180060, vr: 'DS', value: '120' },
    { tag: 0x0020000d, vr: 'UI', value: uids.study },
    { tag: 0x0020000e, vr: 'UI', value: uids.series },
    { tag: 0x00200010, vr: 'SH', value: '1' },
    { tag: 0x00200011, vr: 'IS', value: '1' },
    { tag: 0x00200012, vr: 'IS', value: '1' },
    { tag: 0x00200013, vr: 'IS', value: String(index + 1) },
    { tag: 0x00200032, vr: 'DS', value: [corner, corner, z].map(ds).join('\\') },
    { tag: 0x00200037, vr: 'DS', value: '1\\0\\0\\0\\1\\0' },
    { tag: 0x00200052, vr: 'UI', value: uids.frameOfReference },
    { tag: 0x00201040, vr: 'LO', value: '' },
    { tag: 0x00201041, vr: 'DS', value: ds(z) },
    { tag: 0x00280002, vr: 'US', value: 1 },
    { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME2' },
    { tag: 0x00280010, vr: 'US', value: GENERATED_CT_SIZE },
    { tag: 0x00280011, vr: 'US', value: GENERATED_CT_SIZE },
    { tag: 0x00280030, vr: 'DS', value: `${ds(PIXEL_SPACING_MM)}\\${ds(PIXEL_SPACING_MM)}` },
    { tag: 0x00280100, vr: 'US', value: 16 },
    { tag: 0x00280101, vr: 'US', value: 16 },
    { tag: 0x00280102, vr: 'US', value: 15 },
    { tag: 0x00280103, vr: 'US', value: 1 },
    { tag: 0x00281050, vr: 'DS', value: '40\\-600' },
    { tag: 0x00281051, vr: 'DS', value: '400\\1500' },
    { tag: 0x00281052, vr: 'DS', value: String(RESCALE_INTERCEPT) },
    { tag: 0x00281053, vr: 'DS', value: '1' },
    { tag: 0x00281054, vr: 'LO', value: 'HU' },
  ];
};

/** Slice `index` of the series as a CT Image Storage Part 10 file (512 x 512, 16-bit signed, explicit VR LE). */
export const generatedCtSlice = (
  index: number,
  { slices = GENERATED_CT_DEFAULT_SLICES, label = 'demo' }: GeneratedCtOptions = {},
): Buffer => {
  const t = slices > 1 ? index / (slices - 1) : 0.5;
  const pixels = phantomSlice(t, GENERATED_CT_SIZE, PIXEL_SPACING_MM, RESCALE_INTERCEPT, index + 1);
  const pixelData = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  return writePart10(
    [...sliceAttributes(label, index, slices), { tag: 0x7fe00010, vr: 'OW', value: pixelData }],
    IMPLEMENTATION_CLASS_UID,
  );
};

/** Every slice of the series, one file at a time, so a caller never has to hold all of them. */
export function* generatedCt(options: GeneratedCtOptions = {}): Generator<Buffer> {
  const slices = options.slices ?? GENERATED_CT_DEFAULT_SLICES;
  for (let i = 0; i < slices; i++) yield generatedCtSlice(i, { ...options, slices });
}
