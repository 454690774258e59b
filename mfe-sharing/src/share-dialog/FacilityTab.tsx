import { useState } from 'react';
import { useFormik } from 'formik';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  FACILITY_COMBO_MIN_LETTERS,
  FACILITY_NOTE_MAX,
  MESSAGES,
  SHARE_SEARCH_DEBOUNCE_MS,
  shareWithFacilityFormSchema,
  type Custodian,
  type ShareDialogProps,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { FormikTextField, toast, useDebouncedValue } from '@portal/ui';
import { useSearchFacilitiesQuery, useShareWithFacilityMutation } from '../sharing.api';

interface FacilityValues {
  custodianList: string;
  addNote: string;
  email: string;
}

/**
 * The Share With Imaging Facility tab (records spec §2.5, §5, §7): the facility combo box (searches after
 * 3 letters, 300 ms after typing stops), a note of at most 200 characters, the facility's e-mail; on
 * success 'Report Shared Successfully' and the dialog closes.
 */
export const FacilityTab = ({
  record,
  onDone,
}: Pick<ShareDialogProps, 'record'> & { onDone: () => void }) => {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Custodian | null>(null);
  const search = useDebouncedValue(typed.trim(), SHARE_SEARCH_DEBOUNCE_MS);
  const found = useSearchFacilitiesQuery(search, { skip: search.length < FACILITY_COMBO_MIN_LETTERS });
  const [share] = useShareWithFacilityMutation();
  const form = useFormik<FacilityValues>({
    initialValues: { custodianList: '', addNote: '', email: '' },
    validationSchema: shareWithFacilityFormSchema,
    onSubmit: async (v) => {
      try {
        await share({
          patientRequestId: record.patientRequestId,
          studyUid: record.studyUid!,
          custodian: v.custodianList,
          note: v.addNote,
          alias: chosen?.name ?? null,
          email: v.email.trim(),
        }).unwrap();
        toast.success(MESSAGES.reportSharedSuccessfully, 'share-with-facility');
        onDone();
      } catch (e) {
        toast.error(queryError(e).message, 'share-with-facility');
      }
    },
  });
  const custodianError =
    form.touched.custodianList || form.submitCount ? form.errors.custodianList : undefined;
  const tooShort = typed.trim().length < FACILITY_COMBO_MIN_LETTERS;

  return (
    <Box
      component="form"
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="share-tab-share-with-facility-panel"
      sx={{ display: 'grid', gap: 1 }}
    >
      <Autocomplete
        options={tooShort ? [] : (found.data ?? [])}
        getOptionLabel={(c) => c.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        value={chosen}
        onChange={(_, c) => {
          setChosen(c);
          void form.setFieldValue('custodianList', c?.id ?? '');
        }}
        inputValue={typed}
        onInputChange={(_, v) => setTyped(v)}
        loading={found.isFetching}
        noOptionsText={tooShort ? MESSAGES.typeAtLeast3Letters : MESSAGES.noDataAvailable}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Imaging facility"
            required
            onBlur={() => void form.setFieldTouched('custodianList', true)}
            error={Boolean(custodianError)}
            helperText={custodianError || MESSAGES.typeAtLeast3Letters}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'facility-combo' },
            }}
          />
        )}
      />
      <FormikTextField
        form={form}
        name="addNote"
        label="Note"
        testId="facility-note"
        multiline
        minRows={2}
        helperText={`${form.values.addNote.length}/${FACILITY_NOTE_MAX}`}
      />
      <FormikTextField
        form={form}
        name="email"
        label="Facility email"
        testId="facility-email"
        type="email"
        required
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={form.isSubmitting}
          data-testid="facility-share-submit"
        >
          Share
        </Button>
      </Box>
    </Box>
  );
};
