// Who the setup is for (link code or userId) and which access token it acts with.
import type { UserRecord, UserStore } from '../store/types';
import { SetupInputError, SetupStepError } from './errors';
import type { SetupEvent } from './event';

export interface SetupUser {
  userId: string;
  record: UserRecord | undefined;
}

export async function resolveUser(store: UserStore, input: SetupEvent): Promise<SetupUser> {
  let userId: string;
  if (input.code !== undefined) {
    const owner = await store.findLinkCode(input.code);
    if (owner === undefined) {
      throw new SetupInputError('code', `link code ${input.code} is unknown, expired or already used; ask Alexa for a new one`);
    }
    userId = owner;
  } else {
    userId = input.userId;
  }
  return { userId, record: await store.get(userId) };
}

/** The event's token wins (it is fresher); the stored one is what the skill last saw. */
export function chooseToken(input: SetupEvent, user: SetupUser): string {
  const token = input.accessToken ?? user.record?.accessToken;
  if (token === undefined || token === '') {
    throw new SetupStepError('resolve-user', user.record === undefined
      ? 'this user is unknown and no accessToken was given; link the account in the Alexa app first, then ask Alexa for a link code'
      : 'no access token is stored for this user; link the account in the Alexa app first');
  }
  return token;
}
