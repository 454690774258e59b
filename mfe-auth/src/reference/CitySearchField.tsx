import { useCallback, useState } from 'react';
import { CityAutocomplete, type CityAutocompleteProps } from '@portal/ui';
import { useGetCitiesQuery } from './reference.api';

/**
 * The shared city search answered by this remote's API (getCities within the chosen country). The
 * last answer stays listed while the next search is on its way; a failed search lists none.
 */
export const CitySearchField = (props: Omit<CityAutocompleteProps, 'options' | 'loading' | 'onSearch'>) => {
  const { countryIso } = props;
  // The country is taken with the text, so a new country is asked after the same pause as a new text.
  const [asked, setAsked] = useState<{ filterStr: string; countryIso: string } | null>(null);
  const onSearch = useCallback(
    (text: string | null) => setAsked(text === null ? null : { filterStr: text, countryIso }),
    [countryIso],
  );
  const cities = useGetCitiesQuery(asked ?? { filterStr: '', countryIso }, { skip: asked === null });
  return (
    <CityAutocomplete
      {...props}
      options={cities.isError ? [] : (cities.data ?? [])}
      loading={cities.isFetching}
      onSearch={onSearch}
    />
  );
};
