import { FAMILY_MEMBER_TYPES, OTHER_RELATIVE, requestPatientRecordSchema } from '@portal/contracts';
import { OutlinedTextField, SelectField } from '@portal/ui';
import { validateWith } from '../../wizard/validate';

export interface RelationValues {
  relationship: string;
  relation: string;
}

const schema = requestPatientRecordSchema.pick([
  'requestFiller',
  'relationshipType',
  'relationship',
  'relation',
]);
/** Spouse, Partner, Parent, Child, Sibling or Other relative (then a free text, letters only). */
export const validateRelation = validateWith<RelationValues>(schema, (v) => ({
  requestFiller: 'someone_else',
  relationshipType: 'family-member',
  relationship: v.relationship || null,
  relation: v.relationship === OTHER_RELATIVE ? v.relation : null,
}));

export const RelationFields = ({
  values,
  errors,
  onChange,
}: {
  values: RelationValues;
  errors: Partial<Record<keyof RelationValues, string>>;
  onChange: (v: RelationValues) => void;
}) => (
  <>
    <SelectField
      testId="relation-select"
      label="Relationship to the patient"
      required
      value={values.relationship}
      options={FAMILY_MEMBER_TYPES.map((t) => ({ value: t.mnemonic, label: t.name }))}
      onChange={(relationship) =>
        onChange({ relationship, relation: relationship === OTHER_RELATIVE ? values.relation : '' })
      }
      error={errors.relationship}
    />
    {values.relationship === OTHER_RELATIVE ? (
      <OutlinedTextField
        id="relation-other"
        label="Relationship"
        required
        fullWidth
        margin="dense"
        value={values.relation}
        onChange={(e) => onChange({ ...values, relation: e.target.value.trimStart() })}
        error={Boolean(errors.relation)}
        helperText={errors.relation || ' '}
        slotProps={{ htmlInput: { 'data-testid': 'relation-other' } }}
      />
    ) : null}
  </>
);
