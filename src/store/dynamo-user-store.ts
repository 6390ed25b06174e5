// UserStore over one DynamoDB table (see items.ts for the item shapes). Every write is a partial update
// or a conditional put, so concurrent writers (skill and setup) never overwrite each other's attributes.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { asRecord } from '../json';
import { StoreError } from './errors';
import { codeKey, codeTriesKey, gatewayKey, grantKey, indexedTv, readAlexaGrant, readGatewayTvs, readLinkCodeItem, readUserRecord, registeredTv, setupProgress, tvEntry, userKey, voiceSetup } from './items';
import { LinkCodeError, isLinkCode, linkCodeFrom, secureRandom } from './link-codes';
import { TvNameTaken, legacyTvNameKey, tvNameKey, type AlexaGrant, type AlexaGrants, type IndexedTv, type LinkCode, type LinkCodeState, type RegisteredTv, type SetupProgress, type UserRecord, type UserStore, type VoiceSetup, type VoiceSetupStart } from './types';

export const DEFAULT_LINK_CODE_TTL_SECONDS = 2 * 3600;
/** A code with less time left than this is not shown again: the user needs time to type it. */
export const LINK_CODE_REUSE_MARGIN_SECONDS = 10 * 60;
const MIN_LINK_CODE_TTL_SECONDS = 3600;
const CODE_ALLOCATION_ATTEMPTS = 5;
/** How far ahead of ours a request's clock may be before its time counts as now. */
export const TOKEN_CLOCK_SKEW_MS = 5 * 60 * 1000;

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
    // A bad clock must not pin a token: a time too far ahead counts as now, and a stored one too far
    // ahead (written before this rule) loses to any request.
    const now = Date.now();
    const latest = now + TOKEN_CLOCK_SKEW_MS;
    const at = Number.isFinite(seenAt) && seenAt <= latest ? seenAt : now;
    return this.updateIf('save the access token', {
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #userId = :userId, #token = :token, #seenAt = :seenAt',
      ConditionExpression: 'attribute_not_exists(#seenAt) OR #seenAt <= :seenAt OR #seenAt > :latest',
      ExpressionAttributeNames: { '#userId': 'userId', '#token': 'accessToken', '#seenAt': 'accessTokenSeenAt' },
      ExpressionAttributeValues: { ':userId': userId, ':token': accessToken, ':seenAt': at, ':latest': latest },
    });
  }

  /**
   * The checkpoints are bounded: beyond SETUP_CHECKPOINTS_KEPT unfinished runs, the least recently
   * updated are dropped (a run that stopped at "choose a preset" and was never rerun), so abandoned
   * runs never grow the item towards DynamoDB's 400 KB limit.
   */
  async saveSetupProgress(userId: string, tvName: string, progress: SetupProgress): Promise<void> {
    await this.ensureMaps(userId, [SETUPS]);
    const key = tvNameKey(tvName);
    const { Attributes } = await this.guard('save the setup progress', () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: userKey(checkUserId(userId)),
      UpdateExpression: 'SET #setups.#key = :progress',
      ExpressionAttributeNames: { '#setups': SETUPS, '#key': key },
      ExpressionAttributeValues: { ':progress': setupProgress(progress) },
      ReturnValues: 'ALL_NEW',
    })));
    const stale = staleSetups(Attributes?.[SETUPS], key);
    if (stale.length === 0) return;
    const names: Record<string, string> = { '#setups': SETUPS };
    stale.forEach((k, i) => { names[`#s${i}`] = k; });
    await this.update(userId, 'drop old setup progress', `REMOVE ${stale.map((_, i) => `#setups.#s${i}`).join(', ')}`, { names, values: {} });
  }

  async saveTv(userId: string, tv: RegisteredTv, setupName: string = tv.deviceName): Promise<void> {
    await this.ensureMaps(userId, [TVS, SETUPS]);
    const key = tvNameKey(tv.deviceName);
    const names: Record<string, string> = { '#tvs': TVS, '#key': key, '#setups': SETUPS, '#setupKey': tvNameKey(setupName), '#legacySetup': 'setup', '#thingId': 'thingId' };
    // The one-TV code's `setup` goes too: it was a checkpoint of a run that has now finished.
    const removes = ['#setups.#setupKey', '#legacySetup'];
    let condition = 'attribute_not_exists(#tvs.#key) OR #tvs.#key.#thingId = :thingId';
    // The same TV saved under the key used before the normal form moves to its new key.
    const oldKey = legacyTvNameKey(tv.deviceName);
    if (oldKey !== key) {
      Object.assign(names, { '#oldKey': oldKey, '#oldSetupKey': legacyTvNameKey(setupName) });
      removes.push('#tvs.#oldKey', '#setups.#oldSetupKey');
      condition = `(${condition}) AND (attribute_not_exists(#tvs.#oldKey) OR #tvs.#oldKey.#thingId = :thingId)`;
    }
    try {
      await this.update(userId, 'save the TV', `SET #tvs.#key = :tv REMOVE ${[...new Set(removes)].join(', ')}`, {
        condition,
        names,
        values: { ':tv': tvEntry(tv, new Date().toISOString()), ':thingId': tv.thingId },
      });
    } catch (err) {
      if (conditionFailed(err)) throw new TvNameTaken(tv.deviceName);
      throw err;
    }
  }

  /**
   * One update forgets the TV and remembers it under `tvRemovals` (by thingId) until finishRemoval:
   * a run that stops before the gateway index is updated leaves a record of what to finish.
   */
  async removeTv(userId: string, tv: RegisteredTv): Promise<boolean> {
    await this.ensureMaps(userId, [TVS, REMOVALS]);
    // The entry sits under its normal-form key, or under the older key for TVs saved before it.
    const keys = [...new Set([tvNameKey(tv.deviceName), legacyTvNameKey(tv.deviceName)])];
    const attempts: Array<{ expression: string; condition: string; names: Record<string, string> }> = [
      ...keys.map((key) => ({ expression: 'REMOVE #tvs.#key', condition: '#tvs.#key.#thingId = :thingId', names: { '#tvs': TVS, '#key': key } })),
      // A TV saved by the one-TV code, with the checkpoint that run left behind.
      { expression: 'REMOVE #tv, #legacySetup', condition: '#tv.#thingId = :thingId', names: { '#tv': 'tv', '#legacySetup': 'setup' } },
    ];
    for (const { expression, condition, names } of attempts) {
      try {
        await this.update(userId, 'forget the TV', `${expression} SET #removals.#removed = :tv`, {
          condition,
          names: { ...names, '#thingId': 'thingId', '#removals': REMOVALS, '#removed': tv.thingId },
          values: { ':thingId': tv.thingId, ':tv': registeredTv(tv) },
        });
        return true;
      } catch (err) {
        if (!conditionFailed(err)) throw err;
      }
    }
    return false;
  }

  async finishRemoval(userId: string, thingId: string): Promise<void> {
    await this.updateIf('finish forgetting the TV', {
      TableName: this.tableName,
      Key: userKey(checkUserId(userId)),
      UpdateExpression: 'REMOVE #removals.#removed',
      ConditionExpression: 'attribute_exists(#removals.#removed)',
      ExpressionAttributeNames: { '#removals': REMOVALS, '#removed': thingId },
    });
  }

  /**
   * Two updates: the map is created if missing, then the one entry set with its user added to the TV's
   * owners (a set attribute `owners#<thingId>`), so two setups adding TVs to the same gateway at once
   * never drop each other's entry (a whole-item write would), and every user who has the TV is known.
   * True when the gateway's index did not list the TV before (as the first update found the item).
   */
  async indexTv(tv: IndexedTv): Promise<boolean> {
    if (!tv.gatewayId || !tv.thingId) throw new Error('an indexed TV needs a gatewayId and a thingId');
    const key = gatewayKey(tv.gatewayId);
    const { Attributes } = await this.guard('index a TV', () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #gatewayId = :gatewayId, #tvs = if_not_exists(#tvs, :empty)',
      ExpressionAttributeNames: { '#gatewayId': 'gatewayId', '#tvs': 'tvs' },
      ExpressionAttributeValues: { ':gatewayId': tv.gatewayId, ':empty': {} },
      ReturnValues: 'ALL_OLD',
    })));
    await this.guard('index a TV', () => this.docs.send(new UpdateCommand({
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #tvs.#thingId = :tv ADD #owners :user',
      ExpressionAttributeNames: { '#tvs': 'tvs', '#thingId': tv.thingId, '#owners': ownersAttribute(tv.thingId) },
      ExpressionAttributeValues: { ':tv': indexedTv(tv), ':user': new Set([tv.userId]) },
    })));
    return asRecord(asRecord(Attributes?.['tvs'])?.[tv.thingId]) === undefined;
  }

  /**
   * Takes the user off the TV's owners, then the TV out of its gateway's index once no user has it;
   * other TVs of the gateway, and the TV for its other users, stay. The second step is conditional on
   * the owners being gone, so a user indexing the TV meanwhile keeps it listed.
   */
  async unindexTv(tv: Pick<IndexedTv, 'gatewayId' | 'thingId' | 'userId'>): Promise<void> {
    const owners = ownersAttribute(tv.thingId);
    await this.updateIf('take the TV out of the gateway index', {
      TableName: this.tableName,
      Key: gatewayKey(tv.gatewayId),
      UpdateExpression: 'DELETE #owners :user',
      ConditionExpression: 'attribute_exists(#owners)',
      ExpressionAttributeNames: { '#owners': owners },
      ExpressionAttributeValues: { ':user': new Set([tv.userId]) },
    });
    await this.updateIf('take the TV out of the gateway index', {
      TableName: this.tableName,
      Key: gatewayKey(tv.gatewayId),
      UpdateExpression: 'REMOVE #tvs.#thingId',
      ConditionExpression: 'attribute_exists(#tvs.#thingId) AND attribute_not_exists(#owners)',
      ExpressionAttributeNames: { '#tvs': 'tvs', '#thingId': tv.thingId, '#owners': owners },
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

  async issueLinkCode(userId: string, nowSeconds: number = epochSeconds(), postalCode?: string): Promise<LinkCode> {
    const current = (await this.get(userId))?.linkCode;
    if (current && current.expiresAt - nowSeconds > LINK_CODE_REUSE_MARGIN_SECONDS && (await this.codeStillServes(current.code, userId, nowSeconds))) {
      // The code asked for again (perhaps on another Echo) carries the postal code read this time, and
      // none when this read gave none: a permission withdrawn since is never outlived by an earlier read.
      await this.setPostalCode(current.code, userId, postalCode);
      return current;
    }
    const linkCode = await this.allocateCode(userId, nowSeconds, postalCode);
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
    if (!entry || entry.expiresAt <= nowSeconds) return undefined;
    return { userId: entry.userId, used: entry.used, ...(entry.postalCode !== undefined ? { postalCode: entry.postalCode } : {}) };
  }

  async takeSetupLease(userId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    return this.takeLease('take the setup lease', userKey(checkUserId(userId)), ['userId', userId], owner, nowSeconds, ttlSeconds);
  }

  async releaseSetupLease(userId: string, owner: string): Promise<void> {
    await this.releaseLease('release the setup lease', userKey(checkUserId(userId)), owner);
  }

  /** On the gateway's index item, which every user of the account reaches through the gateway. */
  async takeGatewayLease(gatewayId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    return this.takeLease('take the gateway setup lease', gatewayKey(checkGatewayId(gatewayId)), ['gatewayId', gatewayId], owner, nowSeconds, ttlSeconds);
  }

  async releaseGatewayLease(gatewayId: string, owner: string): Promise<void> {
    await this.releaseLease('release the gateway setup lease', gatewayKey(checkGatewayId(gatewayId)), owner);
  }
  async startVoiceSetup(userId: string, run: VoiceSetup, staleSeconds: number): Promise<VoiceSetupStart> {
    const started = await this.updateIf('start a voice setup', {
      TableName: this.tableName,
      Key: userKey(checkUserId(userId)),
      UpdateExpression: 'SET #userId = :userId, #vs = :run',
      // Not this request again, and no other run still going.
      ConditionExpression: 'attribute_not_exists(#vs) OR (#vs.#rid <> :rid AND (#vs.#state <> :running OR #vs.#startedAt <= :stale))',
      ExpressionAttributeNames: { '#userId': 'userId', '#vs': VOICE_SETUP, '#rid': 'requestId', '#state': 'state', '#startedAt': 'startedAt' },
      ExpressionAttributeValues: { ':userId': userId, ':run': voiceSetup(run), ':rid': run.requestId, ':running': 'running', ':stale': run.startedAt - staleSeconds },
    });
    if (started) return 'started';
    const current = (await this.get(userId))?.voiceSetup;
    return current?.requestId === run.requestId ? 'retry' : 'busy';
  }

  async finishVoiceSetup(userId: string, requestId: string, outcome: Pick<VoiceSetup, 'state' | 'choices' | 'failure'>): Promise<void> {
    const names: Record<string, string> = { '#vs': VOICE_SETUP, '#rid': 'requestId', '#state': 'state' };
    const values: Record<string, unknown> = { ':rid': requestId, ':state': outcome.state };
    const sets = ['#vs.#state = :state'];
    if (outcome.choices) {
      Object.assign(names, { '#choices': 'choices' });
      values[':choices'] = outcome.choices.map((p) => ({ id: p.id, label: p.label }));
      sets.push('#vs.#choices = :choices');
    }
    if (outcome.failure) {
      Object.assign(names, { '#failure': 'failure' });
      values[':failure'] = outcome.failure;
      sets.push('#vs.#failure = :failure');
    }
    await this.updateIf('finish a voice setup', {
      TableName: this.tableName,
      Key: userKey(checkUserId(userId)),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#vs.#rid = :rid',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
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

  /** Only while the code is still this user's; a code taken over meanwhile is left alone. */
  private async setPostalCode(code: string, userId: string, postalCode: string | undefined): Promise<void> {
    await this.updateIf('note the postal code on the link code', {
      TableName: this.tableName,
      Key: codeKey(code),
      UpdateExpression: postalCode === undefined ? 'REMOVE #postalCode' : 'SET #postalCode = :postalCode',
      ConditionExpression: '#userId = :userId',
      ExpressionAttributeNames: { '#postalCode': 'postalCode', '#userId': 'userId' },
      ExpressionAttributeValues: postalCode === undefined ? { ':userId': userId } : { ':postalCode': postalCode, ':userId': userId },
    });
  }

  /** Claims a random free code; a code counts as free when absent or expired. */
  private async allocateCode(userId: string, nowSeconds: number, postalCode?: string): Promise<LinkCode> {
    const expiresAt = nowSeconds + this.linkCodeTtlSeconds;
    for (let attempt = 0; attempt < CODE_ALLOCATION_ATTEMPTS; attempt++) {
      const code = linkCodeFrom(this.random);
      try {
        await this.guard('allocate a link code',
          () => this.docs.send(new PutCommand({
            TableName: this.tableName,
            Item: { ...codeKey(code), userId, expiresAt, ...(postalCode !== undefined ? { postalCode } : {}) },
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

  /**
   * A lease in the item's `setupLease` (owner, expiresAt): taken when free, expired, or already the
   * owner's; the item's own id attribute is set too, so a new item reads as what it is.
   */
  private async takeLease(doing: string, key: { pk: string }, [idName, idValue]: [string, string], owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    return this.updateIf(doing, {
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'SET #id = :id, #lease = :lease',
      ConditionExpression: 'attribute_not_exists(#lease) OR #lease.#expiresAt <= :now OR #lease.#owner = :owner',
      ExpressionAttributeNames: { '#id': idName, '#lease': LEASE, '#expiresAt': 'expiresAt', '#owner': 'owner' },
      ExpressionAttributeValues: { ':id': idValue, ':lease': { owner, expiresAt: nowSeconds + ttlSeconds }, ':now': nowSeconds, ':owner': owner },
    });
  }

  /** A refused condition leaves another run's lease (ours expired and was taken over) in place. */
  private async releaseLease(doing: string, key: { pk: string }, owner: string): Promise<void> {
    await this.updateIf(doing, {
      TableName: this.tableName,
      Key: key,
      UpdateExpression: 'REMOVE #lease',
      ConditionExpression: '#lease.#owner = :owner',
      ExpressionAttributeNames: { '#lease': LEASE, '#owner': 'owner' },
      ExpressionAttributeValues: { ':owner': owner },
    });
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
      // DynamoDB refuses an empty map here.
      ExpressionAttributeValues: Object.keys(options.values).length > 0 ? options.values : undefined,
    })));
  }
}

const TVS = 'tvs';
const SETUPS = 'tvSetups';
const REMOVALS = 'tvRemovals';
/** A setup run's lease, on a user's record or a gateway's index item. */
const LEASE = 'setupLease';
const VOICE_SETUP = 'voiceSetup';
/** The users who have a TV, beside the gateway's `tvs` map: a set per TV, so adding and taking off are atomic. */
const ownersAttribute = (thingId: string): string => `owners#${thingId}`;
/** Unfinished setup runs whose checkpoints are kept, the one just saved included. */
export const SETUP_CHECKPOINTS_KEPT = 5;

/** The keys of the checkpoints beyond the kept ones, least recently updated first; `current` always stays. */
function staleSetups(value: unknown, current: string): string[] {
  const setups = asRecord(value);
  if (!setups) return [];
  const others = Object.entries(setups)
    .filter(([k]) => k !== current)
    .map(([k, v]) => ({ k, at: typeof asRecord(v)?.['updatedAt'] === 'string' ? String(asRecord(v)?.['updatedAt']) : '' }))
    .sort((a, b) => b.at.localeCompare(a.at));
  return others.slice(SETUP_CHECKPOINTS_KEPT - 1).map((o) => o.k);
}

function checkUserId(userId: string): string {
  if (!userId) throw new Error('userId must not be empty');
  return userId;
}

function checkGatewayId(gatewayId: string): string {
  if (!gatewayId) throw new Error('gatewayId must not be empty');
  return gatewayId;
}

/** By name, not instanceof: a second copy of the SDK in a bundle would defeat instanceof. */
function conditionFailed(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
