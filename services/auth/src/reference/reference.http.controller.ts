import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/server-kit';

export interface TimeZoneOption {
  value: string;
  label: string;
}

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

  /** GET /api/getTimezones; offsets change with daylight saving, so the list is rebuilt daily. */
  @Public()
  @Get('getTimezones')
  getTimezones(): TimeZoneOption[] {
    const day = new Date().toISOString().slice(0, 10);
    if (this.cache?.day !== day) this.cache = { day, zones: timeZones() };
    return this.cache.zones;
  }
}
