// Who the setup is for (link code or userId), how link-code guessing is bounded, and which access
// token the run acts with.
import type { UserRecord } from '../store/types';
import type { AccountLinks, UserStore } from '../store';
import { SetupInputError, SetupStepError } from './errors';
import type { SetupEvent } from './event';

/** Link-code tries are counted in fixed windows; after this many misses in one, codes are refused. */
export const CODE_TRY_WINDOW_SECONDS = 15 * 60;
export const CODE_MISSES_PER_WINDOW = 10;
const ALEXA_USER_ID_PREFIX = 'amzn1.ask.account.';

export interface SetupUser {
  userId: string;
  /** The link code given was already used by a finished setup (a rerun of the same command). */
  codeUsed: boolean;
  /** The Echo's postal code the link code carries (read by the skill with the user's permission). */
  postalCode?: string;
}

export async function resolveUser(store: UserStore, input: SetupEvent, nowSeconds: number): Promise<SetupUser> {
  if (input.code === undefined) {
    // Without a token of its own the run can only act for a user the skill has seen: a mistyped id is
    // named, before anything (the lease, a checkpoint) is written under it.
    if (input.accessToken === undefined && (await store.links.get(input.userId)) === undefined) {
      // An explicit "accessToken": null asked for the stored token, and there is none: that field is the wrong one.
      if (input.accessTokenNull) {
        throw new SetupInputError(
          'accessToken',
          'accessToken is null and no token is stored for this user: give the device-cloud access token, ' +
            'or run setup with the link code Alexa gives ("Alexa, tell TV remote to give me a setup code"); nothing was changed',
        );
      }
      // Quoted back only when it has an Alexa user id's form: an access token given as userId by mistake
      // must reach neither the answer nor the log.
      const named = input.userId.startsWith(ALEXA_USER_ID_PREFIX)
        ? `userId '${shown(input.userId)}'`
        : 'the userId given';
      throw new SetupInputError(
        'userId',
        `${named} is unknown: no Alexa user with this id has used the skill. ` +
          `Check the id (it starts with "${ALEXA_USER_ID_PREFIX}"), or run setup with the link code Alexa gives ("Alexa, open TV remote"); nothing was changed`,
      );
    }
    return { userId: input.userId, codeUsed: false };
  }
  // Every try is counted before the lookup and a right code is forgiven after it: at most a few
  // wrong codes per window, however many guesses run in parallel.
  const window = Math.floor(nowSeconds / CODE_TRY_WINDOW_SECONDS);
  const windowEnds = (window + 1) * CODE_TRY_WINDOW_SECONDS;
  if (!(await store.linkCodes.countLinkCodeTry(window, CODE_MISSES_PER_WINDOW, windowEnds + CODE_TRY_WINDOW_SECONDS))) {
    throw new SetupInputError(
      'code',
      `too many wrong link codes were tried recently, so setup by code is paused for ${minutesUntil(windowEnds, nowSeconds)}; ` +
        'check the code Alexa gave you (it is also on the card in the Alexa app) and try again then',
    );
  }
  const entry = await store.linkCodes.readLinkCode(input.code, nowSeconds);
  if (entry === undefined) {
    // Never the code itself: link codes are secrets like tokens, and this message is logged.
    throw new SetupInputError(
      'code',
      'the link code given is unknown or expired; ask Alexa for a new one (say "tell TV remote to give me a setup code")',
    );
  }
  await store.linkCodes.forgiveLinkCodeTry(window);
  return {
    userId: entry.userId,
    codeUsed: entry.used,
    ...(entry.postalCode !== undefined ? { postalCode: entry.postalCode } : {}),
  };
}

/** The user's record; a used code is only good for reporting the TV it already set up. */
export async function readUser(links: AccountLinks, user: SetupUser): Promise<UserRecord | undefined> {
  const record = await links.get(user.userId);
  if (user.codeUsed && record?.tvs === undefined) {
    throw new SetupInputError('code', 'the link code given was already used; ask Alexa for a new one');
  }
  return record;
}

/** The event's token wins (it is fresher); the stored one is what the skill last saw. */
export function chooseToken(input: SetupEvent, record: UserRecord | undefined): string {
  const token = input.accessToken ?? record?.accessToken;
  if (token === undefined || token === '') {
    throw new SetupStepError(
      'resolve-user',
      record === undefined
        ? 'this user is unknown and no accessToken was given; link the account in the Alexa app first, then ask Alexa for a link code'
        : 'no access token is stored for this user; link the account in the Alexa app first',
    );
  }
  return token;
}

function minutesUntil(endSeconds: number, nowSeconds: number): string {
  const minutes = Math.max(1, Math.ceil((endSeconds - nowSeconds) / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function shown(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
