import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { FAMILY_MEMBER_TYPES, docRequestTypeName, isoToMmDdYyyy } from '@portal/contracts';
import { EDIT_TARGETS, stepSequence } from '../../wizard/routing';
import { RequestFeeNotice } from '../../wizard/RequestFeeNotice';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useFacility } from '../../wizard/useFacility';
import { useWizard } from '../../wizard/WizardContext';

const date = (iso: string) => (iso ? isoToMmDdYyyy(iso) : '');

const Section = ({
  title,
  edit,
  testId,
  children,
}: {
  title: string;
  edit: () => void;
  testId: string;
  children: ReactNode;
}) => (
  <Box data-testid={`verify-${testId}`} sx={{ py: 1.5 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Button size="small" onClick={edit} data-testid={`verify-edit-${testId}`} aria-label={`Edit ${title}`}>
        Edit
      </Button>
    </Box>
    {children}
    <Divider sx={{ mt: 1.5 }} />
  </Box>
);

const Row = ({ label, value }: { label: string; value: ReactNode }) =>
  value ? (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  ) : null;

/** Everything entered, each part with an Edit link that opens its page and returns here. */
export const VerifyDetailsStep = () => {
  const { state, route } = useWizard();
  const { goTo } = useStepNav('verify-details');
  const { data: init } = useFacility();
  const path = stepSequence(route);
  const edit = (key: keyof typeof EDIT_TARGETS) => () => goTo(EDIT_TARGETS[key], { edit: true });
  const p = state.patient;
  const relationName = FAMILY_MEMBER_TYPES.find((t) => t.mnemonic === state.relationship)?.name;
  return (
    <StepLayout step="verify-details" title="Verify your details">
      <Row label="Facility" value={init?.custodian.name} />
      <RequestFeeNotice />
      {path.includes('who-is-filling-request') || route.variant === 'external' ? (
        <Section
          title="Who is filling"
          testId="filler"
          edit={edit(route.variant === 'external' ? 'relationship' : 'filler')}
        >
          <Row
            label="Filling for"
            value={state.requestFiller === 'someone_else' ? 'Someone else' : 'Myself (the patient)'}
          />
          <Row
            label="Capacity"
            value={
              state.relationshipType === 'legally-appointed'
                ? 'Legally appointed'
                : state.relationshipType === 'family-member'
                  ? 'Family member'
                  : ''
            }
          />
        </Section>
      ) : null}
      <Section title="Patient" testId="patient" edit={edit('patient')}>
        <Row label="Name" value={[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')} />
        <Row label="Date of birth" value={date(p.dateOfBirth)} />
        <Row label="Email" value={p.email} />
        <Row label="Phone" value={p.phone} />
        <Row label="Address" value={[p.address, p.city, p.state, p.postcode].filter(Boolean).join(', ')} />
      </Section>
      <Section title="Records" testId="records" edit={edit('records')}>
        <Row label="MRN" value={route.providerRequest ? '' : state.MRNNo} />
        <Row label="Record types" value={state.docTypes.map(docRequestTypeName).join(', ')} />
        <Row label="Body parts" value={state.bodyParts.join(', ')} />
        <Row
          label="Dates"
          value={state.dateFrom || state.dateTo ? `${date(state.dateFrom)} – ${date(state.dateTo)}` : ''}
        />
        <Row label="Notes" value={state.notes} />
      </Section>
      {path.includes('relation-to-patient') || (route.variant === 'external' && state.relationship) ? (
        <Section
          title="Relationship"
          testId="relation"
          edit={edit(route.variant === 'external' ? 'relationship' : 'relation')}
        >
          <Row
            label="Relationship"
            value={state.relation ? `${relationName} (${state.relation})` : relationName}
          />
        </Section>
      ) : null}
      {path.includes('legal-relation-to-patient') ? (
        <Section title="Legal relationship" testId="legal-relation" edit={edit('legalRelation')}>
          <Row label="Legal relationship" value={state.legalRelation} />
        </Section>
      ) : null}
      {path.includes('delegate-information') ? (
        <Section title="Your information" testId="delegate" edit={edit('delegate')}>
          <Row label="Name" value={`${state.delegate.firstName} ${state.delegate.lastName}`} />
          <Row label="Email" value={state.delegate.email} />
          <Row label="Phone" value={state.delegate.phone} />
        </Section>
      ) : null}
      <Section title="Photo ID" testId="photo-id" edit={edit('photoId')}>
        <Row label="File" value={state.idProofImage?.file_name ?? 'Not uploaded'} />
      </Section>
      {path.includes('upload-legal-docs') ? (
        <Section title="Legal documents" testId="legal-docs" edit={edit('legalDocs')}>
          <Row label="Files" value={state.legalDocs.map((d) => d.file_name).join(', ') || 'None'} />
        </Section>
      ) : null}
    </StepLayout>
  );
};
export default VerifyDetailsStep;
