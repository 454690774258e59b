export { GroupsContext } from './groups.context';
export { DEMO_GROUPS, demoMembershipId } from './demo/seed-demo';
export { SendExpiryReminders } from './memberships/expiry-reminders/send-expiry-reminders';
