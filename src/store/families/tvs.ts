// The TVs item family: a user's TVs (the record's `tvs` map, and `tvRemovals` while one is forgotten)
// and the index of TVs behind each home gateway (`gw#` items), which the smart-home door reads.
import { asRecord } from '../../json';
import { gatewayKey, indexedTv, readGatewayTvs, registeredTv, tvEntry, userKey } from '../items';
import { ONE_TV_ERA_PLACE, legacyOnSave, legacyTvNameKey } from '../legacy';
import { conditionFailed, type StoreContext } from '../table';
import { TvNameTaken, tvNameKey, type IndexedTv, type RegisteredTv } from '../types';

export const TVS = 'tvs';
export const SETUPS = 'tvSetups';
const REMOVALS = 'tvRemovals';
/** The users who have a TV, beside the gateway's `tvs` map: a set per TV, so adding and taking off are atomic. */
const ownersAttribute = (thingId: string): string => `owners#${thingId}`;

/** The TVs family as callers see it (UserStore.tvs): TvItems' public methods. */
export type Tvs = Pick<TvItems, keyof TvItems>;

export class TvItems {
  constructor(private readonly c: StoreContext) {}

  /**
   * Adds the finished TV under its name (or rewrites the same TV) and drops the checkpoints of the run
   * that set it up (`setupName`, default its own name). Throws TvNameTaken when another TV of the user
   * has the name.
   */
  async saveTv(userId: string, tv: RegisteredTv, setupName: string = tv.deviceName): Promise<void> {
    const key = userKey(userId);
    await this.c.table.ensureMaps(key, ['userId', userId], [TVS, SETUPS]);
    const legacy = legacyOnSave(tv.deviceName, setupName);
    const names = {
      '#tvs': TVS,
      '#key': tvNameKey(tv.deviceName),
      '#setups': SETUPS,
      '#setupKey': tvNameKey(setupName),
      '#thingId': 'thingId',
      ...legacy.names,
    };
    const here = 'attribute_not_exists(#tvs.#key) OR #tvs.#key.#thingId = :thingId';
    try {
      await this.c.table.update('save the TV', {
        key,
        expression: `SET #tvs.#key = :tv REMOVE ${[...new Set(['#setups.#setupKey', ...legacy.removes])].join(', ')}`,
        condition: legacy.sameTv ? `(${here}) AND (${legacy.sameTv})` : here,
        names,
        values: { ':tv': tvEntry(tv, new Date(this.c.now()).toISOString()), ':thingId': tv.thingId },
      });
    } catch (err) {
      if (conditionFailed(err)) throw new TvNameTaken(tv.deviceName);
      throw err;
    }
  }

  /**
   * Forgets the TV (matched by name and thingId) and, in the same write, remembers it as a removal to
   * finish (UserRecord.removing); false when the user has no such TV. One update does both, under
   * `tvRemovals` (by thingId): a run that stops before the gateway index is updated leaves a record of
   * what to finish.
   */
  async removeTv(userId: string, tv: RegisteredTv): Promise<boolean> {
    const key = userKey(userId);
    await this.c.table.ensureMaps(key, ['userId', userId], [TVS, REMOVALS]);
    // The entry sits under its normal-form key, or under the older key for TVs saved before it.
    const keys = [...new Set([tvNameKey(tv.deviceName), legacyTvNameKey(tv.deviceName)])];
    const places = [
      ...keys.map((k) => ({
        expression: 'REMOVE #tvs.#key',
        condition: '#tvs.#key.#thingId = :thingId',
        names: { '#tvs': TVS, '#key': k },
      })),
      ONE_TV_ERA_PLACE,
    ];
    for (const { expression, condition, names } of places) {
      const removed = await this.c.table.updateIf('forget the TV', {
        key,
        expression: `${expression} SET #removals.#removed = :tv`,
        condition,
        names: { ...names, '#thingId': 'thingId', '#removals': REMOVALS, '#removed': tv.thingId },
        values: { ':thingId': tv.thingId, ':tv': registeredTv(tv) },
      });
      if (removed) return true;
    }
    return false;
  }

  /** Drops the removal remembered by removeTv, once the gateway index no longer lists the TV for the user. */
  async finishRemoval(userId: string, thingId: string): Promise<void> {
    await this.c.table.updateIf('finish forgetting the TV', {
      key: userKey(userId),
      expression: 'REMOVE #removals.#removed',
      condition: 'attribute_exists(#removals.#removed)',
      names: { '#removals': REMOVALS, '#removed': thingId },
    });
  }

  /**
   * Adds (or replaces) the TV in its gateway's index (item `gw#<gatewayId>`, enough to expose it without
   * reading the user's record); other TVs of the gateway stay. Two updates: the map is created if missing, then the one entry set with its user added to the TV's
   * owners (a set attribute `owners#<thingId>`), so two setups adding TVs to the same gateway at once
   * never drop each other's entry (a whole-item write would), and every user who has the TV is known.
   * True when the gateway's index did not list the TV before (as the first update found the item).
   */
  async indexTv(tv: IndexedTv & { userId: string }): Promise<boolean> {
    if (!tv.gatewayId || !tv.thingId) throw new Error('an indexed TV needs a gatewayId and a thingId');
    const key = gatewayKey(tv.gatewayId);
    const before = await this.c.table.update('index a TV', {
      key,
      expression: 'SET #gatewayId = :gatewayId, #tvs = if_not_exists(#tvs, :empty)',
      names: { '#gatewayId': 'gatewayId', '#tvs': 'tvs' },
      values: { ':gatewayId': tv.gatewayId, ':empty': {} },
      returnValues: 'ALL_OLD',
    });
    await this.c.table.update('index a TV', {
      key,
      expression: 'SET #tvs.#thingId = :tv ADD #owners :user',
      names: { '#tvs': 'tvs', '#thingId': tv.thingId, '#owners': ownersAttribute(tv.thingId) },
      values: { ':tv': indexedTv(tv), ':user': new Set([tv.userId]) },
    });
    return asRecord(asRecord(before?.['tvs'])?.[tv.thingId]) === undefined;
  }

  /**
   * Takes the user off the TV's owners, then the TV out of its gateway's index once no user has it;
   * other TVs of the gateway, and the TV for its other users, stay; safe to repeat. The second step is conditional on
   * the owners being gone, so a user indexing the TV meanwhile keeps it listed.
   */
  async unindexTv(tv: Pick<IndexedTv, 'gatewayId' | 'thingId'> & { userId: string }): Promise<void> {
    const owners = ownersAttribute(tv.thingId);
    await this.c.table.updateIf('take the TV out of the gateway index', {
      key: gatewayKey(tv.gatewayId),
      expression: 'DELETE #owners :user',
      condition: 'attribute_exists(#owners)',
      names: { '#owners': owners },
      values: { ':user': new Set([tv.userId]) },
    });
    await this.c.table.updateIf('take the TV out of the gateway index', {
      key: gatewayKey(tv.gatewayId),
      expression: 'REMOVE #tvs.#thingId',
      condition: 'attribute_exists(#tvs.#thingId) AND attribute_not_exists(#owners)',
      names: { '#tvs': 'tvs', '#thingId': tv.thingId, '#owners': owners },
    });
  }

  /** Every TV indexed behind these gateways, in gateway order; one item read per gateway. */
  async tvsBehindGateways(gatewayIds: readonly string[]): Promise<IndexedTv[]> {
    const ids = [...new Set(gatewayIds.filter((id) => id !== ''))];
    // Usually one gateway per account: parallel item reads need no batch retry logic.
    const items = await Promise.all(ids.map((id) => this.c.table.read(gatewayKey(id))));
    return items.flatMap((item) => (item ? readGatewayTvs(item) : []));
  }
}
