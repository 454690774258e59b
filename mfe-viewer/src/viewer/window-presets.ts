/** Window/level presets a patient can pick (width and centre in Hounsfield units, for CT); 'default' is the file's own. */
export const WINDOW_PRESETS = {
  default: null,
  'Soft tissue': { width: 400, center: 40 },
  Lung: { width: 1500, center: -600 },
  Bone: { width: 2000, center: 300 },
  Brain: { width: 80, center: 40 },
} as const;

export type WindowPresetName = keyof typeof WINDOW_PRESETS;
export const WINDOW_PRESET_NAMES = Object.keys(WINDOW_PRESETS) as WindowPresetName[];
export const windowPreset = (name: WindowPresetName): { width: number; center: number } | null =>
  WINDOW_PRESETS[name];
