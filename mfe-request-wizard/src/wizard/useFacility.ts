import { skipToken } from '@reduxjs/toolkit/query';
import { useErrorToast } from '@portal/ui';
import { useWizardInitQuery } from '../wizard.api';
import { useWizard } from './WizardContext';

/** Everything the wizard needs of the chosen facility (GET init, with the chosen alias). */
export const useFacility = () => {
  const { custodianId, state } = useWizard();
  const query = useWizardInitQuery(
    custodianId ? { custodianId, custodianAliasId: state.custodianAliasId } : skipToken,
  );
  useErrorToast(query.error as { message?: string } | undefined);
  return query;
};
