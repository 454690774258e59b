import { useState } from 'react';
import { CityAutocomplete, type CityAutocompleteProps } from '@portal/ui';
import { useGetCitiesQuery } from './reference.api';

/** The shared city search answered by this remote's API (getCities within the chosen country). */
export const CitySearchField = (props: Omit<CityAutocompleteProps, 'options' | 'loading' | 'onSearch'>) => {
  const [text, setText] = useState<string | null>(null);
  const cities = useGetCitiesQuery({ filterStr: text ?? '', countryIso: props.countryIso }, { skip: text === null });
  return <CityAutocomplete {...props} options={cities.currentData ?? []} loading={cities.isFetching} onSearch={setText} />;
};
