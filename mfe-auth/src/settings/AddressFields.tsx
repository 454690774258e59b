import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import type { Country } from '@portal/contracts';
import { FormikTextField, SelectField } from '@portal/ui';
import { CitySearchField } from '../reference/CitySearchField';
import type { PersonalInfoValues } from './personal-info-form';

/** The form fields of the current address and of the prior one. */
const KEYS = {
  current: {
    address: 'address',
    country: 'country',
    cityId: 'cityId',
    city: 'city',
    state: 'state',
    postcode: 'postcode',
  },
  prior: {
    address: 'priorAddress',
    country: 'priorCountry',
    cityId: 'priorCityId',
    city: 'priorCity',
    state: 'priorState',
    postcode: 'priorPostcode',
  },
} as const;

export interface AddressFieldsProps {
  form: FormikProps<PersonalInfoValues>;
  countries: { value: string; label: string }[];
  /** The prior address: every field optional, labels say "Prior". */
  prior?: boolean;
}

export const countryOptions = (list: readonly Country[] | undefined) =>
  (list ?? []).map((c) => ({ value: c.iso, label: c.name }));

/**
 * Address, country, city (searched within the country; choosing one fills the state), state and
 * postcode. Changing the country empties the city and state, which belonged to the old one.
 */
export const AddressFields = ({ form, countries, prior = false }: AddressFieldsProps) => {
  const k = KEYS[prior ? 'prior' : 'current'];
  const label = (text: string) => (prior ? `Prior ${text.toLowerCase()}` : text);
  const testId = (name: string) => `personal-${name}`;
  const errorOf = (name: keyof PersonalInfoValues) => (form.touched[name] && form.errors[name]) || '';
  const set = (values: Partial<PersonalInfoValues>) =>
    void form.setValues({ ...form.values, ...values }, true);
  const cityId = form.values[k.cityId];
  const textField = (part: 'address' | 'state' | 'postcode', text: string, autoComplete: string) => (
    <FormikTextField
      form={form}
      name={k[part]}
      label={label(text)}
      testId={testId(k[part])}
      required={!prior}
      autoComplete={prior ? 'off' : autoComplete}
    />
  );

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        {prior ? 'Prior address (optional)' : 'Address'}
      </Typography>
      {textField('address', 'Address', 'street-address')}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectField
          testId={testId(k.country)}
          name={k.country}
          label={label('Country')}
          required={!prior}
          value={form.values[k.country]}
          options={countries}
          onChange={(iso) => {
            if (iso !== form.values[k.country])
              set({ [k.country]: iso, [k.cityId]: '', [k.city]: '', [k.state]: '' });
          }}
          onBlur={() => void form.setFieldTouched(k.country)}
          error={errorOf(k.country)}
        />
        <CitySearchField
          testId={testId(k.city)}
          label={label('City')}
          required={!prior}
          countryIso={form.values[k.country]}
          value={cityId ? { id: cityId, name: form.values[k.city] } : null}
          onChange={(city) =>
            set({
              [k.cityId]: city?.id ?? '',
              [k.city]: city?.name ?? '',
              ...(city ? { [k.state]: city.state_name || city.state || '' } : {}),
            })
          }
          onBlur={() => void form.setFieldTouched(k.cityId)}
          error={errorOf(k.cityId)}
        />
        {textField('state', 'State', 'address-level1')}
        {textField('postcode', 'Postcode', 'postal-code')}
      </Box>
    </Box>
  );
};
