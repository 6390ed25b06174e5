// UserStore over one DynamoDB table, one item family a module (families/: the link, the TVs, setup
// progress, link codes, Alexa's grants; items.ts for the item shapes, legacy.ts for what older versions
// wrote). Every write is a partial update or a conditional put (table.ts), so concurrent writers (skill
// and setup) never overwrite each other's attributes. A new family is a module of families/ built here
// over the same StoreContext, and its methods listed below.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AccountLinkItems } from './families/account-link';
import { AlexaGrantItems } from './families/alexa-grants';
import {
  DEFAULT_LINK_CODE_TTL_SECONDS,
  LinkCodeItems,
  MIN_LINK_CODE_TTL_SECONDS,
  secureRandom,
} from './families/link-codes';
import { SetupProgressItems } from './families/setup-progress';
import { TvItems } from './families/tvs';
import { Table, type StoreContext } from './table';
import type { AlexaGrants, UserStore } from './types';

export { DEFAULT_LINK_CODE_TTL_SECONDS, LINK_CODE_REUSE_MARGIN_SECONDS } from './families/link-codes';
export { TOKEN_CLOCK_SKEW_MS } from './families/account-link';
export { SETUP_CHECKPOINTS_KEPT } from './families/setup-progress';

/** A method's arguments, passed on as they are to the family that keeps them. */
type Args<K extends keyof (UserStore & AlexaGrants)> = Parameters<(UserStore & AlexaGrants)[K]>;

export interface DynamoUserStoreOptions {
  tableName: string;
  /** Defaults to a client configured from the environment (region, credentials, AWS_ENDPOINT_URL_DYNAMODB). */
  client?: DynamoDBClient;
  /** How long a new link code stays valid; at least an hour. */
  linkCodeTtlSeconds?: number;
  /** In [0, 1); cryptographic by default. */
  random?: () => number;
  /** The time every family writes and checks, in ms since the epoch; Date.now by default. */
  now?: () => number;
}

export class DynamoUserStore implements UserStore, AlexaGrants {
  private readonly link: AccountLinkItems;
  private readonly tvs: TvItems;
  private readonly setups: SetupProgressItems;
  private readonly codes: LinkCodeItems;
  private readonly grants: AlexaGrantItems;

  constructor(options: DynamoUserStoreOptions) {
    if (!options.tableName) throw new Error('DynamoUserStore needs a table name');
    const ttl = options.linkCodeTtlSeconds ?? DEFAULT_LINK_CODE_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl < MIN_LINK_CODE_TTL_SECONDS) {
      throw new Error(`linkCodeTtlSeconds must be an integer of at least ${MIN_LINK_CODE_TTL_SECONDS}, got ${ttl}`);
    }
    const c: StoreContext = {
      table: new Table(options.tableName, options.client ?? new DynamoDBClient({})),
      now: options.now ?? Date.now,
    };
    this.link = new AccountLinkItems(c);
    this.tvs = new TvItems(c);
    this.setups = new SetupProgressItems(c);
    this.codes = new LinkCodeItems(c, ttl, options.random ?? secureRandom);
    this.grants = new AlexaGrantItems(c);
  }

  get(...a: Args<'get'>) {
    return this.link.get(...a);
  }
  saveAccessToken(...a: Args<'saveAccessToken'>) {
    return this.link.saveAccessToken(...a);
  }

  saveTv(...a: Args<'saveTv'>) {
    return this.tvs.saveTv(...a);
  }
  removeTv(...a: Args<'removeTv'>) {
    return this.tvs.removeTv(...a);
  }
  finishRemoval(...a: Args<'finishRemoval'>) {
    return this.tvs.finishRemoval(...a);
  }
  indexTv(...a: Args<'indexTv'>) {
    return this.tvs.indexTv(...a);
  }
  unindexTv(...a: Args<'unindexTv'>) {
    return this.tvs.unindexTv(...a);
  }
  tvsBehindGateways(...a: Args<'tvsBehindGateways'>) {
    return this.tvs.tvsBehindGateways(...a);
  }

  saveSetupProgress(...a: Args<'saveSetupProgress'>) {
    return this.setups.saveSetupProgress(...a);
  }
  takeSetupLease(...a: Args<'takeSetupLease'>) {
    return this.setups.takeSetupLease(...a);
  }
  releaseSetupLease(...a: Args<'releaseSetupLease'>) {
    return this.setups.releaseSetupLease(...a);
  }
  takeGatewayLease(...a: Args<'takeGatewayLease'>) {
    return this.setups.takeGatewayLease(...a);
  }
  releaseGatewayLease(...a: Args<'releaseGatewayLease'>) {
    return this.setups.releaseGatewayLease(...a);
  }
  startVoiceSetup(...a: Args<'startVoiceSetup'>) {
    return this.setups.startVoiceSetup(...a);
  }
  finishVoiceSetup(...a: Args<'finishVoiceSetup'>) {
    return this.setups.finishVoiceSetup(...a);
  }

  issueLinkCode(...a: Args<'issueLinkCode'>) {
    return this.codes.issueLinkCode(...a);
  }
  findLinkCode(...a: Args<'findLinkCode'>) {
    return this.codes.findLinkCode(...a);
  }
  readLinkCode(...a: Args<'readLinkCode'>) {
    return this.codes.readLinkCode(...a);
  }
  consumeLinkCode(...a: Args<'consumeLinkCode'>) {
    return this.codes.consumeLinkCode(...a);
  }
  countLinkCodeTry(...a: Args<'countLinkCodeTry'>) {
    return this.codes.countLinkCodeTry(...a);
  }
  forgiveLinkCodeTry(...a: Args<'forgiveLinkCodeTry'>) {
    return this.codes.forgiveLinkCodeTry(...a);
  }

  saveAlexaGrant(...a: Args<'saveAlexaGrant'>) {
    return this.grants.saveAlexaGrant(...a);
  }
  alexaGrant(...a: Args<'alexaGrant'>) {
    return this.grants.alexaGrant(...a);
  }
  forgetAlexaGrant(...a: Args<'forgetAlexaGrant'>) {
    return this.grants.forgetAlexaGrant(...a);
  }
}
