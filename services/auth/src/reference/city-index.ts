import { City as Cities, Country as Countries, State as States } from 'country-state-city';
import { CITY_SEARCH_LIMIT, type City, type Country } from '@portal/contracts';

/** Folds case and accents, so "sao" finds "São Paulo". */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface Entry {
  key: string;
  city: City;
}

/**
 * Prefix search over a country's cities: every word of a city name is a key (so "york" finds
 * "New York"), kept sorted so a lookup is a binary search. Built once per country on first use;
 * the package's data is loaded once per process.
 */
export class CityIndex {
  private readonly byCountry = new Map<string, Entry[]>();
  private readonly byId = new Map<string, City>();

  search(countryIso: string, text: string, limit = CITY_SEARCH_LIMIT): City[] {
    const entries = this.entries(countryIso.toUpperCase());
    const needle = fold(text.trim());
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid].key < needle) lo = mid + 1;
      else hi = mid;
    }
    const found = new Map<string, City>();
    for (let i = lo; i < entries.length && entries[i].key.startsWith(needle) && found.size < limit; i++) found.set(entries[i].city.id, entries[i].city);
    // Names that start with the text come first, then those with a later word that does.
    return [...found.values()].sort((a, b) => Number(!fold(a.name).startsWith(needle)) - Number(!fold(b.name).startsWith(needle)) || a.name.localeCompare(b.name));
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
    const states = new Map(States.getStatesOfCountry(iso).map((s) => [s.isoCode, s.name]));
    list = [];
    for (const c of Cities.getCitiesOfCountry(iso) ?? []) {
      const city: City = { id: `${iso}:${c.stateCode}:${c.name}`, name: c.name, state: c.stateCode, state_name: states.get(c.stateCode) ?? c.stateCode, countryIso: iso };
      this.byId.set(city.id, city);
      const words = fold(c.name).split(/[\s\-'’().,/]+/).filter(Boolean);
      const keys = new Set([fold(c.name), ...words.map((_, i) => words.slice(i).join(' '))]);
      for (const key of keys) list.push({ key, city });
    }
    list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.byCountry.set(iso, list);
    return list;
  }
}

export const countries = (): Country[] =>
  Countries.getAllCountries().map((c) => ({ id: c.isoCode, iso: c.isoCode, name: c.name, phoneCode: c.phonecode.replace(/^\+/, '') }));

export const countryName = (iso: string | null | undefined): string | null => (iso ? (Countries.getCountryByCode(iso.toUpperCase())?.name ?? null) : null);
