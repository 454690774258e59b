import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CITY_SEARCH_MIN_CHARS } from '@portal/contracts';
import type { City } from '@portal/contracts';

/** Typing pauses this long before the city search is asked (as the facility search). */
export const CITY_SEARCH_DEBOUNCE_MS = 300;

/** The chosen city; a city read from a stored person has only its id and name. */
export type CityChoice = Pick<City, 'id' | 'name'> & Partial<City>;

export interface CityAutocompleteProps {
  testId: string;
  label: string;
  /** Cities are searched within this country; without one the field is disabled. */
  countryIso: string;
  value: CityChoice | null;
  onChange: (city: CityChoice | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  /** The answer to the latest search, and whether it is on its way. */
  options: readonly City[];
  loading?: boolean;
  /**
   * Asks for cities matching `text` (null: nothing to ask). Called 300 ms after the last key, only
   * when more than 2 characters are typed and they are not the chosen city's name.
   */
  onSearch: (text: string | null) => void;
}

const searchable = (text: string) => text.trim().length >= CITY_SEARCH_MIN_CHARS;

/**
 * City search (props in, no fetching): the search rules live here, the remote answers `onSearch`.
 * The state of each city is shown, as many names repeat.
 */
export const CityAutocomplete = ({
  testId,
  label,
  countryIso,
  value,
  onChange,
  onBlur,
  required,
  error,
  options,
  loading = false,
  onSearch,
}: CityAutocompleteProps) => {
  const [input, setInput] = useState(value?.name ?? '');
  const query = input.trim();
  const wanted = Boolean(countryIso) && searchable(query) && query !== value?.name;

  useEffect(() => {
    if (!wanted) {
      onSearch(null);
      return;
    }
    const timer = setTimeout(() => onSearch(query), CITY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, query, countryIso, onSearch]);

  return (
    <Autocomplete<CityChoice>
      id={testId}
      options={wanted ? (options as CityChoice[]) : []}
      value={value}
      inputValue={input}
      disabled={!countryIso}
      loading={wanted && loading}
      // The server already filtered; the options are shown as they came.
      filterOptions={(list) => list}
      getOptionLabel={(c) => c.name}
      getOptionKey={(c) => c.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, typed, reason) => setInput(reason === 'input' ? typed.trimStart() : typed)}
      onChange={(_, city) => onChange(city)}
      onBlur={onBlur}
      noOptionsText={searchable(input) ? 'No cities found' : `Type at least ${CITY_SEARCH_MIN_CHARS} letters`}
      renderOption={({ key, ...props }, c) => (
        <li key={key} {...props}>
          {c.state_name ? `${c.name}, ${c.state_name}` : c.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          margin="dense"
          error={Boolean(error)}
          helperText={error || (countryIso ? ' ' : 'Choose a country first')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            // The hint says why the field is disabled, so it keeps the readable colour.
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        />
      )}
    />
  );
};
