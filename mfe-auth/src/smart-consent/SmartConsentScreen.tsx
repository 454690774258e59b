import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  scopeInPlainWords,
  smartConsentTitle,
  type SmartConsentDecision,
  type SmartConsentRequest,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { AuthCard } from '../components/AuthCard';
import { goToApp } from './leave-portal';
import { useAnswerConsentMutation, useGetConsentRequestQuery } from './smart-consent.api';

/** Without these an app cannot work at all (its patient, who signed in): they cannot be unticked. */
export const REQUIRED_SCOPES: readonly string[] = ['launch/patient', 'openid', 'fhirUser'];

const TITLE = 'Connect an app';
const TEST_ID = 'smart-consent';

/** 404 (expired, answered, unknown) and 400 (not an id) both mean: this request cannot be answered here. */
const isGone = (status: number | undefined) => status === 404 || status === 400;

const ScopeList = ({
  request,
  kept,
  disabled,
  onToggle,
}: {
  request: SmartConsentRequest;
  kept: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (scope: string, on: boolean) => void;
}) => (
  <FormGroup aria-label="What the app may do" data-testid="smart-consent-scopes">
    {request.scopes.map(({ scope, words }) => {
      const required = REQUIRED_SCOPES.includes(scope);
      return (
        <FormControlLabel
          key={scope}
          sx={{ alignItems: 'flex-start', my: 0.5 }}
          disabled={disabled || required}
          control={
            <Checkbox
              checked={required || kept.has(scope)}
              onChange={(e) => onToggle(scope, e.target.checked)}
              sx={{ pt: 0.25 }}
              slotProps={{ input: { 'data-testid': `smart-consent-scope-${scope}` } as object }}
            />
          }
          label={
            <Box>
              <Typography variant="body1">{words || scopeInPlainWords(scope)}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                <Box component="code" sx={{ fontFamily: 'monospace' }}>
                  {scope}
                </Box>
                {required ? ` · ${MESSAGES.smartConsentRequired}` : null}
              </Typography>
            </Box>
          }
        />
      );
    })}
  </FormGroup>
);

/** The request cannot be answered (expired, answered already, unknown): the app must ask again. */
const Gone = () => (
  <Alert severity="warning" data-testid="smart-consent-expired">
    {MESSAGES.smartConsentExpired}
  </Alert>
);

const ConsentForm = ({ request }: { request: SmartConsentRequest }) => {
  const [answer, answerState] = useAnswerConsentMutation();
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set(request.scopes.map((s) => s.scope)));
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const busy = answerState.isLoading || leaving;

  const onToggle = (scope: string, on: boolean) =>
    setKept((before) => {
      const next = new Set(before);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

  const send = async (decision: SmartConsentDecision) => {
    setFailure(null);
    try {
      const { redirectTo } = await answer({ requestId: request.id, decision }).unwrap();
      goToApp(redirectTo);
      setLeaving(true);
    } catch (e) {
      const { status, message } = queryError(e);
      setFailure({ status, message });
    }
  };
  const allow = () =>
    send({
      approve: true,
      // In the order the app asked for them; the required ones always.
      scopes: request.scopes
        .map((s) => s.scope)
        .filter((scope) => REQUIRED_SCOPES.includes(scope) || kept.has(scope)),
    });
  const deny = () => send({ approve: false });

  if (failure && isGone(failure.status)) return <Gone />;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          Site
        </Typography>
        <Typography data-testid="smart-consent-origin" sx={{ wordBreak: 'break-all' }}>
          {request.clientOrigin}
        </Typography>
      </Box>
      <Typography data-testid="smart-consent-patient">For: {request.patient.name}</Typography>
      <Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          The app asks to
        </Typography>
        <ScopeList request={request} kept={kept} disabled={busy} onToggle={onToggle} />
      </Box>
      <Alert severity="info" data-testid="smart-consent-read-only">
        {MESSAGES.smartConsentReadOnly} {MESSAGES.smartConsentRevokeAnyTime}
      </Alert>
      {failure ? (
        <Alert severity="error" role="alert" data-testid="smart-consent-failure">
          {failure.message}
        </Alert>
      ) : null}
      {busy ? <LinearProgress aria-label={leaving ? MESSAGES.smartConsentReturning : 'Sending'} /> : null}
      {leaving ? (
        <Typography role="status" data-testid="smart-consent-leaving">
          {MESSAGES.smartConsentReturning}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          onClick={() => void deny()}
          disabled={busy}
          data-testid="smart-consent-deny"
        >
          Deny
        </Button>
        <Button
          variant="contained"
          onClick={() => void allow()}
          disabled={busy}
          data-testid="smart-consent-allow"
        >
          Allow
        </Button>
      </Stack>
    </Stack>
  );
};

/**
 * The SMART consent screen (issue 29): the authorization server sends the signed-in patient here with
 * `?request=<id>`. It shows which app asks, where its data goes, whose record and what for, with every
 * scope ticked (the ones an app cannot work without cannot be unticked); Allow or Deny sends the
 * answer, and the browser goes back to the app with its code or its refusal.
 */
const SmartConsentScreen = () => {
  const [params] = useSearchParams();
  const requestId = params.get('request') ?? '';
  const request = useGetConsentRequestQuery(requestId, { skip: !requestId });
  const error = request.error ? queryError(request.error) : null;

  if (!requestId || (error && isGone(error.status)))
    return (
      <AuthCard title={TITLE} testId={TEST_ID} width={560}>
        <Gone />
      </AuthCard>
    );
  if (!request.data)
    return (
      <AuthCard title={TITLE} testId={TEST_ID} width={560}>
        {error ? (
          <Alert severity="error" data-testid="smart-consent-load-error">
            {error.message}
          </Alert>
        ) : (
          <LinearProgress aria-label={MESSAGES.loading} data-testid="smart-consent-loading" />
        )}
      </AuthCard>
    );
  return (
    <AuthCard title={smartConsentTitle(request.data.clientName)} testId={TEST_ID} width={560}>
      <ConsentForm key={request.data.id} request={request.data} />
    </AuthCard>
  );
};

export default SmartConsentScreen;
