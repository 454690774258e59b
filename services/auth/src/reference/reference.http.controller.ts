import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import {
  apiRoute,
  AUTH_API,
  citiesQuerySchema,
  type City,
  type Country,
  type CountryCode,
  type TimeZoneOption,
} from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { CityIndex, countries } from './city-index';

/** '(UTC-05:00) America/New_York' from the platform's own time-zone database. */
export const timeZones = (now = new Date()): TimeZoneOption[] =>
  Intl.supportedValuesOf('timeZone')
    .map((value) => {
      const part = new Intl.DateTimeFormat('en-US', { timeZone: value, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((p) => p.type === 'timeZoneName')?.value;
      const offset = !part || part === 'GMT' ? '+00:00' : part.replace('GMT', '');
      return { value, label: `(UTC${offset}) ${value.replace(/_/g, ' ')}`, offset };
    })
    .sort((a, b) => offsetMinutes(a.offset) - offsetMinutes(b.offset) || a.value.localeCompare(b.value))
    .map(({ value, label }) => ({ value, label }));

const offsetMinutes = (o: string) => {
  const [h, m] = o.slice(1).split(':').map(Number);
  return (o.startsWith('-') ? -1 : 1) * (h * 60 + (m || 0));
};

@ApiTags('reference')
@Controller()
export class ReferenceController {
  private cache?: { day: string; zones: TimeZoneOption[] };
  private countryList?: Country[];
  private codes?: CountryCode[];

  constructor(private readonly cities: CityIndex) {}

  /** GET /api/getTimezones; offsets change with daylight saving, so the list is rebuilt daily. */
  @Public()
  @Get(apiRoute(AUTH_API.timezones))
  getTimezones(): TimeZoneOption[] {
    const day = new Date().toISOString().slice(0, 10);
    if (this.cache?.day !== day) this.cache = { day, zones: timeZones() };
    return this.cache.zones;
  }

  /** GET /api/getCountryCodes: calling codes from libphonenumber's metadata, named in English by the platform. */
  @Public()
  @Get(apiRoute(AUTH_API.countryCodes))
  getCountryCodes(): CountryCode[] {
    if (!this.codes) {
      const names = new Intl.DisplayNames(['en'], { type: 'region' });
      this.codes = getCountries()
        .map((iso) => ({ iso, name: names.of(iso) ?? iso, code: String(getCountryCallingCode(iso)) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    }
    return this.codes;
  }

  /** GET /api/myIdentity/countries, from the country-state-city data package. */
  @Get(apiRoute(AUTH_API.countries))
  getCountriesList(): Country[] {
    return (this.countryList ??= countries());
  }

  /** GET /api/myIdentity/getCities?filterStr=&countryIso=: searched after more than 2 typed characters. */
  @Get(apiRoute(AUTH_API.getCities))
  getCities(@Query(validate(citiesQuerySchema)) query: InferType<typeof citiesQuerySchema>): City[] {
    return this.cities.search(query.countryIso, query.filterStr);
  }
}
