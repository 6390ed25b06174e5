// The user store over one DynamoDB table: its item families (families/), each reached directly through
// its own interface, which is what its class offers. A new method is a public method of its family's
// class; a new family is a module of families/, a field of UserStore and a line in the constructor.
// Every write is a partial update or a conditional put (table.ts): concurrent writers never overwrite
// each other's attributes. Item shapes: items.ts; what older versions wrote: legacy.ts.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AccountLinkItems, type AccountLinks } from './families/account-link';
import { AlexaGrantItems, type AlexaGrants } from './families/alexa-grants';
import {
  DEFAULT_LINK_CODE_TTL_SECONDS,
  LinkCodeItems,
  MIN_LINK_CODE_TTL_SECONDS,
  secureRandom,
  type LinkCodes,
} from './families/link-codes';
import { SetupProgressItems, type Setups } from './families/setup-progress';
import { TvItems, type Tvs } from './families/tvs';
import { Table, type StoreContext } from './table';

export { DEFAULT_LINK_CODE_TTL_SECONDS, LINK_CODE_REUSE_MARGIN_SECONDS } from './families/link-codes';
export { TOKEN_CLOCK_SKEW_MS } from './families/account-link';
export { SETUP_CHECKPOINTS_KEPT } from './families/setup-progress';

/** The item families of one table. A caller that needs one family takes that family's interface. */
export interface UserStore {
  /** The user's record read whole, and the access token last seen. */
  readonly links: AccountLinks;
  /** The user's TVs, and the index of TVs behind each home gateway. */
  readonly tvs: Tvs;
  /** Setup checkpoints, the setup leases, and the run a voice request started. */
  readonly setups: Setups;
  /** Link codes, and the count of codes tried. */
  readonly linkCodes: LinkCodes;
  /** Alexa's event grants, per home gateway. */
  readonly grants: AlexaGrants;
}

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

export class DynamoUserStore implements UserStore {
  readonly links: AccountLinks;
  readonly tvs: Tvs;
  readonly setups: Setups;
  readonly linkCodes: LinkCodes;
  readonly grants: AlexaGrants;

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
    this.links = new AccountLinkItems(c);
    this.tvs = new TvItems(c);
    this.setups = new SetupProgressItems(c);
    this.linkCodes = new LinkCodeItems(c, ttl, options.random ?? secureRandom);
    this.grants = new AlexaGrantItems(c);
  }
}
