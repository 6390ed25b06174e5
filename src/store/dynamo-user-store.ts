// UserStore over one DynamoDB table (see items.ts for the item shapes). Every write is a partial update
// or a conditional put, so concurrent writers (skill and setup) never overwrite each other's attributes.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { StoreError } from './errors';
import { codeKey, codeTriesKey, gatewayKey, grantKey, indexedTv, readAlexaGrant, readGatewayTvs, readLinkCodeItem, readUserRecord, setupProgress, tvEntry, userKey } from './items';
import { LinkCodeError, isLinkCode, linkCodeFrom, secureRandom } from './link-codes';
import { TvNameTaken, tvNameKey, type AlexaGrant, type AlexaGrants, type IndexedTv, type LinkCode, type LinkCodeState, type RegisteredTv, type SetupProgress, type UserRecord, type UserStore } from './types';

export const DEFAULT_LINK_CODE_TTL_SECONDS = 2 * 3600;
/** A code with less time left than this is not shown again: the user needs time to type it. */
export const LINK_CODE_REUSE_MARGIN_SECONDS = 10 * 60;
const MIN_LINK_CODE_TTL_SECONDS = 3600;
const CODE_ALLOCATION_ATTEMPTS = 5;

export interface DynamoUserStoreOptions {
  tableName: string;
  /** Defaults to a client configured from the environment (region, credentials, AWS_ENDPOINT_URL_DYNAMODB). */
  client?: DynamoDBClient;
  /** How long a new link code stays valid; at least an hour. */
  linkCodeTtlSeconds?: number;
  /** In [0, 1); cryptographic by default. */
  random?: () => number;
}

export class DynamoUserStore implements UserStore, AlexaGrants {
  private readonly tableName: string;
  private readonly docs: DynamoDBDocumentClient;
  private readonly linkCodeTtlSeconds: number;
  private readonly random: () => number;

  constructor(options: DynamoUserStoreOptions) {
    if (!options.tableName) throw new Error('DynamoUserStore needs a table name');
    const ttl = options.linkCodeTtlSeconds ?? DEFAULT_LINK_CODE_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl < MIN_LINK_CODE_TTL_SECONDS) {
      throw new Error(`linkCodeTtlSeconds must be an integer of at least ${MIN_LINK_CODE_TTL_SECONDS}, got ${ttl}`);
    }
    this.tableName = options.tableName;
    this.linkCodeTtlSeconds = ttl;
    this.random = options.random ?? secureRandom;
    this.docs = DynamoDBDocumentClient.from(options.client ?? new DynamoDBClient({}), {
      marshallOptions: { removeUndefinedValues: true },
      // Numbers come back as plain numbers even when out of safe range, instead of throwing on read.
      unmarshallOptions: { wrapNumbers: (value: string) => Number(value) },
    });
  }

  async get(userId: string): Promise<UserRecord | undefined> {
    const item = await this.read(userKey(checkUserId(userId)));
    return item ? readUserRecord(userId, item) : undefined;
  }

  /**
   * Conditional on time: a request that arrives late with an older token must not replace the newer
   * one. Ties (Alexa's timestamps have whole seconds) go to the later write.
   */
  async saveAccessToken(userId: string, accessToken: string, seenAt: number = Date.now()): Promise<boolean> {
    const key = userKey(checkUserId(userId));
    return this.updateIf('save the access token', {
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #userId = :userId, #token = :token, #seenAt = :seenAt',
      ConditionExpression: 'attribute_not_exists(#seenAt) OR #seenAt <= :seenAt',
      ExpressionAttributeNames: { '#userId': 'userId', '#token': 'accessToken', '#seenAt': 'accessTokenSeenAt' },
      ExpressionAttributeValues: { ':userId': userId, ':token': accessToken, ':seenAt': seenAt },
    });
  }

  async saveSetupProgress(userId: string, tvName: string, progress: SetupProgress): Promise<void> {
    await this.ensureMaps(userId, [SETUPS]);
    await this.update(userId, 'save the setup progress', 'SET #setups.#key = :progress', {
      names: { '#setups': SETUPS, '#key': tvNameKey(tvName) },
      values: { ':progress': setupProgress(progress) },
    });
  }

  async saveTv(userId: string, tv: RegisteredTv, setupName: string = tv.deviceName): Promise<void> {
    await this.ensureMaps(userId, [TVS, SETUPS]);
    try {
      // The one-TV code's `setup` goes too: it was a checkpoint of a run that has now finished.
      await this.update(userId, 'save the TV', 'SET #tvs.#key = :tv REMOVE #setups.#setupKey, #legacySetup', {
        condition: 'attribute_not_exists(#tvs.#key) OR #tvs.#key.#thingId = :thingId',
        names: { '#tvs': TVS, '#key': tvNameKey(tv.deviceName), '#setups': SETUPS, '#setupKey': tvNameKey(setupName), '#legacySetup': 'setup', '#thingId': 'thingId' },
        values: { ':tv': tvEntry(tv, new Date().toISOString()), ':thingId': tv.thingId },
      });
    } catch (err) {
      if (conditionFailed(err)) throw new TvNameTaken(tv.deviceName);
      throw err;
    }
  }

  async removeTv(userId: string, tv: RegisteredTv): Promise<boolean> {
    await this.ensureMaps(userId, [TVS]);
    const attempts: Array<{ expression: string; condition: string; names: Record<string, string> }> = [
      { expression: 'REMOVE #tvs.#key', condition: '#tvs.#key.#thingId = :thingId', names: { '#tvs': TVS, '#key': tvNameKey(tv.deviceName) } },
      // A TV saved by the one-TV code, with the checkpoint that run left behind.
      { expression: 'REMOVE #tv, #legacySetup', condition: '#tv.#thingId = :thingId', names: { '#tv': 'tv', '#legacySetup': 'setup' } },
    ];
    for (const { expression, condition, names } of attempts) {
      try {
        await this.update(userId, 'forget the TV', expression, { condition, names: { ...names, '#thingId': 'thingId' }, values: { ':thingId': tv.thingId } });
        return true;
      } catch (err) {
        if (!conditionFailed(err)) throw err;
      }
    }
    return false;
  }

  /**
   * Two updates: the map is created if missing, then the one entry set, so two setups adding TVs to the
   * same gateway at once never drop each other's entry (a whole-item write would).
   */
  async indexTv(tv: IndexedTv): Promise<void> {
    if (!tv.gatewayId || !tv.thingId) throw new Error('an indexed TV needs a gatewayId and a thingId');
    const key = gatewayKey(tv.gatewayId);
    await this.guard('index a TV', () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #gatewayId = :gatewayId, #tvs = if_not_exists(#tvs, :empty)',
      ExpressionAttributeNames: { '#gatewayId': 'gatewayId', '#tvs': 'tvs' },
      ExpressionAttributeValues: { ':gatewayId': tv.gatewayId, ':empty': {} },
    })));
    await this.guard('index a TV', () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #tvs.#thingId = :tv',
      ExpressionAttributeNames: { '#tvs': 'tvs', '#thingId': tv.thingId },
      ExpressionAttributeValues: { ':tv': indexedTv(tv) },
    })));
  }

  /** Takes the TV out of its gateway's index, if it is there; other TVs of the gateway stay. */
  async unindexTv(tv: Pick<IndexedTv, 'gatewayId' | 'thingId'>): Promise<void> {
    await this.updateIf('take the TV out of the gateway index', {
      TableName: this.tableName,
      Key: gatewayKey(tv.gatewayId),
      UpdateExpression: 'REMOVE #tvs.#thingId',
      ConditionExpression: 'attribute_exists(#tvs.#thingId)',
      ExpressionAttributeNames: { '#tvs': 'tvs', '#thingId': tv.thingId },
    });
  }

  async tvsBehindGateways(gatewayIds: readonly string[]): Promise<IndexedTv[]> {
    const ids = [...new Set(gatewayIds.filter((id) => id !== ''))];
    // Usually one gateway per account: parallel item reads need no batch retry logic.
    const items = await Promise.all(ids.map((id) => this.read(gatewayKey(id))));
    return items.flatMap((item) => (item ? readGatewayTvs(item) : []));
  }

  async saveAlexaGrant(gatewayId: string, grant: AlexaGrant, replacing?: string): Promise<boolean> {
    if (!gatewayId) throw new Error('an Alexa grant needs a gatewayId');
    return this.updateIf('keep the Alexa grant', {
      TableName: this.tableName,
      Key: grantKey(gatewayId),
      UpdateExpression: 'SET #gatewayId = :gatewayId, #region = :region, #access = :access, #refresh = :refresh, #expires = :expires, #savedAt = :savedAt REMOVE #forgottenAt',
      ConditionExpression: replacing === undefined ? undefined : '#refresh = :replacing',
      ExpressionAttributeNames: {
        '#gatewayId': 'gatewayId', '#region': 'region', '#access': 'accessToken', '#refresh': 'refreshToken',
        '#expires': 'accessTokenExpiresAt', '#savedAt': 'savedAt', '#forgottenAt': 'forgottenAt',
      },
      ExpressionAttributeValues: {
        ':gatewayId': gatewayId, ':region': grant.region, ':access': grant.accessToken, ':refresh': grant.refreshToken,
        ':expires': grant.accessTokenExpiresAt, ':savedAt': new Date().toISOString(), ...(replacing === undefined ? {} : { ':replacing': replacing }),
      },
    });
  }

  async alexaGrant(gatewayId: string): Promise<AlexaGrant | undefined> {
    const item = await this.read(grantKey(gatewayId));
    return item ? readAlexaGrant(item) : undefined;
  }

  /** The tokens go; the item stays with when they were dropped, for operators. */
  async forgetAlexaGrant(gatewayId: string, refreshToken: string): Promise<boolean> {
    return this.updateIf('forget the Alexa grant', {
      TableName: this.tableName,
      Key: grantKey(gatewayId),
      UpdateExpression: 'REMOVE #access, #refresh, #expires SET #forgottenAt = :now',
      ConditionExpression: '#refresh = :refresh',
      ExpressionAttributeNames: { '#access': 'accessToken', '#refresh': 'refreshToken', '#expires': 'accessTokenExpiresAt', '#forgottenAt': 'forgottenAt' },
      ExpressionAttributeValues: { ':refresh': refreshToken, ':now': new Date().toISOString() },
    });
  }

  async issueLinkCode(userId: string, nowSeconds: number = epochSeconds()): Promise<LinkCode> {
    const current = (await this.get(userId))?.linkCode;
    if (current && current.expiresAt - nowSeconds > LINK_CODE_REUSE_MARGIN_SECONDS && (await this.codeStillServes(current.code, userId, nowSeconds))) {
      return current;
    }
    const linkCode = await this.allocateCode(userId, nowSeconds);
    await this.setOnUser(userId, 'linkCode', linkCode);
    return linkCode;
  }

  async findLinkCode(code: string, nowSeconds: number = epochSeconds()): Promise<string | undefined> {
    const entry = await this.readLinkCode(code, nowSeconds);
    return entry && !entry.used ? entry.userId : undefined;
  }

  async readLinkCode(code: string, nowSeconds: number = epochSeconds()): Promise<LinkCodeState | undefined> {
    if (!isLinkCode(code)) return undefined;
    const item = await this.read(codeKey(code));
    const entry = item && readLinkCodeItem(item);
    // Checked here because TTL deletion runs up to days after expiresAt.
    return entry && entry.expiresAt > nowSeconds ? { userId: entry.userId, used: entry.used } : undefined;
  }

  async takeSetupLease(userId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    const key = userKey(checkUserId(userId));
    return this.updateIf('take the setup lease', {
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #userId = :userId, #lease = :lease',
      ConditionExpression: 'attribute_not_exists(#lease) OR #lease.#expiresAt <= :now OR #lease.#owner = :owner',
      ExpressionAttributeNames: { '#userId': 'userId', '#lease': 'setupLease', '#expiresAt': 'expiresAt', '#owner': 'owner' },
      ExpressionAttributeValues: { ':userId': userId, ':lease': { owner, expiresAt: nowSeconds + ttlSeconds }, ':now': nowSeconds, ':owner': owner },
    });
  }

  async releaseSetupLease(userId: string, owner: string): Promise<void> {
    const key = userKey(checkUserId(userId));
    // A refused condition leaves another run's lease (ours expired and was taken over) in place.
    await this.updateIf('release the setup lease', {
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'REMOVE #lease',
      ConditionExpression: '#lease.#owner = :owner',
      ExpressionAttributeNames: { '#lease': 'setupLease', '#owner': 'owner' },
      ExpressionAttributeValues: { ':owner': owner },
    });
  }

  async countLinkCodeTry(window: number, limit: number, expiresAt: number): Promise<boolean> {
    return this.updateIf('count a link code try', {
      TableName: this.tableName,
      Key: codeTriesKey(window),
      UpdateExpression: 'ADD #tries :one SET #expiresAt = :expiresAt',
      ConditionExpression: 'attribute_not_exists(#tries) OR #tries < :limit',
      ExpressionAttributeNames: { '#tries': 'tries', '#expiresAt': 'expiresAt' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': expiresAt },
    });
  }

  async forgiveLinkCodeTry(window: number): Promise<void> {
    await this.guard('forgive a link code try', () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: codeTriesKey(window),
      UpdateExpression: 'ADD #tries :minusOne',
      ExpressionAttributeNames: { '#tries': 'tries' },
      ExpressionAttributeValues: { ':minusOne': -1 },
    })));
  }

  /**
   * Single use: the first call marks the code used; any later call (or a call for an unknown code)
   * throws LinkCodeError('unknown-or-used') and leaves the code used. Expiry is checked by findLinkCode.
   */
  async consumeLinkCode(code: string): Promise<void> {
    if (!isLinkCode(code)) throw new LinkCodeError('malformed');
    try {
      await this.guard('mark the link code used',
        () => this.docs.send(new UpdateCommand({
          TableName: this.tableName,
          Key: codeKey(code),
          UpdateExpression: 'SET #usedAt = :now',
          ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#usedAt)',
          ExpressionAttributeNames: { '#pk': 'pk', '#usedAt': 'usedAt' },
          ExpressionAttributeValues: { ':now': epochSeconds() },
        })));
    } catch (err) {
      if (conditionFailed(err)) throw new LinkCodeError('unknown-or-used');
      throw err;
    }
  }

  /** Whether the user's remembered code is still theirs and unused (it may have been consumed). */
  private async codeStillServes(code: string, userId: string, nowSeconds: number): Promise<boolean> {
    return (await this.findLinkCode(code, nowSeconds)) === userId;
  }

  /** Claims a random free code; a code counts as free when absent or expired. */
  private async allocateCode(userId: string, nowSeconds: number): Promise<LinkCode> {
    const expiresAt = nowSeconds + this.linkCodeTtlSeconds;
    for (let attempt = 0; attempt < CODE_ALLOCATION_ATTEMPTS; attempt++) {
      const code = linkCodeFrom(this.random);
      try {
        await this.guard('allocate a link code',
          () => this.docs.send(new PutCommand({
            TableName: this.tableName,
            Item: { ...codeKey(code), userId, expiresAt },
            ConditionExpression: 'attribute_not_exists(#pk) OR #expiresAt <= :now',
            ExpressionAttributeNames: { '#pk': 'pk', '#expiresAt': 'expiresAt' },
            ExpressionAttributeValues: { ':now': nowSeconds },
          })));
        return { code, expiresAt };
      } catch (err) {
        if (!conditionFailed(err)) throw err;
      }
    }
    throw new LinkCodeError('no-free-code');
  }

  private async read(key: { pk: string }): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.guard('read a record', () => this.docs.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true })));
    return Item;
  }

  /** A conditional update: false (nothing written) when its condition is refused. */
  private async updateIf(doing: string, input: UpdateCommandInput): Promise<boolean> {
    try {
      await this.guard(doing, () => this.docs.send(new UpdateCommand(input)));
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  /** Every table call goes through here: a failure other than a refused condition becomes a StoreError. */
  private async guard<T>(doing: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (conditionFailed(err)) throw err;
      throw new StoreError(doing, err);
    }
  }

  /** SET one attribute (and userId), creating the record if missing; other attributes stay as they are. */
  private async setOnUser(userId: string, attribute: string, value: unknown): Promise<void> {
    const key = userKey(checkUserId(userId));
    await this.guard(`save ${attribute}`,
      () => this.docs.send(new UpdateCommand({
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'SET #userId = :userId, #attr = :value',
        ExpressionAttributeNames: { '#userId': 'userId', '#attr': attribute },
        ExpressionAttributeValues: { ':userId': userId, ':value': value },
      })));
  }

  /**
   * Creates the record and these map attributes where missing, leaving existing ones as they are: a
   * nested path (`tvs.#key`) can only be written once its map exists, and the two cannot be one update.
   */
  private async ensureMaps(userId: string, attributes: string[]): Promise<void> {
    const names: Record<string, string> = { '#userId': 'userId' };
    const sets = attributes.map((attribute, i) => {
      names[`#m${i}`] = attribute;
      return `#m${i} = if_not_exists(#m${i}, :empty)`;
    });
    await this.update(userId, 'prepare the user record', `SET #userId = :userId, ${sets.join(', ')}`, { names, values: { ':userId': userId, ':empty': {} } });
  }

  /** An update of the user's record; a refused condition is thrown as is, for the caller to read. */
  private async update(userId: string, doing: string, expression: string, options: { condition?: string; names: Record<string, string>; values: Record<string, unknown> }): Promise<void> {
    const key = userKey(checkUserId(userId));
    await this.guard(doing, () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: key,
      UpdateExpression: expression,
      ConditionExpression: options.condition,
      ExpressionAttributeNames: options.names,
      ExpressionAttributeValues: options.values,
    })));
  }
}

const TVS = 'tvs';
const SETUPS = 'tvSetups';

function checkUserId(userId: string): string {
  if (!userId) throw new Error('userId must not be empty');
  return userId;
}

/** By name, not instanceof: a second copy of the SDK in a bundle would defeat instanceof. */
function conditionFailed(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
