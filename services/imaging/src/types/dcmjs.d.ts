/** The part of dcmjs the store uses (the package ships no types). */
declare module 'dcmjs' {
  type Dict = Record<string, { vr: string; Value?: unknown[]; _rawValue?: unknown }>;
  export const data: {
    DicomMessage: {
      readFile(buffer: ArrayBuffer, options?: { untilTag?: string; includeUntilTagValue?: boolean; ignoreErrors?: boolean; noCopy?: boolean }): { meta: Dict; dict: Dict };
    };
  };
}
