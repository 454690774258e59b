import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES, type DiagramBodyPart } from '@portal/contracts';
import { ORGAN_NAMES } from '../scan-view';

type Figure = 'male' | 'other';

/** Mirrors a path drawn on the figure's right side (the viewer's left) across the body's middle (x = 100). */
const mirror = (d: string) =>
  d.replace(/([MLQ])\s*([\d.]+)\s+([\d.]+)(?:\s+([\d.]+)\s+([\d.]+))?/g, (_m, cmd, x1, y1, x2, y2) =>
    x2 === undefined
      ? `${cmd}${200 - Number(x1)} ${y1}`
      : `${cmd}${200 - Number(x1)} ${y1} ${200 - Number(x2)} ${y2}`,
  );

/** The outline of each figure: torso, one arm and one leg (mirrored for the other side). */
const FIGURES: Record<Figure, { torso: string; arm: string; leg: string }> = {
  male: {
    torso:
      'M60 95 Q100 85 140 95 L150 110 Q152 180 138 210 Q140 250 136 276 L64 276 Q60 250 62 210 Q48 180 50 110 Z',
    arm: 'M50 105 Q34 110 30 140 L22 240 Q22 252 31 250 L38 248 L46 152 L56 128 Z',
    leg: 'M64 272 L99 272 L96 442 L72 442 Z',
  },
  other: {
    torso:
      'M68 95 Q100 86 132 95 L142 110 Q142 160 130 196 Q150 240 146 280 L54 280 Q50 240 70 196 Q58 160 58 110 Z',
    arm: 'M58 105 Q44 112 40 140 L32 240 Q32 252 41 250 L47 248 L55 152 L62 128 Z',
    leg: 'M55 276 L99 276 L94 442 L70 442 Z',
  },
};

/** Each organ as a shaped path at its place; the patient's right is the viewer's left. */
const ORGANS: Record<DiagramBodyPart, string[]> = {
  BRAIN: ['M82 38 Q79 17 100 15 Q121 17 118 38 Q111 48 100 43 Q89 48 82 38 Z'],
  LUNGS: [
    'M94 108 Q72 106 69 140 Q67 174 91 172 Q97 150 94 108 Z',
    'M106 108 Q128 106 131 140 Q133 174 109 172 Q103 150 106 108 Z',
  ],
  HEART: ['M104 138 Q112 127 119 139 Q121 152 106 165 Q95 155 95 146 Q97 134 104 138 Z'],
  LIVER: ['M67 178 Q100 170 109 182 Q101 201 78 205 Q64 196 67 178 Z'],
  STOMACH: ['M110 181 Q131 175 133 192 Q131 213 113 211 Q119 199 111 195 Z'],
  KIDNEYS: [
    'M78 206 Q70 208 71 218 Q72 229 80 228 Q85 223 82 217 Q85 211 78 206 Z',
    'M122 206 Q130 208 129 218 Q128 229 120 228 Q115 223 118 217 Q115 211 122 206 Z',
  ],
  INTESTINES: [
    'M77 222 Q100 214 123 222 Q130 244 121 256 Q100 263 79 256 Q70 244 77 222 Z',
    'M84 232 Q100 226 116 232 M84 242 Q100 236 116 242 M86 251 Q100 246 114 251',
  ],
  UTERUS: [
    'M91 260 Q100 254 109 260 L106 274 Q100 281 94 274 Z',
    'M91 260 Q85 257 82 262 M109 260 Q115 257 118 262',
  ],
};

const ORGAN_FILL = '#b3261e';

const organsLabel = (organs: DiagramBodyPart[]) =>
  organs.length ? `highlighting ${organs.map((o) => ORGAN_NAMES[o]).join(', ')}` : 'no organ highlighted';

/**
 * The body-part visual (records spec §2.9, §4): a male figure or another one, with the organs of the
 * selected finding drawn in; a blank body when it names none the diagram has.
 */
export const BodyDiagram = ({ figure, organs }: { figure: Figure; organs: DiagramBodyPart[] }) => {
  const outline = FIGURES[figure];
  return (
    <Box
      component="figure"
      sx={{ m: 0, textAlign: 'center' }}
      data-testid="wbs-body-diagram"
      data-figure={figure}
    >
      <Box
        component="svg"
        viewBox="0 0 200 450"
        role="img"
        aria-label={`Body diagram (${figure === 'male' ? 'male' : 'female or other'}), ${organsLabel(organs)}`}
        sx={{ width: '100%', maxWidth: 220, height: 'auto', display: 'block', mx: 'auto' }}
      >
        <g fill="#e6ebf2" stroke="#7b8698" strokeWidth={1.5} strokeLinejoin="round">
          <ellipse cx={100} cy={40} rx={28} ry={34} />
          <path d="M89 70 L111 70 L113 92 L87 92 Z" />
          <path d={outline.arm} />
          <path d={mirror(outline.arm)} />
          <path d={outline.leg} />
          <path d={mirror(outline.leg)} />
          <path d={outline.torso} />
        </g>
        {organs.map((organ) => (
          <g
            key={organ}
            data-testid={`wbs-organ-${organ}`}
            fill={ORGAN_FILL}
            fillOpacity={0.85}
            stroke="#5f1410"
            strokeWidth={1.2}
          >
            {ORGANS[organ].map((d, i) => (
              <path key={i} d={d} fill={d.includes('Z') ? undefined : 'none'} />
            ))}
          </g>
        ))}
      </Box>
      <Typography
        component="figcaption"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 1 }}
      >
        {MESSAGES.bodyDiagramCaption}
      </Typography>
    </Box>
  );
};
