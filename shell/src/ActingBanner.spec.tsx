import { fireEvent, render, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { personPath } from '@portal/contracts';
import { clearActing, setActing } from '@portal/session';
import ActingBanner, { groupPagePath } from './ActingBanner';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('the acting banner (decision 0027)', () => {
  beforeEach(() => clearActing());

  it('names the member and the group the groups area opened, and goes back to the group', () => {
    setActing({ base: '/groups/g1/user/u1', memberName: 'Ann Lee', groupName: 'Care team' });
    render(<ActingBanner person={personPath('/groups/g1/user/u1/patient/my-records/all-requests')!} />);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('You are acting for Ann Lee in Care team');
    fireEvent.click(screen.getByTestId('acting-back'));
    expect(navigateToUrl).toHaveBeenCalledWith('/groups/g1');
  });

  it('says "a group member" when the names are of another member (a link opened in a new tab)', () => {
    setActing({ base: '/groups/g1/user/u9', memberName: 'Bob Roe', groupName: 'Care team' });
    render(<ActingBanner person={personPath('/groupAdmin/a1/groups/g1/user/u1/family-members')!} />);
    expect(screen.getByRole('status').textContent).toContain('You are acting for a group member');
    expect(screen.getByTestId('acting-back').getAttribute('href')).toBe('/groupAdmin/a1/groups/g1');
  });

  it('knows the group page of both prefixes', () => {
    expect(groupPagePath({ groupId: 'g', groupAdminId: null })).toBe('/groups/g');
    expect(groupPagePath({ groupId: 'g', groupAdminId: 'a' })).toBe('/groupAdmin/a/groups/g');
  });
});
