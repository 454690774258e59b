/**
 * A synthetic chest-and-abdomen phantom in Hounsfield units, so the generated demo CT looks like a CT
 * in the viewer (body, fat, lungs, heart, aorta, spine, ribs, liver, kidneys) rather than noise, and
 * changes from slice to slice the way anatomy does along the body's axis.
 */

/** An ellipse in millimetres (centre, semi-axes) with the value inside it; later shapes paint over earlier ones. */
interface Shape {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  hu: number;
}

const AIR = -1000;

/** 0 outside [from, to], rising to 1 in the middle: how much of an organ a level along the body shows. */
const presence = (t: number, from: number, to: number): number =>
  t <= from || t >= to ? 0 : Math.sin((Math.PI * (t - from)) / (to - from));

/**
 * The shapes of one axial level. `t` runs from 0 (lower abdomen) to 1 (lung apices); x runs to the
 * patient's left, y to the back (LPS), so the spine is at the bottom of the image as radiologists read it.
 */
export const phantomShapes = (t: number): Shape[] => {
  const bodyRx = 165 - 15 * presence(t, 0.85, 1.6);
  const bodyRy = 115 + 8 * Math.sin(t * Math.PI);
  const shapes: Shape[] = [
    { cx: 0, cy: 0, rx: bodyRx, ry: bodyRy, hu: -100 }, // subcutaneous fat
    { cx: 0, cy: 2, rx: bodyRx - 12, ry: bodyRy - 12, hu: 35 }, // muscle and soft tissue
  ];
  const add = (s: Shape) => s.rx > 0.5 && s.ry > 0.5 && shapes.push(s);
  const lungs = presence(t, 0.42, 1.05);
  for (const side of [-1, 1]) add({ cx: side * 68, cy: -5, rx: 55 * lungs, ry: 78 * lungs, hu: -850 });
  const heart = presence(t, 0.45, 0.78);
  add({ cx: 18, cy: -28, rx: 58 * heart, ry: 46 * heart, hu: 45 });
  add({ cx: 28, cy: -30, rx: 22 * heart, ry: 18 * heart, hu: 220 }); // contrast in the left ventricle
  const liver = presence(t, 0.0, 0.55);
  add({ cx: -62, cy: -5, rx: 80 * liver, ry: 72 * liver, hu: 62 });
  const kidneys = presence(t, 0.08, 0.38);
  for (const side of [-1, 1]) add({ cx: side * 62, cy: 52, rx: 26 * kidneys, ry: 36 * kidneys, hu: 150 });
  const bowel = presence(t, -0.2, 0.3);
  for (let i = 0; i < 5; i++)
    add({
      cx: 60 - 30 * i,
      cy: -55 + 10 * Math.sin(i + t * 12),
      rx: 14 * bowel,
      ry: 11 * bowel,
      hu: i % 2 ? -600 : 20,
    });
  add({ cx: -8, cy: 45, rx: 12, ry: 12, hu: 200 }); // aorta, contrast filled
  add({ cx: 22, cy: 48, rx: 10, ry: 9, hu: 120 }); // inferior vena cava
  // The vertebra: cortical ring, cancellous body, the canal behind it; a disc every 30 levels.
  const disc = Math.abs(Math.sin(t * Math.PI * 10)) < 0.15;
  add({ cx: 0, cy: 80, rx: 20, ry: 17, hu: disc ? 90 : 900 });
  add({ cx: 0, cy: 80, rx: 16, ry: 13, hu: disc ? 90 : 280 });
  add({ cx: 0, cy: 106, rx: 8, ry: 7, hu: 15 });
  add({ cx: 0, cy: 118, rx: 5, ry: 12, hu: 700 }); // spinous process
  // Ribs around the chest, where the lungs are.
  if (lungs > 0.05) {
    for (let i = 0; i < 14; i++) {
      const a = ((i + 0.5) * 2 * Math.PI) / 14;
      // None over the spine, which sits at the back (the positive y side).
      if (Math.sin(a) > 0.95) continue;
      add({ cx: Math.cos(a) * (bodyRx - 22), cy: Math.sin(a) * (bodyRy - 20), rx: 6, ry: 5, hu: 750 });
    }
  }
  return shapes;
};

/**
 * The stored values of one slice (`size` x `size`, row by row), with `rescaleIntercept` taken off and a
 * small deterministic noise so flat organs have the texture of a real scan.
 */
export const phantomSlice = (
  t: number,
  size: number,
  pixelSpacingMm: number,
  rescaleIntercept: number,
  seed: number,
): Int16Array => {
  const hu = new Int16Array(size * size).fill(AIR);
  const half = (size - 1) / 2;
  const toPixel = (mm: number) => mm / pixelSpacingMm + half;
  // Each shape paints only the pixels of its bounding box: the cost is the shapes' area, not pixels x shapes.
  for (const s of phantomShapes(t)) {
    const r0 = Math.max(0, Math.floor(toPixel(s.cy - s.ry)));
    const r1 = Math.min(size - 1, Math.ceil(toPixel(s.cy + s.ry)));
    const c0 = Math.max(0, Math.floor(toPixel(s.cx - s.rx)));
    const c1 = Math.min(size - 1, Math.ceil(toPixel(s.cx + s.rx)));
    for (let r = r0; r <= r1; r++) {
      const dy = ((r - half) * pixelSpacingMm - s.cy) / s.ry;
      for (let c = c0; c <= c1; c++) {
        const dx = ((c - half) * pixelSpacingMm - s.cx) / s.rx;
        if (dx * dx + dy * dy <= 1) hu[r * size + c] = s.hu;
      }
    }
  }
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < hu.length; i++) {
    // xorshift32: cheap, and the same numbers on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    hu[i] += (hu[i] === AIR ? 0 : ((state >>> 0) % 25) - 12) - rescaleIntercept;
  }
  return hu;
};
