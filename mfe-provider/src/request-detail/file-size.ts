const UNITS = ['B', 'KB', 'MB', 'GB'];

/** A byte count for people: 512 B, 1.5 MB (one decimal below 10, none above). */
export const fileSize = (bytes: number): string => {
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < UNITS.length - 1) {
    n /= 1024;
    u += 1;
  }
  return `${u === 0 || n >= 10 ? Math.round(n) : n.toFixed(1)} ${UNITS[u]}`;
};
