import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_MNEMONICS,
  type NotificationChild,
  type NotificationGroup,
  type NotificationMnemonic,
  type NotificationSetting,
} from './types';

/** The rules of the notification switches, applied alike by the settings page and the auth context. */
export const groupOf = (child: NotificationChild): NotificationGroup =>
  (Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[]).find((g) =>
    (NOTIFICATION_GROUPS[g] as readonly string[]).includes(child),
  )!;

/** Every mnemonic with its value; a missing value counts as false. */
export const completeSettings = (
  list: readonly { mnemonic: string; value?: boolean | null }[],
): NotificationSetting[] =>
  NOTIFICATION_MNEMONICS.map((mnemonic) => ({
    mnemonic,
    value: list.find((s) => s.mnemonic === mnemonic)?.value === true,
  }));

/** Children of a switched-off group are off too. */
export const normaliseSettings = (list: readonly NotificationSetting[]): NotificationSetting[] => {
  const full = completeSettings(list);
  const on = (m: NotificationMnemonic) => full.find((s) => s.mnemonic === m)!.value;
  return full.map((s) =>
    s.mnemonic in NOTIFICATION_GROUPS
      ? s
      : { ...s, value: s.value && on(groupOf(s.mnemonic as NotificationChild)) },
  );
};

/** Whether a notice tied to `child` may be sent: the child and its group must both be on. */
export const notificationAllowed = (
  list: readonly { mnemonic: string; value?: boolean | null }[],
  child: NotificationChild,
): boolean => {
  const full = normaliseSettings(completeSettings(list));
  return full.find((s) => s.mnemonic === child)!.value;
};
