export * from './OutlinedTextField';
export * from './FormikTextField';
export * from './SelectField';
export * from './DateOfBirthInput';
export * from './CityAutocomplete';
export * from './calling-codes';
export * from './SubmitButton';
