import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  PERSON_SUFFIXES,
  PERSON_SUFFIX_TARGET,
  type GroupDetails,
  type GroupMember,
  type PersonSuffix,
} from '@portal/contracts';
import { getRouteTable, setActing } from '@portal/session';
import { memberName, usDate } from '../common/format';
import { allowedActions, refusal } from '../common/member-actions';
import { groupBase, personBase, type GroupScope } from '../common/paths';
import { Fact, Loading, PermissionList, StatusChip } from '../common/ui';
import { GroupFrame } from '../group-page/GroupFrame';

/** The member's membership as the group sees it, with the screens the caller may open for them. */
export const MemberInfo = ({
  member,
  base,
  myPermissions,
}: {
  member: GroupMember;
  base: string;
  myPermissions: GroupDetails['myPermissions'];
}) => {
  const screens = allowedActions(member, myPermissions).filter((a) => a.suffix !== 'info');
  const blocked = refusal(member, 'info', myPermissions);
  return (
    <>
      <Box component="dl" sx={{ m: 0 }} data-testid="member-facts">
        <Fact label="E-mail">{member.email}</Fact>
        <Fact label="Status">
          <StatusChip status={member.status} />
        </Fact>
        <Fact label="Expires">{member.expiresAt ? usDate(member.expiresAt) : 'Never'}</Fact>
        <Fact label="ID verified">{member.identityVerified ? 'Yes' : 'No'}</Fact>
        <Fact label="Invited on">{usDate(member.invitedAt)}</Fact>
        {member.respondedAt ? <Fact label="Answered on">{usDate(member.respondedAt)}</Fact> : null}
      </Box>
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {member.status === 'ACTIVE' ? 'Permissions the member gave' : 'Permissions asked'}
      </Typography>
      <PermissionList permissions={member.permissions} testId="member-permissions" />
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        Act for the member
      </Typography>
      {blocked ? (
        <Alert severity="info" data-testid="person-refusal">
          {blocked}
        </Alert>
      ) : screens.length === 0 ? (
        <Alert severity="info" data-testid="person-no-screens">
          You have no permission the member gave.
        </Alert>
      ) : (
        <Box
          component="nav"
          aria-label={`Screens of ${memberName(member)}`}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          {screens.map((a) => (
            <Button
              key={a.suffix}
              component={RouterLink}
              to={`${base}/${a.suffix}`}
              variant="outlined"
              data-testid={`person-link-${a.suffix}`}
            >
              {a.label}
            </Button>
          ))}
        </Box>
      )}
    </>
  );
};

/** Opens a person screen: names the member for the banner, then goes to the patient's own screen for them. */
const OpenPersonScreen = ({
  group,
  scope,
  userId,
  suffix,
}: {
  group: GroupDetails;
  scope: GroupScope;
  userId: string;
  suffix: PersonSuffix;
}) => {
  const navigate = useNavigate();
  const member = group.members.find((m) => m.userId === userId);
  const base = personBase(scope, userId);
  const blocked = refusal(member, suffix, group.myPermissions);
  const target = suffix === 'info' ? null : PERSON_SUFFIX_TARGET[getRouteTable()][suffix];
  useEffect(() => {
    if (member && !blocked) setActing({ base, memberName: memberName(member), groupName: group.name });
    // A target named like the suffix is drawn in place by the patient's remote (the legacy table), never here.
    if (!blocked && target && target.split('?')[0] !== `/${suffix}`)
      void navigate(`${base}${target}`, { replace: true });
  }, [member, blocked, target, base, suffix, group.name, navigate]);

  if (suffix === 'info' && member)
    return <MemberInfo member={member} base={base} myPermissions={group.myPermissions} />;
  if (blocked || !target) {
    return (
      <>
        <Alert severity="warning" data-testid="person-refusal" sx={{ mb: 2 }}>
          {blocked}
        </Alert>
        <Button component={RouterLink} to={groupBase(scope)} variant="outlined" data-testid="person-back">
          Back to group
        </Button>
      </>
    );
  }
  return <Loading />;
};

/**
 * `/groups/{g}/user/{u}/{suffix}` (and under `/groupAdmin/{a}`): `info` is the member's membership here;
 * every other suffix opens the patient's own screen for the member (decision 0027), or says why it cannot.
 */
export const PersonScreen = () => {
  const { userId = '', suffix = '' } = useParams();
  // Any other page under the prefix is a patient remote's: this remote draws nothing there, even for the
  // moment before single-spa unmounts it.
  if (!(PERSON_SUFFIXES as readonly string[]).includes(suffix)) return null;
  return (
    <GroupFrame
      title={(g) => {
        const m = g.members.find((x) => x.userId === userId);
        return m ? memberName(m) : 'Member';
      }}
      testId="person"
    >
      {(group, scope) => (
        <OpenPersonScreen group={group} scope={scope} userId={userId} suffix={suffix as PersonSuffix} />
      )}
    </GroupFrame>
  );
};
