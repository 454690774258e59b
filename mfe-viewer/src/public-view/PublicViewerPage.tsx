import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { PageLoading } from '@portal/ui';
import ImagingViewer from '../ImagingViewer';
import { DownloadAllButton } from './DownloadAllButton';
import { PasswordGate } from './PasswordGate';
import { ViewerFooter } from './ViewerFooter';
import { keepLinkToken, linkPatient, linkStudies, readLinkToken } from './link-studies';
import { useGetViewerConfigQuery, useValidateViewerPasswordMutation } from './public-view.api';

/** The link's studies: Download All, the Imaging tab, a picker when there are several, the viewer. */
const LinkViewer = ({
  linkId,
  token,
  config,
}: {
  linkId: string;
  token: string | null;
  config: NonNullable<ReturnType<typeof useGetViewerConfigQuery>['data']>;
}) => {
  const studies = linkStudies(config);
  const [chosen, setChosen] = useState(0);
  const study = studies[Math.min(chosen, studies.length - 1)];
  const viewerToken = config.token ?? token;
  return (
    <Box component="main" sx={{ width: '100%', maxWidth: 1100, mx: 'auto', p: { xs: 1, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <Typography component="h1" variant="h6">
          {linkPatient(config)}
        </Typography>
        <DownloadAllButton linkId={linkId} token={viewerToken} />
      </Box>
      <Tabs value="imaging" aria-label="Record">
        <Tab value="imaging" label="Imaging" data-testid="viewer-imaging-tab" />
      </Tabs>
      <Box role="tabpanel" sx={{ pt: 2 }}>
        {studies.length > 1 && (
          <TextField
            select
            size="small"
            label="Study"
            value={chosen}
            onChange={(e) => setChosen(Number(e.target.value))}
            sx={{ mb: 2, minWidth: 260, maxWidth: '100%' }}
            slotProps={{ htmlInput: { 'data-testid': 'viewer-study-picker' } }}
          >
            {studies.map((s, i) => (
              <MenuItem key={s.studyInstanceUid} value={i}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {study && viewerToken ? (
          <ImagingViewer
            key={study.studyInstanceUid}
            studyInstanceUid={study.studyInstanceUid}
            patientRequestId={study.patientRequestId}
            organizationName={study.organizationName}
            title={study.label}
            token={viewerToken}
            compareWith={studies.map((s) => ({ ...s, token: viewerToken }))}
          />
        ) : (
          <Typography data-testid="viewer-no-studies">{MESSAGES.noPreview}</Typography>
        )}
      </Box>
    </Box>
  );
};

/**
 * The public image viewer page /view/{id} (records spec §2.7, §4 Public viewer): the link's config,
 * the password gate when it needs one, then the viewer; with no password needed it shows at once.
 */
export const PublicViewerPage = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const [token, setToken] = useState<string | null>(() => readLinkToken(id) ?? search.get('token'));
  const config = useGetViewerConfigQuery({ linkId: id, token });
  const [validate, validation] = useValidateViewerPasswordMutation();
  const [gateError, setGateError] = useState<string | null>(null);

  const onPassword = async (password: string) => {
    try {
      const session = await validate({ linkId: id, password }).unwrap();
      keepLinkToken(id, session.token);
      setGateError(null);
      setToken(session.token);
    } catch (e) {
      setGateError(queryError(e).message || MESSAGES.viewerPasswordWrong);
    }
  };

  let body;
  if (config.isError) {
    body = (
      <Typography role="alert" data-testid="viewer-link-unavailable" sx={{ p: 4, textAlign: 'center' }}>
        {MESSAGES.viewerLinkUnavailable}
      </Typography>
    );
  } else if (!config.data || config.isFetching) {
    body = <PageLoading />;
  } else if (config.data.need_password && !config.data.patient_requests) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
        <PasswordGate error={gateError} busy={validation.isLoading} onSubmit={(p) => void onPassword(p)} />
      </Box>
    );
  } else {
    body = <LinkViewer linkId={id} token={token} config={config.data} />;
  }
  return (
    <Box sx={{ minHeight: '70vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1 }}>{body}</Box>
      <ViewerFooter />
    </Box>
  );
};
