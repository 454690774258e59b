/**
 * Plain-language explanations of words that appear in radiology reports, written for patients. A term
 * matches as a whole word, in any case, with simple plurals; `forms` are other spellings or endings of
 * the same word (British spellings, adjectives).
 */
export interface GlossaryEntry {
  term: string;
  forms?: string[];
  meaning: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  // How the pictures were taken
  {
    term: 'MRI',
    forms: ['magnetic resonance imaging'],
    meaning:
      'A scan that uses a strong magnet and radio waves, not X-rays, to make detailed pictures of the inside of the body.',
  },
  {
    term: 'CT',
    forms: ['computed tomography', 'CAT scan'],
    meaning: 'A scan that uses X-rays taken from many angles to build cross-section pictures of the body.',
  },
  {
    term: 'ultrasound',
    forms: ['sonography', 'sonogram'],
    meaning:
      'A scan that uses sound waves to make moving pictures of organs and blood flow. It uses no radiation.',
  },
  {
    term: 'X-ray',
    forms: ['radiograph', 'radiography'],
    meaning: 'A quick picture made with a small amount of radiation, good at showing bones and the lungs.',
  },
  {
    term: 'mammogram',
    forms: ['mammography'],
    meaning: 'An X-ray picture of the breast, used to look for early signs of breast disease.',
  },
  {
    term: 'PET',
    forms: ['positron emission tomography'],
    meaning:
      'A scan that uses a small amount of a radioactive tracer to show how active the body’s tissues are.',
  },
  {
    term: 'contrast',
    forms: ['contrast agent', 'contrast medium', 'gadolinium'],
    meaning:
      'A dye given by injection or by mouth that makes some tissues and blood vessels show up more clearly on the pictures.',
  },
  {
    term: 'non-contrast',
    forms: ['without contrast', 'unenhanced'],
    meaning: 'The pictures were taken without any dye.',
  },
  {
    term: 'enhancement',
    forms: ['enhancing', 'enhances'],
    meaning:
      'A part that becomes brighter after the dye is given, usually because it has a good blood supply. It can be normal or a sign of inflammation or a growth.',
  },
  { term: 'axial', meaning: 'Pictures that slice the body horizontally, as if looking up from the feet.' },
  { term: 'sagittal', meaning: 'Pictures that slice the body from front to back, showing it from the side.' },
  { term: 'coronal', meaning: 'Pictures that slice the body from side to side, showing it from the front.' },
  {
    term: 'T1-weighted',
    forms: ['T1'],
    meaning:
      'One kind of MRI picture; fat looks bright and fluid looks dark. It shows the body’s structure well.',
  },
  {
    term: 'T2-weighted',
    forms: ['T2'],
    meaning: 'One kind of MRI picture; fluid looks bright. It helps find swelling and other changes.',
  },
  {
    term: 'FLAIR',
    meaning:
      'An MRI picture in which normal fluid around the brain is dark, so swelling or scarring in the brain stands out.',
  },
  {
    term: 'diffusion-weighted',
    forms: ['diffusion', 'DWI'],
    meaning:
      'An MRI picture that shows how water moves in tissue. It is very good at finding a recent stroke.',
  },
  {
    term: 'sequence',
    meaning: 'One set of MRI pictures taken with particular settings; a scan usually has several.',
  },
  { term: 'signal', meaning: 'How bright or dark a tissue looks on an MRI picture.' },
  {
    term: 'hyperintense',
    forms: ['hyperintensity', 'hyperintensities'],
    meaning: 'Brighter than the tissue around it on an MRI picture.',
  },
  {
    term: 'hypointense',
    forms: ['hypointensity'],
    meaning: 'Darker than the tissue around it on an MRI picture.',
  },
  {
    term: 'hyperdense',
    forms: ['hyperdensity'],
    meaning: 'Brighter (denser) than the tissue around it on a CT picture.',
  },
  {
    term: 'hypodense',
    forms: ['hypodensity'],
    meaning: 'Darker (less dense) than the tissue around it on a CT picture.',
  },
  {
    term: 'artifact',
    forms: ['artefact'],
    meaning:
      'Something on the picture that is caused by the scan itself (for example by movement or metal), not by the body.',
  },
  // Parts of a report
  {
    term: 'clinical history',
    forms: ['indication'],
    meaning: 'Why the scan was done: the symptoms or question your doctor sent with the request.',
  },
  {
    term: 'technique',
    meaning: 'How the scan was done: which machine, which pictures and whether dye was used.',
  },
  { term: 'comparison', meaning: 'Earlier scans the radiologist looked at to see what has changed.' },
  {
    term: 'findings',
    forms: ['finding'],
    meaning: 'What the radiologist saw on the pictures, described part by part.',
  },
  {
    term: 'impression',
    forms: ['conclusion'],
    meaning:
      'The radiologist’s summary of the most important results; this is the part to discuss first with your doctor.',
  },
  { term: 'unremarkable', meaning: 'Looks normal; nothing worth mentioning was seen.' },
  { term: 'within normal limits', meaning: 'In the range that is usual for healthy people.' },
  {
    term: 'incidental',
    forms: ['incidentally', 'incidentaloma'],
    meaning:
      'Something found by chance that is not related to the reason for the scan. It is often harmless.',
  },
  {
    term: 'correlation',
    forms: ['correlate', 'clinical correlation'],
    meaning:
      'The radiologist suggests your doctor compares the result with your symptoms, examination or other tests.',
  },
  {
    term: 'follow-up',
    meaning: 'Another check or scan later on, to see whether something changes over time.',
  },
  {
    term: 'differential',
    forms: ['differential diagnosis'],
    meaning: 'A list of the possible explanations for what was seen.',
  },
  {
    term: 'suspicious',
    meaning: 'Has features that need further checking; it does not mean a disease is certain.',
  },
  {
    term: 'nonspecific',
    forms: ['non-specific'],
    meaning: 'Could have several causes, many of them harmless; the picture alone cannot tell which.',
  },
  { term: 'acute', meaning: 'New or sudden, usually within the last days or weeks.' },
  { term: 'chronic', meaning: 'Long-standing, present for months or years.' },
  { term: 'subacute', meaning: 'Between new and long-standing, usually a few weeks old.' },
  { term: 'mild', meaning: 'Small in amount or degree.' },
  { term: 'moderate', meaning: 'Medium in amount or degree.' },
  { term: 'severe', meaning: 'Large in amount or degree.' },
  { term: 'bilateral', forms: ['bilaterally'], meaning: 'On both sides of the body.' },
  { term: 'unilateral', meaning: 'On one side of the body only.' },
  { term: 'focal', meaning: 'In one small, limited area.' },
  { term: 'diffuse', forms: ['diffusely'], meaning: 'Spread over a wide area rather than in one spot.' },
  { term: 'anterior', meaning: 'Toward the front of the body.' },
  { term: 'posterior', meaning: 'Toward the back of the body.' },
  { term: 'lateral', meaning: 'Toward the side, away from the middle of the body.' },
  { term: 'medial', meaning: 'Toward the middle of the body.' },
  { term: 'proximal', meaning: 'Closer to the centre of the body or to where a limb attaches.' },
  { term: 'distal', meaning: 'Farther from the centre of the body or from where a limb attaches.' },
  // What may be seen
  {
    term: 'lesion',
    meaning:
      'A general word for an area that looks different from the tissue around it. It can be harmless or not; the report usually says more.',
  },
  { term: 'mass', meaning: 'A lump or growth. Further tests usually show what it is.' },
  {
    term: 'nodule',
    forms: ['nodular'],
    meaning: 'A small, round spot, usually less than 3 cm. Most nodules are harmless.',
  },
  { term: 'cyst', forms: ['cystic'], meaning: 'A small sac filled with fluid. Most cysts are harmless.' },
  {
    term: 'tumor',
    forms: ['tumour', 'neoplasm', 'neoplastic'],
    meaning: 'A growth of abnormal cells. It may be benign (not cancer) or malignant (cancer).',
  },
  { term: 'benign', meaning: 'Not cancer; it does not spread to other parts of the body.' },
  {
    term: 'malignant',
    forms: ['malignancy', 'malignancies'],
    meaning: 'Cancerous: able to grow into nearby tissue or spread to other parts of the body.',
  },
  {
    term: 'metastasis',
    forms: ['metastases', 'metastatic'],
    meaning: 'Cancer that has spread from where it started to another part of the body.',
  },
  {
    term: 'opacity',
    forms: ['opacities', 'opacification'],
    meaning:
      'An area that looks whiter than expected on an X-ray or CT, for example where the lung holds fluid or tissue instead of air.',
  },
  {
    term: 'consolidation',
    meaning:
      'Part of the lung is filled with fluid or tissue instead of air, often because of an infection such as pneumonia.',
  },
  {
    term: 'atelectasis',
    meaning:
      'A small part of the lung is partly collapsed or not fully filled with air. It is common and often minor.',
  },
  {
    term: 'effusion',
    meaning: 'A build-up of fluid in a space of the body, for example around the lung or in a joint.',
  },
  { term: 'edema', forms: ['oedema', 'edematous'], meaning: 'Swelling caused by extra fluid in the tissue.' },
  {
    term: 'inflammation',
    forms: ['inflammatory', 'inflamed'],
    meaning: 'The body’s reaction to injury or infection, with swelling, redness or pain.',
  },
  {
    term: 'infection',
    forms: ['infectious'],
    meaning: 'Illness caused by germs such as bacteria or viruses.',
  },
  { term: 'abscess', meaning: 'A pocket of pus caused by an infection.' },
  {
    term: 'hemorrhage',
    forms: ['haemorrhage', 'hemorrhagic', 'bleed', 'bleeding'],
    meaning: 'Bleeding: blood that has escaped from a blood vessel.',
  },
  {
    term: 'hematoma',
    forms: ['haematoma'],
    meaning: 'A collection of blood outside the blood vessels, like a deep bruise.',
  },
  {
    term: 'infarct',
    forms: ['infarction'],
    meaning:
      'An area of tissue that was damaged because its blood supply was blocked. In the brain this is a stroke.',
  },
  {
    term: 'ischemia',
    forms: ['ischaemia', 'ischemic', 'ischaemic'],
    meaning: 'Not enough blood flow reaching a part of the body.',
  },
  { term: 'stroke', meaning: 'Damage to part of the brain caused by a blocked or burst blood vessel.' },
  { term: 'aneurysm', meaning: 'A bulge in the wall of a blood vessel.' },
  {
    term: 'stenosis',
    forms: ['stenoses', 'stenotic'],
    meaning: 'Narrowing of a tube in the body, such as a blood vessel or the canal the spinal cord runs in.',
  },
  { term: 'occlusion', forms: ['occluded'], meaning: 'A complete blockage of a blood vessel or other tube.' },
  { term: 'thrombus', forms: ['thrombosis', 'clot'], meaning: 'A blood clot inside a blood vessel.' },
  {
    term: 'embolism',
    forms: ['embolus', 'emboli'],
    meaning: 'A clot or other material that travelled through the blood and blocked a vessel.',
  },
  {
    term: 'calcification',
    forms: ['calcified'],
    meaning:
      'A deposit of calcium that shows up bright on the pictures. It is often harmless and related to age or an old injury.',
  },
  {
    term: 'atrophy',
    forms: ['atrophic'],
    meaning: 'Shrinking of a tissue or organ. Some brain atrophy is normal with age.',
  },
  {
    term: 'volume loss',
    meaning: 'The tissue is a little smaller than expected, often part of normal ageing.',
  },
  { term: 'white matter', meaning: 'The deeper parts of the brain that carry signals between brain areas.' },
  {
    term: 'gray matter',
    forms: ['grey matter'],
    meaning: 'The outer layer of the brain where most nerve cells sit.',
  },
  {
    term: 'microangiopathy',
    forms: ['microangiopathic', 'small vessel disease', 'small vessel ischemic disease'],
    meaning: 'Wear of the brain’s tiny blood vessels, common with age, high blood pressure or diabetes.',
  },
  {
    term: 'ventricles',
    forms: ['ventricle', 'ventricular'],
    meaning: 'Fluid-filled spaces inside the brain (or the pumping chambers of the heart).',
  },
  {
    term: 'hydrocephalus',
    meaning: 'Too much fluid in the spaces inside the brain, which can put pressure on it.',
  },
  {
    term: 'midline shift',
    meaning: 'The middle of the brain is pushed to one side, usually by swelling or bleeding.',
  },
  { term: 'mass effect', meaning: 'Something is pressing on or pushing the tissue around it.' },
  {
    term: 'herniation',
    forms: ['herniated', 'hernia'],
    meaning: 'Tissue pushing out of the space where it normally sits, such as a spinal disc bulging out.',
  },
  { term: 'sinusitis', meaning: 'Swelling or infection of the air spaces (sinuses) in the face.' },
  {
    term: 'mucosal thickening',
    meaning: 'The lining of a space such as a sinus is thicker than usual, often from a cold or allergy.',
  },
  {
    term: 'fracture',
    forms: ['fractured'],
    meaning: 'A broken bone; it can be a small crack or a complete break.',
  },
  {
    term: 'dislocation',
    forms: ['dislocated'],
    meaning: 'A bone has moved out of its normal place in a joint.',
  },
  {
    term: 'degenerative',
    forms: ['degeneration'],
    meaning: 'Wear-and-tear changes that come with age or use.',
  },
  {
    term: 'osteoarthritis',
    forms: ['arthritis', 'arthropathy'],
    meaning: 'Wear of the cartilage in a joint, which can cause pain and stiffness.',
  },
  {
    term: 'osteophyte',
    forms: ['bone spur'],
    meaning: 'A small bony growth at the edge of a joint, a common sign of wear.',
  },
  { term: 'spondylosis', meaning: 'Age-related wear of the bones and discs of the spine.' },
  {
    term: 'disc bulge',
    forms: ['disc protrusion', 'disk bulge'],
    meaning:
      'A spinal disc extends a little beyond its normal edge. It is very common and often causes no symptoms.',
  },
  {
    term: 'meniscus',
    forms: ['menisci', 'meniscal'],
    meaning: 'A C-shaped cushion of cartilage inside the knee.',
  },
  {
    term: 'ligament',
    forms: ['ligamentous'],
    meaning: 'A strong band of tissue that holds bones together at a joint.',
  },
  {
    term: 'tendon',
    forms: ['tendinopathy', 'tendinosis'],
    meaning: 'A cord of tissue that attaches a muscle to a bone.',
  },
  {
    term: 'cartilage',
    forms: ['chondral'],
    meaning: 'The smooth, rubbery tissue that covers the ends of bones in a joint.',
  },
  { term: 'tear', meaning: 'A rip in a tissue such as a tendon, ligament or cartilage.' },
  {
    term: 'lymph node',
    forms: ['lymphadenopathy', 'adenopathy'],
    meaning: 'Small bean-shaped glands of the immune system; they can swell during an infection.',
  },
  { term: 'hepatomegaly', meaning: 'The liver is larger than usual.' },
  { term: 'splenomegaly', meaning: 'The spleen is larger than usual.' },
  { term: 'cardiomegaly', meaning: 'The heart looks larger than usual.' },
  {
    term: 'steatosis',
    forms: ['fatty liver'],
    meaning: 'Extra fat stored in the liver; it is common and often linked to weight or alcohol.',
  },
  { term: 'cholelithiasis', forms: ['gallstone', 'gallstones'], meaning: 'Stones in the gallbladder.' },
  {
    term: 'nephrolithiasis',
    forms: ['kidney stone', 'renal calculus', 'calculi'],
    meaning: 'Stones in the kidney.',
  },
  {
    term: 'emphysema',
    meaning: 'Damage to the small air sacs of the lungs that makes breathing harder, often from smoking.',
  },
  {
    term: 'pneumothorax',
    meaning:
      'Air has leaked into the space between the lung and the chest wall, which can make the lung collapse.',
  },
  { term: 'fibrosis', forms: ['fibrotic'], meaning: 'Scarring of a tissue.' },
  {
    term: 'granuloma',
    forms: ['granulomas', 'granulomatous'],
    meaning: 'A small area of healed inflammation, often from an old infection. It is usually harmless.',
  },
  { term: 'parenchyma', forms: ['parenchymal'], meaning: 'The main working tissue of an organ.' },
  {
    term: 'cortex',
    forms: ['cortical'],
    meaning: 'The outer layer of an organ, such as the brain or kidney.',
  },
  {
    term: 'cerebellum',
    forms: ['cerebellar'],
    meaning: 'The part at the back of the brain that controls balance and coordination.',
  },
  { term: 'pituitary', meaning: 'A small gland at the base of the brain that controls many hormones.' },
  { term: 'sulci', forms: ['sulcus', 'sulcal'], meaning: 'The grooves on the surface of the brain.' },
];
