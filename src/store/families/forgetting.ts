// Forgetting a user's data, keeping what others still use (a TV another user or Google has, a grant
// another user's TVs need). Every step is a conditional write on what was read, and safe to repeat.
// What is forgotten and what stays: docs/architecture.md#forgetting-file.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { asRecord } from '../../json';
import { codeKey, gatewayKey, grantKey, readUserRecord, userKey } from '../items';
import { ONE_TV_ERA } from '../legacy';
import { Table, type Item, type StoreContext } from '../table';
import { googleLinkKey } from './google-links';

/** What a forgetting did, item by item, for the operator and the logs. */
export interface ForgetReport {
  /** The keys of the items deleted. */
  deleted: string[];
  /** Items kept for someone else and changed: what was taken out of them. */
  changed: string[];
  /** What was left for someone else, and for whom. */
  kept: string[];
}

export interface Forgetting {
  /** Everything kept for this user (an Alexa userId, or the id setup ran with), but what others still use. */
  forgetUser(userId: string): Promise<ForgetReport>;
  /** Everything kept for this home gateway: its index, Alexa's grant, the Google link, its TVs in every owner's record. */
  forgetGateway(gatewayId: string): Promise<ForgetReport>;
}

const ownersAttribute = (thingId: string): string => `owners#${thingId}`;
/** A lost race is read again and settled again; more than this many in a row is left for the next forgetting. */
const ATTEMPTS = 3;

export class DynamoForgetting implements Forgetting {
  private readonly c: StoreContext;

  constructor(options: { tableName: string; client: DynamoDBClient; now?: () => number }) {
    this.c = { table: new Table(options.tableName, options.client), now: options.now ?? Date.now };
  }

  async forgetUser(userId: string): Promise<ForgetReport> {
    const report: ForgetReport = { deleted: [], changed: [], kept: [] };
    const key = userKey(userId);
    const item = await this.c.table.read(key);
    if (item === undefined) return report;
    const record = readUserRecord(userId, item);
    const gateways = new Set([...(record.tvs ?? []), ...(record.removing ?? [])].map((tv) => tv.gatewayId));
    for (const gatewayId of gateways) await this.leaveGateway(gatewayId, userId, report);
    const code = record.linkCode?.code;
    if (
      code !== undefined &&
      (await this.c.table.deleteIf('forget the link code', codeKey(code), {
        condition: '#userId = :userId',
        names: { '#userId': 'userId' },
        values: { ':userId': userId },
      }))
    )
      report.deleted.push(codeKey(code).pk);
    // The user's own record, whatever a late request of theirs wrote meanwhile.
    await this.c.table.deleteIf('forget the user', key);
    report.deleted.push(key.pk);
    return report;
  }

  async forgetGateway(gatewayId: string): Promise<ForgetReport> {
    const report: ForgetReport = { deleted: [], changed: [], kept: [] };
    const key = gatewayKey(gatewayId);
    const item = await this.c.table.read(key);
    for (const userId of item ? allOwners(item) : []) await this.dropGatewayFromRecord(userId, gatewayId, report);
    for (const k of [key, grantKey(gatewayId), googleLinkKey(gatewayId)]) {
      if ((await this.c.table.read(k)) === undefined) continue;
      await this.c.table.deleteIf('forget the gateway', k);
      report.deleted.push(k.pk);
    }
    return report;
  }

  /** The user off every TV of the gateway, each TV settled for who is left, then the grant if no Alexa user is. */
  private async leaveGateway(gatewayId: string, userId: string, report: ForgetReport): Promise<void> {
    const key = gatewayKey(gatewayId);
    const item = await this.c.table.read(key);
    if (item !== undefined) {
      const google = await this.googleReaches(gatewayId);
      for (const thingId of Object.keys(asRecord(item['tvs']) ?? {})) {
        if (!ownersOf(item, thingId).has(userId) && entryUser(item, thingId) !== userId) continue;
        await this.c.table.updateIf("leave the TV's owners", {
          key,
          expression: 'DELETE #owners :user',
          condition: 'attribute_exists(#owners)',
          names: { '#owners': ownersAttribute(thingId) },
          values: { ':user': new Set([userId]) },
        });
        await this.settleTv(gatewayId, thingId, userId, google, report);
      }
    }
    await this.forgetGrantUnlessUsed(gatewayId, report);
  }

  /**
   * The TV's entry once the user is off its owners: named after another owner, kept without a user for
   * Google, or taken out of the index. Each write is conditional on what it was decided on.
   */
  private async settleTv(
    gatewayId: string,
    thingId: string,
    userId: string,
    google: boolean,
    report: ForgetReport,
  ): Promise<void> {
    const key = gatewayKey(gatewayId);
    const where = `${key.pk}: TV ${thingId}`;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const item = await this.c.table.read(key);
      const entry = item && asRecord(asRecord(item['tvs'])?.[thingId]);
      if (item === undefined || entry === undefined) return;
      const names = { '#tvs': 'tvs', '#t': thingId, '#u': 'userId', '#owners': ownersAttribute(thingId) };
      const owners = [...ownersOf(item, thingId)].sort();
      const [other] = owners;
      if (other !== undefined || google) {
        // Kept for whoever else reaches it: named after another Alexa owner, else without a user for Google.
        const keptFor = other !== undefined ? 'the other Alexa users who have it' : 'Google';
        if (entry['userId'] !== userId) {
          report.kept.push(`${where}: kept for ${keptFor}`);
          return;
        }
        const keep =
          other !== undefined
            ? {
                doing: 'name the TV after another owner',
                expression: 'SET #tvs.#t.#u = :other',
                condition: '#tvs.#t.#u = :gone AND contains(#owners, :other)',
                values: { ':other': other, ':gone': userId },
                how: 'named after one of them',
              }
            : {
                doing: 'keep the TV for Google',
                expression: 'REMOVE #tvs.#t.#u',
                condition: '#tvs.#t.#u = :gone AND attribute_not_exists(#owners)',
                values: { ':gone': userId },
                how: 'without a user',
              };
        const { expression, condition, values } = keep;
        if (await this.c.table.updateIf(keep.doing, { key, expression, condition, names, values })) {
          report.changed.push(`${where}: kept for ${keptFor}, ${keep.how}`);
          return;
        }
      } else if (
        await this.c.table.updateIf('take the TV out of the gateway index', {
          key,
          expression: 'REMOVE #tvs.#t',
          condition:
            'attribute_exists(#tvs.#t) AND attribute_not_exists(#owners) AND (attribute_not_exists(#tvs.#t.#u) OR #tvs.#t.#u = :gone)',
          names,
          values: { ':gone': userId },
        })
      ) {
        report.changed.push(`${where}: taken out of the index (no one else reaches it)`);
        return;
      }
      // Refused: someone indexed the TV or linked Google meanwhile; decide again on what is there now.
    }
  }

  /** Alexa's grant for the gateway, deleted when no Alexa user has a TV behind it any more. */
  private async forgetGrantUnlessUsed(gatewayId: string, report: ForgetReport): Promise<void> {
    const key = grantKey(gatewayId);
    const gateway = await this.c.table.read(gatewayKey(gatewayId));
    if (gateway !== undefined && allOwners(gateway).size > 0) {
      if ((await this.c.table.read(key)) !== undefined)
        report.kept.push(`${key.pk}: kept, another Alexa user has a TV behind the gateway`);
      return;
    }
    const grant = await this.c.table.read(key);
    if (grant === undefined) return;
    // Only the grant read: one another user's AcceptGrant wrote meanwhile is theirs.
    const savedAt = grant['savedAt'];
    const deleted = await this.c.table.deleteIf(
      'forget the Alexa grant',
      key,
      typeof savedAt === 'string'
        ? { condition: '#savedAt = :savedAt', names: { '#savedAt': 'savedAt' }, values: { ':savedAt': savedAt } }
        : { condition: 'attribute_not_exists(#savedAt)', names: { '#savedAt': 'savedAt' } },
    );
    if (deleted) report.deleted.push(key.pk);
    else report.kept.push(`${key.pk}: kept, another Alexa user's grant arrived meanwhile`);
  }

  private async googleReaches(gatewayId: string): Promise<boolean> {
    const link = await this.c.table.read(googleLinkKey(gatewayId));
    return typeof link?.['agentUserId'] === 'string';
  }

  /** The gateway's TVs, checkpoints and removals out of one owner's record; the rest of the record stays. */
  private async dropGatewayFromRecord(userId: string, gatewayId: string, report: ForgetReport): Promise<void> {
    const key = userKey(userId);
    const item = await this.c.table.read(key);
    if (item === undefined) return;
    const places: [string, string | undefined, unknown][] = [
      ...(['tvs', 'tvSetups', 'tvRemovals'] as const).flatMap((map) =>
        Object.entries(asRecord(item[map]) ?? {}).map(([k, v]): [string, string | undefined, unknown] => [map, k, v]),
      ),
      [ONE_TV_ERA.tv, undefined, item[ONE_TV_ERA.tv]],
    ];
    for (const [attribute, entryKey, value] of places) {
      if (asRecord(value)?.['gatewayId'] !== gatewayId) continue;
      const path = entryKey === undefined ? '#a' : '#a.#k';
      const removed = await this.c.table.updateIf("forget the gateway's TV", {
        key,
        expression: `REMOVE ${path}`,
        condition: `${path}.#g = :gatewayId`,
        names: { '#a': attribute, '#g': 'gatewayId', ...(entryKey === undefined ? {} : { '#k': entryKey }) },
        values: { ':gatewayId': gatewayId },
      });
      if (removed)
        report.changed.push(
          `${key.pk}: ${attribute}${entryKey === undefined ? '' : ` ${entryKey}`} behind the gateway`,
        );
    }
  }
}

/** The users in a TV's owner set (a string set, read as a Set). */
function ownersOf(item: Item, thingId: string): Set<string> {
  const value = item[ownersAttribute(thingId)];
  return new Set(
    value instanceof Set ? [...(value as Set<unknown>)].filter((u): u is string => typeof u === 'string') : [],
  );
}

function entryUser(item: Item, thingId: string): unknown {
  return asRecord(asRecord(item['tvs'])?.[thingId])?.['userId'];
}

/** Every user who has any TV behind the gateway: the Alexa users it still serves. */
function allOwners(item: Item): Set<string> {
  const users = new Set<string>();
  // Every owner set, a TV's whose entry is gone (a removal half done) too.
  for (const [attribute, value] of Object.entries(item)) {
    if (attribute.startsWith('owners#') && value instanceof Set)
      for (const u of value as Set<unknown>) if (typeof u === 'string') users.add(u);
  }
  return users;
}
