import { useFormik } from 'formik';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  familyMemberSchema,
  OTHER_RELATIVE,
  type FamilyMember,
  type FamilyMemberType,
} from '@portal/contracts';
import { FormikTextField, SelectField } from '@portal/ui';

export interface FamilyMemberValues {
  firstName: string;
  lastName: string;
  relationshipTypeId: string;
  relation: string;
}

/** Add or edit one family member; the relationship 'Other relative' needs a letters-only free text. */
export const FamilyMemberDialog = ({
  member,
  types,
  onClose,
  onSave,
}: {
  /** The member to edit, or null to add one. */
  member: FamilyMember | null;
  types: readonly FamilyMemberType[];
  onClose: () => void;
  onSave: (values: {
    firstName: string;
    lastName: string;
    relationshipTypeId: number;
    relation: string | null;
  }) => Promise<void>;
}) => {
  const otherId = String(types.find((t) => t.mnemonic === OTHER_RELATIVE)?.id ?? '');
  const form = useFormik<FamilyMemberValues>({
    initialValues: {
      firstName: member?.first_name ?? '',
      lastName: member?.last_name ?? '',
      relationshipTypeId: member ? String(member.relationship.id) : '',
      relation: member?.relation ?? '',
    },
    validationSchema: familyMemberSchema,
    onSubmit: (v) =>
      onSave({
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        relationshipTypeId: Number(v.relationshipTypeId),
        relation: v.relationshipTypeId === otherId ? v.relation.trim() : null,
      }),
  });
  const relationshipError = form.touched.relationshipTypeId ? form.errors.relationshipTypeId : undefined;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="family-dialog-title">
      <form onSubmit={form.handleSubmit} noValidate data-testid="family-form">
        <DialogTitle id="family-dialog-title">
          {member ? 'Edit family member' : 'Add family member'}
        </DialogTitle>
        <DialogContent>
          <FormikTextField
            form={form}
            name="firstName"
            label="First name"
            testId="family-firstName"
            required
            autoFocus
          />
          <FormikTextField form={form} name="lastName" label="Last name" testId="family-lastName" required />
          <SelectField
            testId="family-relationship"
            name="relationshipTypeId"
            label="Relationship"
            required
            value={form.values.relationshipTypeId}
            options={types.map((t) => ({ value: String(t.id), label: t.name }))}
            onChange={(v) => void form.setFieldValue('relationshipTypeId', v)}
            onBlur={() => void form.setFieldTouched('relationshipTypeId', true)}
            error={relationshipError}
          />
          {form.values.relationshipTypeId === otherId ? (
            <FormikTextField
              form={form}
              name="relation"
              label="Specify relationship"
              testId="family-relation"
              required
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="family-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting} data-testid="family-save">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
