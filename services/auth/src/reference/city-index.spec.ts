import { CityIndex, countries, countryName, fold } from './city-index';

describe('CityIndex', () => {
  const index = new CityIndex();

  it('finds cities by the start of their name, case- and accent-insensitive', () => {
    const found = index.search('US', 'spring');
    expect(found.length).toBeGreaterThan(3);
    expect(found.every((c) => fold(c.name).split(/[\s-]+/).some((w) => w.startsWith('spring')) || fold(c.name).startsWith('spring'))).toBe(true);
    expect(index.search('BR', 'sao pa').map((c) => c.name)).toContain('São Paulo');
  });

  it('finds a later word of the name, and lists names that start with the text first', () => {
    const found = index.search('US', 'york');
    expect(found.map((c) => c.name)).toContain('New York City');
    expect(found[0].name.toLowerCase().startsWith('york')).toBe(true);
  });

  it('gives each city a stable id that resolves back with its state', () => {
    const [ny] = index.search('US', 'New York City');
    expect(ny).toMatchObject({ id: 'US:NY:New York City', state: 'NY', state_name: 'New York', countryIso: 'US' });
    expect(index.find(ny.id)).toEqual(ny);
    expect(index.find('US:NY:Atlantis')).toBeUndefined();
    expect(index.find('nonsense')).toBeUndefined();
  });

  it('limits the answer and knows no cities of an unknown country', () => {
    expect(index.search('US', 'san', 5)).toHaveLength(5);
    expect(index.search('ZZ', 'san')).toEqual([]);
  });

  it('lists countries with their calling codes', () => {
    expect(countries().find((c) => c.iso === 'GB')).toEqual({ id: 'GB', iso: 'GB', name: 'United Kingdom', phoneCode: '44' });
    expect(countryName('us')).toBe('United States');
  });
});
