import type { DocRequestType } from '@portal/contracts';

/** Real US cities with their state and a zip prefix; the catalogue's names and addresses draw from them. */
const CITIES: Array<[city: string, state: string, stateName: string, zip: string]> = [
  ['New York', 'NY', 'New York', '100'],
  ['Los Angeles', 'CA', 'California', '900'],
  ['Chicago', 'IL', 'Illinois', '606'],
  ['Houston', 'TX', 'Texas', '770'],
  ['Phoenix', 'AZ', 'Arizona', '850'],
  ['Philadelphia', 'PA', 'Pennsylvania', '191'],
  ['San Antonio', 'TX', 'Texas', '782'],
  ['San Diego', 'CA', 'California', '921'],
  ['Dallas', 'TX', 'Texas', '752'],
  ['San Jose', 'CA', 'California', '951'],
  ['Austin', 'TX', 'Texas', '787'],
  ['Jacksonville', 'FL', 'Florida', '322'],
  ['Fort Worth', 'TX', 'Texas', '761'],
  ['Columbus', 'OH', 'Ohio', '432'],
  ['Charlotte', 'NC', 'North Carolina', '282'],
  ['Indianapolis', 'IN', 'Indiana', '462'],
  ['San Francisco', 'CA', 'California', '941'],
  ['Seattle', 'WA', 'Washington', '981'],
  ['Denver', 'CO', 'Colorado', '802'],
  ['Nashville', 'TN', 'Tennessee', '372'],
  ['Oklahoma City', 'OK', 'Oklahoma', '731'],
  ['El Paso', 'TX', 'Texas', '799'],
  ['Boston', 'MA', 'Massachusetts', '021'],
  ['Portland', 'OR', 'Oregon', '972'],
  ['Las Vegas', 'NV', 'Nevada', '891'],
  ['Detroit', 'MI', 'Michigan', '482'],
  ['Memphis', 'TN', 'Tennessee', '381'],
  ['Louisville', 'KY', 'Kentucky', '402'],
  ['Baltimore', 'MD', 'Maryland', '212'],
  ['Milwaukee', 'WI', 'Wisconsin', '532'],
  ['Albuquerque', 'NM', 'New Mexico', '871'],
  ['Tucson', 'AZ', 'Arizona', '857'],
  ['Fresno', 'CA', 'California', '937'],
  ['Sacramento', 'CA', 'California', '958'],
  ['Kansas City', 'MO', 'Missouri', '641'],
  ['Atlanta', 'GA', 'Georgia', '303'],
  ['Omaha', 'NE', 'Nebraska', '681'],
  ['Raleigh', 'NC', 'North Carolina', '276'],
  ['Miami', 'FL', 'Florida', '331'],
  ['Minneapolis', 'MN', 'Minnesota', '554'],
  ['Tulsa', 'OK', 'Oklahoma', '741'],
  ['Cleveland', 'OH', 'Ohio', '441'],
  ['Wichita', 'KS', 'Kansas', '672'],
  ['New Orleans', 'LA', 'Louisiana', '701'],
  ['Tampa', 'FL', 'Florida', '336'],
  ['Honolulu', 'HI', 'Hawaii', '968'],
  ['Pittsburgh', 'PA', 'Pennsylvania', '152'],
  ['Cincinnati', 'OH', 'Ohio', '452'],
  ['St. Louis', 'MO', 'Missouri', '631'],
  ['Salt Lake City', 'UT', 'Utah', '841'],
  ['Buffalo', 'NY', 'New York', '142'],
  ['Madison', 'WI', 'Wisconsin', '537'],
  ['Richmond', 'VA', 'Virginia', '232'],
  ['Boise', 'ID', 'Idaho', '837'],
  ['Spokane', 'WA', 'Washington', '992'],
  ['Des Moines', 'IA', 'Iowa', '503'],
  ['Anchorage', 'AK', 'Alaska', '995'],
  ['Providence', 'RI', 'Rhode Island', '029'],
  ['Hartford', 'CT', 'Connecticut', '061'],
  ['Burlington', 'VT', 'Vermont', '054'],
];
const KINDS = [
  'Imaging',
  'Radiology',
  'Medical',
  'Diagnostic',
  'Orthopedic',
  'Cardiology',
  'Oncology',
  'Community',
  'Regional',
  'Family',
  'Pediatric',
  'Sports Medicine',
  'Neurology',
  'Women\u2019s Health',
];
const SUFFIXES = [
  'Center',
  'Clinic',
  'Hospital',
  'Associates',
  'Institute',
  'Partners',
  'Group',
  'Medical Center',
  'Health',
  'Specialists',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Park Blvd',
  'Cedar Ln',
  'Elm St',
  'Washington Ave',
  'Lake Rd',
  'Hill St',
  'River Rd',
  'Pine St',
  'Broadway',
];
const DOC_TYPE_SETS: DocRequestType[][] = [
  ['IMAGES', 'REPORTS'],
  ['IMAGES', 'IMAGES_ONLY', 'REPORTS', 'OTHERS'],
  ['REPORTS', 'OTHERS'],
  ['IMAGES_ONLY'],
];
const THEMES = ['default', 'orange', 'blue'];
const COLORS = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e', '#283593'];

/** mulberry32: a small seeded PRNG, so every installation generates the very same catalogue. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export interface CatalogueRows {
  id: string[];
  name: string[];
  address: string[];
  city: string[];
  state: string[];
  stateName: string[];
  postcode: string[];
  phone: string[];
  website: string[];
  mrn: boolean[];
  theme: string[];
  docTypes: string[];
  color: string[];
  searchText: string[];
  aliasId: string[];
  aliasOf: string[];
  aliasName: string[];
}

const hex = (rand: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');

/** `count` facilities in column arrays (ready for INSERT ... SELECT FROM unnest), about one in five with an alias. */
export const generateCatalogue = (count: number, seed = 20260901): CatalogueRows => {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const rows: CatalogueRows = {
    id: [],
    name: [],
    address: [],
    city: [],
    state: [],
    stateName: [],
    postcode: [],
    phone: [],
    website: [],
    mrn: [],
    theme: [],
    docTypes: [],
    color: [],
    searchText: [],
    aliasId: [],
    aliasOf: [],
    aliasName: [],
  };
  const uuid = () => `${hex(rand, 8)}-${hex(rand, 4)}-4${hex(rand, 3)}-8${hex(rand, 3)}-${hex(rand, 12)}`;
  for (let i = 0; i < count; i++) {
    const [city, state, stateName, zip] = pick(CITIES);
    const name = `${city} ${pick(KINDS)} ${pick(SUFFIXES)}${i >= 1000 ? ` ${Math.floor(i / 1000)}` : ''}`;
    const id = uuid();
    let search = `${name} ${city}`;
    if (rand() < 0.2) {
      const alias = `${pick(KINDS)} ${pick(SUFFIXES)} of ${city} ${pick(['North', 'South', 'East', 'West', 'Downtown'])}`;
      rows.aliasId.push(uuid());
      rows.aliasOf.push(id);
      rows.aliasName.push(alias);
      search += ` ${alias}`;
    }
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    rows.id.push(id);
    rows.name.push(name);
    rows.address.push(`${1 + Math.floor(rand() * 9800)} ${pick(STREETS)}`);
    rows.city.push(city);
    rows.state.push(state);
    rows.stateName.push(stateName);
    rows.postcode.push(`${zip}${String(Math.floor(rand() * 100)).padStart(2, '0')}`);
    rows.phone.push(
      `(${200 + Math.floor(rand() * 700)}) 555-${String(Math.floor(rand() * 10000)).padStart(4, '0')}`,
    );
    rows.website.push(`https://${slug}.example.org`);
    rows.mrn.push(rand() < 0.3);
    rows.theme.push(pick(THEMES));
    rows.docTypes.push(`{${pick(DOC_TYPE_SETS).join(',')}}`);
    rows.color.push(pick(COLORS));
    rows.searchText.push(search.toLowerCase());
  }
  return rows;
};
