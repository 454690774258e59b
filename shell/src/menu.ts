import { PATHS } from '@portal/contracts';
import type { RoleMnemonic, RouteTableName } from '@portal/contracts';

export interface MenuItem {
  label: string;
  path: string;
  testId: string;
}

const kebab = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const item = (label: string, path: string): MenuItem => ({ label, path, testId: `menu-${kebab(label)}` });

/**
 * Side menu of the active role (records spec §2.1). Sharing appears for patients only when their
 * study list is non-empty.
 */
export const menuItems = (
  table: RouteTableName,
  role: RoleMnemonic | undefined,
  hasStudies: boolean,
): MenuItem[] => {
  const t = table === 'new';
  const settings = item('Settings', PATHS[table].settings);
  switch (role) {
    case 'PATIENT':
      return [
        item('My Records', t ? '/patient/my-records/all-requests' : '/myRecords'),
        ...(hasStudies ? [item('Sharing', t ? '/patient/sharing-records' : '/sharing')] : []),
        ...(t ? [item('Smart FHIR', '/smart-fhir')] : []),
        // Invitations, the groups that may act for the patient and what they did (issue 26).
        item('Groups and coordinators', '/pendingApproval'),
        settings,
      ];
    case 'EXTERNAL_PROVIDER':
      return [
        item('All Records', t ? '/provider/all-records' : '/dataRequest'),
        ...(t ? [item('External Requests', '/provider/external-requests')] : []),
        // A whole-body-scan facility's published scans and consultation requests (issue 27); staff of
        // other facilities are told there that theirs does not publish scans.
        ...(t
          ? [
              item('Whole Body Scans', '/provider/whole-body-scans'),
              item('Consultations', '/provider/consultations'),
            ]
          : []),
        settings,
      ];
    case 'EXTERNAL_VIEWER':
      return [item('Shared With Me', t ? '/patient/my-records/shared-with-me' : '/sharedWithMe'), settings];
    case 'MEDICAL_COORDINATOR':
      return [item('Groups', '/groups'), settings];
    case 'GROUP_ADMIN':
      return [item('Group Admin', '/groupAdmin'), settings];
    case 'SMART_FHIR':
      return [item('Smart FHIR', '/smart-fhir'), settings];
    default:
      return [];
  }
};

/** The menu item a path belongs to (longest matching prefix), for highlighting. */
export const activeMenuItem = (items: MenuItem[], pathname: string): MenuItem | undefined =>
  items
    .filter(
      (i) =>
        pathname === i.path ||
        pathname.startsWith(i.path.replace(/\/all-requests$/, '') + '/') ||
        pathname.startsWith(i.path + '/'),
    )
    .sort((a, b) => b.path.length - a.path.length)[0];
