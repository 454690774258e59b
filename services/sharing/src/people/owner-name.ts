import type { Queryable } from '@portal/server-kit';
import type { LibraryRepository } from '../library/library.repository';

/** How mails name the patient who shares: the account holder's name, else "A patient". */
export const ownerName = async (
  library: LibraryRepository,
  db: Queryable,
  ownerUserId: string,
): Promise<string> => {
  const holder = await library.accountHolder(db, ownerUserId);
  return `${holder?.first_name ?? ''} ${holder?.last_name ?? ''}`.trim() || 'A patient';
};
