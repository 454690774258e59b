import type { FindingInput, ScanBodyPart } from '@portal/contracts';
import { demoId } from '@portal/server-kit';
import { demoScanRowId } from './whole-body-scan-demo-ids';
import { reportPdf } from './demo-files';

/** The finding types of the demo's whole-body-scan facility: a Material icon and a plain-language wiki each. */
export const DEMO_FINDING_TYPES: Array<{
  key: string;
  name: string;
  icon: string;
  wiki: string;
  bodyParts: ScanBodyPart[];
}> = [
  {
    key: 'brain',
    name: 'Brain',
    icon: 'psychology',
    bodyParts: ['BRAIN'],
    wiki: 'The brain controls thinking, memory, movement and the senses.\n\nA whole body MRI looks at its size and shape, the fluid spaces around it and the blood vessels, and for signs of old strokes or growths.',
  },
  {
    key: 'heart',
    name: 'Heart',
    icon: 'favorite',
    bodyParts: ['HEART'],
    wiki: 'The heart pumps blood through the body. The coronary arteries on its surface feed the heart muscle itself.\n\nCalcium in the walls of these arteries is a sign of plaque build-up. The more calcium, the higher the chance of a heart attack in the coming years, which treatment can lower.',
  },
  {
    key: 'lungs',
    name: 'Lungs',
    icon: 'air',
    bodyParts: ['LUNGS'],
    wiki: 'The lungs bring oxygen into the blood and take carbon dioxide out.\n\nSmall round spots called nodules are common. Most are scars from old infections; a nodule is usually checked again after some months to make sure it does not grow.',
  },
  {
    key: 'liver',
    name: 'Liver',
    icon: 'water_drop',
    bodyParts: ['LIVER'],
    wiki: 'The liver cleans the blood, stores energy and makes bile to digest fat.\n\nExtra fat in the liver (fatty liver) is common and often gets better with weight loss, exercise and less alcohol.',
  },
  {
    key: 'kidneys',
    name: 'Kidneys',
    icon: 'opacity',
    bodyParts: ['KIDNEYS'],
    wiki: 'The two kidneys filter waste and extra water out of the blood to make urine.\n\nSimple cysts, small sacs of fluid, are found in many adults and are almost always harmless.',
  },
  {
    key: 'intestines',
    name: 'Intestines',
    icon: 'gesture',
    bodyParts: ['INTESTINES'],
    wiki: 'The small and large intestines take in nutrients and water from food.\n\nA scan can show thickened walls, pouches (diverticula) or enlarged lymph nodes nearby.',
  },
  {
    key: 'stomach',
    name: 'Stomach',
    icon: 'restaurant',
    bodyParts: ['STOMACH'],
    wiki: 'The stomach holds food and starts to digest it with acid and enzymes.\n\nA hiatal hernia, when part of the stomach slides up into the chest, is a common finding.',
  },
  {
    key: 'uterus',
    name: 'Uterus and ovaries',
    icon: 'pregnant_woman',
    bodyParts: ['UTERUS'],
    wiki: 'The uterus (womb) and the ovaries sit low in the pelvis.\n\nFibroids, non-cancerous growths of the uterus muscle, and small ovarian cysts are common and often need no treatment.',
  },
  {
    key: 'spine',
    name: 'Spine',
    icon: 'accessibility_new',
    bodyParts: ['SPINE', 'BONES'],
    wiki: 'The spine is a column of bones (vertebrae) with soft discs between them that protect the spinal cord.\n\nWear of the discs with age (degenerative disc disease) is very common and often causes no symptoms.',
  },
  {
    key: 'thyroid',
    name: 'Thyroid',
    icon: 'healing',
    bodyParts: ['THYROID'],
    wiki: 'The thyroid is a small gland in the neck that makes hormones controlling how fast the body uses energy.\n\nSmall nodules in the thyroid are found in about half of adults and are nearly always benign.',
  },
];

export const demoFindingTypeId = (key: string): string => demoId(`wbs-finding-type:${key}`);

/** A key image of the demo: an instance of the demo patient's delivered study (read from the sample files). */
export interface DemoInstance {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
}

const none = {
  pathology: null,
  priorFindingId: null,
  keyImages: [],
  pdfReports: [],
  nextSteps: [],
  children: [],
};
const finding = (type: string, over: Partial<FindingInput>): FindingInput => ({
  ...none,
  findingTypeId: demoFindingTypeId(type),
  outcome: 'NO_ADVERSE_FINDING',
  ...over,
});
const keyImage = (i: DemoInstance, caption: string) => ({ ...i, frame: 1, caption });

/** The earlier scan: a small lung nodule, a kidney cyst and a fatty liver (gone by the recent scan). */
export const earlierFindings = (mr: DemoInstance[]): FindingInput[] => [
  finding('brain', {
    keyImages: mr.slice(0, 1).map((i) => keyImage(i, 'Axial MR of the brain: normal')),
  }),
  finding('lungs', {
    outcome: 'MINOR_FINDING',
    pathology: {
      name: 'Small lung nodule',
      description: 'A 4 mm solid nodule in the right lower lobe. Most nodules of this size are harmless.',
    },
    nextSteps: [
      {
        title: 'Repeat chest imaging in 12 months',
        subtitle: 'To check that the nodule does not grow',
        content:
          'Your next whole body scan can include the chest, or your doctor can order a low-dose chest CT.',
        enable: true,
        dueDate: null,
      },
    ],
  }),
  finding('kidneys', {
    outcome: 'INFORMATIONAL_FINDING',
    pathology: { name: 'Simple kidney cyst', description: 'A 9 mm fluid-filled cyst of the right kidney.' },
  }),
  finding('liver', {
    outcome: 'MINOR_FINDING',
    pathology: { name: 'Mild fatty liver', description: 'A little more fat in the liver than usual.' },
    nextSteps: [
      {
        title: 'Talk to your doctor about liver health',
        subtitle: 'Diet, exercise and alcohol',
        content: 'Mild fatty liver often improves with lifestyle changes.',
        enable: false,
        dueDate: null,
      },
    ],
  }),
];

/**
 * The recent scan: the brain, lungs and kidneys carried on from the earlier scan (STABLE), a MAJOR heart
 * finding and a spine finding (NEW); the liver finding is not carried on (RESOLVED).
 */
export const recentFindings = (
  mr: DemoInstance[],
  ct: DemoInstance[],
  heartReportKey: string,
  heartDue: string,
): FindingInput[] => [
  finding('brain', {
    outcome: null as unknown as FindingInput['outcome'],
    priorFindingId: demoScanRowId('earlier', 'f0'),
    keyImages: mr.map((i, n) => keyImage(i, `Axial MR of the brain, slice ${n + 1}: normal`)),
  }),
  finding('lungs', {
    outcome: 'MINOR_FINDING',
    priorFindingId: demoScanRowId('earlier', 'f1'),
    pathology: { name: 'Lung nodule, unchanged', description: 'The 4 mm nodule has not changed in a year.' },
    nextSteps: [
      {
        title: 'No further lung follow-up needed',
        subtitle: 'A nodule unchanged for a year is benign',
        content: 'Mention it to your doctor at your next check-up.',
        enable: false,
        dueDate: null,
      },
    ],
  }),
  finding('kidneys', {
    outcome: 'INFORMATIONAL_FINDING',
    priorFindingId: demoScanRowId('earlier', 'f2'),
    children: [
      finding('kidneys', {
        outcome: 'INFORMATIONAL_FINDING',
        pathology: { name: 'Right kidney cyst', description: 'The simple cyst measures 9 mm, as before.' },
      }),
    ],
  }),
  finding('heart', {
    outcome: 'MAJOR_FINDING',
    pathology: {
      name: 'Coronary artery calcification',
      description:
        'Calcium in the left anterior descending coronary artery, calcium score 310. This raises the risk of a heart attack and should be seen by a cardiologist.',
    },
    keyImages: ct.map((i) => keyImage(i, 'Calcium in the coronary artery')),
    pdfReports: [{ uploadKey: heartReportKey, fileName: 'Cardiac findings report.pdf' }],
    nextSteps: [
      {
        title: 'See a cardiologist',
        subtitle: 'Within the next four weeks',
        content:
          'Take this report with you. The cardiologist may suggest a stress test and medicine to lower cholesterol.',
        enable: true,
        dueDate: heartDue,
      },
      {
        title: 'Blood test for cholesterol (lipid panel)',
        subtitle: 'Your family doctor can order it',
        content: 'A fasting blood test for cholesterol and blood sugar.',
        enable: true,
        dueDate: null,
      },
      {
        title: 'Repeat the calcium score in 3 to 5 years',
        subtitle: 'If your cardiologist advises it',
        content: '',
        enable: true,
        dueDate: null,
      },
    ],
    children: [
      finding('heart', {
        outcome: 'MINOR_FINDING',
        pathology: {
          name: 'Mild aortic valve thickening',
          description: 'The aortic valve leaflets are a little thicker than usual; the valve opens normally.',
        },
      }),
    ],
  }),
  finding('spine', {
    outcome: 'INFORMATIONAL_FINDING',
    pathology: {
      name: 'Mild degenerative disc changes',
      description: 'Early wear of the discs at L4-L5, common at this age.',
    },
  }),
];

/** The facility's report of the heart finding, a real one-page PDF. */
export const heartReportPdf = (): Promise<Buffer> =>
  reportPdf(
    'WHOLE BODY MRI - CARDIAC FINDINGS',
    [
      'St. Mary Imaging Center - Whole Body Imaging',
      'Patient: Pat Jordan    Date of birth: 1984-03-12',
      'Reading physician: Dr. L. Okafor, MD',
    ],
    [
      {
        heading: 'FINDINGS',
        text: 'Coronary artery calcification in the left anterior descending artery, Agatston score 310. Mild thickening of the aortic valve leaflets without stenosis. Normal heart size. No pericardial effusion.',
      },
      {
        heading: 'IMPRESSION',
        text: 'Moderate coronary artery calcification. Referral to cardiology is recommended.',
      },
    ],
  );
