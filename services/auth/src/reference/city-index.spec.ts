import { City as Cities } from 'country-state-city';
import { CityIndex, countries, countryName, fold } from './city-index';

describe('CityIndex', () => {
  const index = new CityIndex();

  it('finds cities by the start of their name, case- and accent-insensitive', () => {
    const found = index.search('US', 'spring');
    expect(found.length).toBeGreaterThan(3);
    expect(
      found.every(
        (c) =>
          fold(c.name)
            .split(/[\s-]+/)
            .some((w) => w.startsWith('spring')) || fold(c.name).startsWith('spring'),
      ),
    ).toBe(true);
    expect(index.search('BR', 'sao pa').map((c) => c.name)).toContain('São Paulo');
  });

  it('finds a later word of the name, after the names that start with the text', () => {
    expect(index.search('US', 'york ci').map((c) => c.name)).toContain('New York City');
    // Hundreds of US names have a later word "park"; the ones that start with it still come first.
    const park = index.search('US', 'park');
    expect(park).toHaveLength(20);
    expect(park.every((c) => fold(c.name).startsWith('park'))).toBe(true);
    const york = index.search('US', 'YORK', 40).map((c) => fold(c.name));
    const firstLater = york.findIndex((n) => !n.startsWith('york'));
    expect(firstLater).toBeGreaterThan(0);
    expect(york.slice(firstLater).every((n) => !n.startsWith('york') && /[^a-z]york/.test(n))).toBe(true);
  });

  it('gives each city a stable id that resolves back with its state', () => {
    const [ny] = index.search('US', 'New York City');
    expect(ny).toMatchObject({
      id: 'US:NY:New York City',
      state: 'NY',
      state_name: 'New York',
      countryIso: 'US',
    });
    expect(index.find(ny.id)).toEqual(ny);
    expect(index.find('US:NY:Atlantis')).toBeUndefined();
    expect(index.find('nonsense')).toBeUndefined();
  });

  it('limits the answer and knows no cities of an unknown country', () => {
    expect(index.search('US', 'san', 5)).toHaveLength(5);
    expect(index.search('ZZ', 'san')).toEqual([]);
  });

  it("indexes every city the package lists for a country, each under the package's state code", () => {
    const fresh = new CityIndex();
    for (const c of Cities.getCitiesOfCountry('AD') ?? [])
      expect(fresh.find(`AD:${c.stateCode}:${c.name}`)).toMatchObject({ name: c.name, countryIso: 'AD' });
    expect(Cities.getCitiesOfCountry('AD')?.length).toBeGreaterThan(5);
  });

  it('lists countries with their calling codes', () => {
    expect(countries().find((c) => c.iso === 'GB')).toEqual({
      id: 'GB',
      iso: 'GB',
      name: 'United Kingdom',
      phoneCode: '44',
    });
    expect(countryName('us')).toBe('United States');
  });
});
