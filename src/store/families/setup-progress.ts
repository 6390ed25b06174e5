// The setup-progress item family: where a setup run has got to. The checkpoints of unfinished runs
// (`tvSetups`), the leases that let one run at a time work for a user or a gateway (`setupLease`), and
// the run a voice request started (`voiceSetup`), which the skill follows.
import { asRecord } from '../../json';
import { gatewayKey, readUserRecord, setupProgress, userKey, voiceSetup } from '../items';
import type { Key, StoreContext } from '../table';
import { SETUPS } from './tvs';
import { tvNameKey, type SetupProgress, type VoiceSetup, type VoiceSetupStart } from '../types';

/** A setup run's lease, on a user's record or a gateway's index item. */
const LEASE = 'setupLease';
const VOICE_SETUP = 'voiceSetup';
/** Unfinished setup runs whose checkpoints are kept, the one just saved included. */
export const SETUP_CHECKPOINTS_KEPT = 5;

/** The setup-progress family as callers see it (UserStore.setups): SetupProgressItems' public methods. */
export type Setups = Pick<SetupProgressItems, keyof SetupProgressItems>;

export class SetupProgressItems {
  constructor(private readonly c: StoreContext) {}

  /**
   * Replaces the setup checkpoints of the TV named `tvName`; other TVs' checkpoints stay, those of the
   * last few runs only. The checkpoints are bounded: beyond SETUP_CHECKPOINTS_KEPT unfinished runs, the least recently
   * updated are dropped (a run that stopped at "choose a preset" and was never rerun), so abandoned
   * runs never grow the item towards DynamoDB's 400 KB limit.
   */
  async saveSetupProgress(userId: string, tvName: string, progress: SetupProgress): Promise<void> {
    const key = userKey(userId);
    await this.c.table.ensureMaps(key, ['userId', userId], [SETUPS]);
    const setupKey = tvNameKey(tvName);
    const after = await this.c.table.update('save the setup progress', {
      key,
      expression: 'SET #setups.#key = :progress',
      names: { '#setups': SETUPS, '#key': setupKey },
      values: { ':progress': setupProgress(progress) },
      returnValues: 'ALL_NEW',
    });
    const stale = staleSetups(after?.[SETUPS], setupKey);
    if (stale.length === 0) return;
    const names: Record<string, string> = { '#setups': SETUPS };
    stale.forEach((k, i) => {
      names[`#s${i}`] = k;
    });
    await this.c.table.update('drop old setup progress', {
      key,
      expression: `REMOVE ${stale.map((_, i) => `#setups.#s${i}`).join(', ')}`,
      names,
    });
  }

  /**
   * One setup at a time per user: true when `owner` now holds the lease (free, expired, or already
   * its own) until nowSeconds + ttlSeconds; false while another owner holds it.
   */
  async takeSetupLease(userId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    return this.takeLease('take the setup lease', userKey(userId), ['userId', userId], owner, nowSeconds, ttlSeconds);
  }

  /** Frees the lease if `owner` still holds it. */
  async releaseSetupLease(userId: string, owner: string): Promise<void> {
    await this.releaseLease('release the setup lease', userKey(userId), owner);
  }

  /**
   * One setup at a time per home gateway, whichever Alexa user runs it: the users of one device-cloud
   * account (a household) reach the same gateway. As takeSetupLease, on the gateway's `gw#` index item,
   * which every user of the account reaches through the gateway.
   */
  async takeGatewayLease(gatewayId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    return this.takeLease(
      'take the gateway setup lease',
      gatewayKey(checkGatewayId(gatewayId)),
      ['gatewayId', gatewayId],
      owner,
      nowSeconds,
      ttlSeconds,
    );
  }

  /** Frees the gateway's lease if `owner` still holds it. */
  async releaseGatewayLease(gatewayId: string, owner: string): Promise<void> {
    await this.releaseLease('release the gateway setup lease', gatewayKey(checkGatewayId(gatewayId)), owner);
  }

  /**
   * Records a voice-started run as running, unless another is running (started less than `staleSeconds`
   * ago): at most one run per request and one at a time per user, decided by one conditional write.
   */
  async startVoiceSetup(userId: string, run: VoiceSetup, staleSeconds: number): Promise<VoiceSetupStart> {
    const key = userKey(userId);
    const started = await this.c.table.updateIf('start a voice setup', {
      key,
      expression: 'SET #userId = :userId, #vs = :run',
      // Not this request again, and no other run still going.
      condition:
        'attribute_not_exists(#vs) OR (#vs.#rid <> :rid AND (#vs.#state <> :running OR #vs.#startedAt <= :stale))',
      names: {
        '#userId': 'userId',
        '#vs': VOICE_SETUP,
        '#rid': 'requestId',
        '#state': 'state',
        '#startedAt': 'startedAt',
      },
      values: {
        ':userId': userId,
        ':run': voiceSetup(run),
        ':rid': run.requestId,
        ':running': 'running',
        ':stale': run.startedAt - staleSeconds,
      },
    });
    if (started) return 'started';
    const item = await this.c.table.read(key);
    const current = item ? readUserRecord(userId, item).voiceSetup : undefined;
    return current?.requestId === run.requestId ? 'retry' : 'busy';
  }

  /** The setup function's outcome for the run `requestId` started; nothing when a newer run replaced it. */
  async finishVoiceSetup(
    userId: string,
    requestId: string,
    outcome: Pick<VoiceSetup, 'state' | 'choices' | 'failure'>,
  ): Promise<void> {
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
    await this.c.table.updateIf('finish a voice setup', {
      key: userKey(userId),
      expression: `SET ${sets.join(', ')}`,
      condition: '#vs.#rid = :rid',
      names,
      values,
    });
  }

  /**
   * A lease in the item's `setupLease` (owner, expiresAt): taken when free, expired, or already the
   * owner's; the item's own id attribute is set too, so a new item reads as what it is.
   */
  private takeLease(
    doing: string,
    key: Key,
    [idName, idValue]: [string, string],
    owner: string,
    nowSeconds: number,
    ttlSeconds: number,
  ): Promise<boolean> {
    return this.c.table.updateIf(doing, {
      key,
      expression: 'SET #id = :id, #lease = :lease',
      condition: 'attribute_not_exists(#lease) OR #lease.#expiresAt <= :now OR #lease.#owner = :owner',
      names: { '#id': idName, '#lease': LEASE, '#expiresAt': 'expiresAt', '#owner': 'owner' },
      values: {
        ':id': idValue,
        ':lease': { owner, expiresAt: nowSeconds + ttlSeconds },
        ':now': nowSeconds,
        ':owner': owner,
      },
    });
  }

  /** A refused condition leaves another run's lease (ours expired and was taken over) in place. */
  private async releaseLease(doing: string, key: Key, owner: string): Promise<void> {
    await this.c.table.updateIf(doing, {
      key,
      expression: 'REMOVE #lease',
      condition: '#lease.#owner = :owner',
      names: { '#lease': LEASE, '#owner': 'owner' },
      values: { ':owner': owner },
    });
  }
}

/** The keys of the checkpoints beyond the kept ones, least recently updated first; `current` always stays. */
function staleSetups(value: unknown, current: string): string[] {
  const setups = asRecord(value);
  if (!setups) return [];
  const others = Object.entries(setups)
    .filter(([k]) => k !== current)
    .map(([k, v]) => ({
      k,
      at: typeof asRecord(v)?.['updatedAt'] === 'string' ? String(asRecord(v)?.['updatedAt']) : '',
    }))
    .sort((a, b) => b.at.localeCompare(a.at));
  return others.slice(SETUP_CHECKPOINTS_KEPT - 1).map((o) => o.k);
}

function checkGatewayId(gatewayId: string): string {
  if (!gatewayId) throw new Error('gatewayId must not be empty');
  return gatewayId;
}
