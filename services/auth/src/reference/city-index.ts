import * as fs from 'node:fs';
import Countries from 'country-state-city/lib/cjs/country';
import States from 'country-state-city/lib/cjs/state';
import { CITY_SEARCH_LIMIT, type City, type Country } from '@portal/contracts';

/** The package's cities of the world: rows of [name, countryCode, stateCode, latitude, longitude]. */
const CITY_ROWS = require.resolve('country-state-city/lib/cjs/assets/city.json');
type CityRow = [name: string, countryCode: string, stateCode: string, ...place: string[]];

/**
 * One country's cities, read from the package's file when the country is first indexed. The package's
 * own City API (and its index module) parses all 148,000 cities into the heap when required and keeps
 * them: some 45 MB in 900,000 small objects that every garbage collection of the process then marks,
 * for one country's worth of use. Reading the file costs about 80 ms, once per country.
 */
const citiesOf = (iso: string): CityRow[] =>
  (JSON.parse(fs.readFileSync(CITY_ROWS, 'utf8')) as CityRow[]).filter((row) => row[1] === iso);

/** Folds case and accents, so "sao" finds "São Paulo". */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface Entry {
  key: string;
  /** The whole name folded, to rank names that start with the text first. */
  name: string;
  city: City;
}

/**
 * Prefix search over a country's cities: every word of a city name starts a key (so "york" finds
 * "New York"), kept sorted so a lookup is a binary search. Built once per country on first use;
 * only the countries asked for are read (citiesOf).
 */
export class CityIndex {
  private readonly byCountry = new Map<string, Entry[]>();
  private readonly byId = new Map<string, City>();

  /** Names that start with the text first, then names with a later word that does, each alphabetical. */
  search(countryIso: string, text: string, limit = CITY_SEARCH_LIMIT): City[] {
    const entries = this.entries(countryIso.toUpperCase());
    const needle = fold(text.trim()).replace(/\s+/g, ' ');
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid].key < needle) lo = mid + 1;
      else hi = mid;
    }
    // Every match is looked at before the limit applies, or a later-word match could crowd out a better one.
    const first = new Map<string, City>();
    const later = new Map<string, City>();
    for (let i = lo; i < entries.length && entries[i].key.startsWith(needle); i++) {
      const { name, city } = entries[i];
      (name.startsWith(needle) ? first : later).set(city.id, city);
    }
    for (const id of first.keys()) later.delete(id);
    const byName = (a: City, b: City) => a.name.localeCompare(b.name);
    return [...[...first.values()].sort(byName), ...[...later.values()].sort(byName)].slice(0, limit);
  }

  /** A city by its id ('US:NY:New York'), or undefined when no such city exists. */
  find(id: string): City | undefined {
    const [iso] = id.split(':');
    if (!iso || !/^[A-Z]{2}$/.test(iso)) return undefined;
    this.entries(iso);
    return this.byId.get(id);
  }

  private entries(iso: string): Entry[] {
    let list = this.byCountry.get(iso);
    if (list) return list;
    // A code no country has is answered at once: it neither reads the file nor takes room here.
    if (!Countries.getCountryByCode(iso)) return [];
    const states = new Map(States.getStatesOfCountry(iso).map((s) => [s.isoCode, s.name]));
    list = [];
    for (const [cityName, , stateCode] of citiesOf(iso)) {
      const city: City = {
        id: `${iso}:${stateCode}:${cityName}`,
        name: cityName,
        state: stateCode,
        state_name: states.get(stateCode) ?? stateCode,
        countryIso: iso,
      };
      this.byId.set(city.id, city);
      const name = fold(cityName);
      const words = name.split(/[\s\-'’().,/]+/).filter(Boolean);
      const keys = new Set([name, ...words.map((_, i) => words.slice(i).join(' '))]);
      for (const key of keys) list.push({ key, name, city });
    }
    list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.byCountry.set(iso, list);
    return list;
  }
}

export const countries = (): Country[] =>
  Countries.getAllCountries().map((c) => ({
    id: c.isoCode,
    iso: c.isoCode,
    name: c.name,
    phoneCode: c.phonecode.replace(/^\+/, ''),
  }));

export const countryName = (iso: string | null | undefined): string | null =>
  iso ? (Countries.getCountryByCode(iso.toUpperCase())?.name ?? null) : null;
