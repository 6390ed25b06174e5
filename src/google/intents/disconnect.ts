// action.devices.DISCONNECT: "After receiving the DISCONNECT intent, your cloud service should cease
// publishing changes to Google with Request Sync and Report State" (intents/disconnect): the household's
// agentUserId is what setup asks Google to sync by, so it is forgotten. The TVs and Alexa's link stay.
// Its answer is always {}, the only body its schema allows; should the forgetting fail, setup's next
// Request Sync is answered "not found" by Google, and that forgets the link too (src/homegraph/).
import { outcomeOf } from '../../outcome';
import { unlessTokenRefused } from '../errors';
import { householdOf } from '../household';
import type { DISCONNECT } from '../request';
import { disconnectResponse } from '../respond';
import type { IntentHandler } from './intent';

export const disconnect: IntentHandler<{ intent: typeof DISCONNECT }> = async (_input, ctx) => {
  try {
    // The token's reach is forgotten whatever the listing answers: nothing vouches for it after unlinking.
    const [listed, forgotten] = await Promise.allSettled([
      householdOf(ctx.cloud, ctx.directory, ctx.token),
      ctx.reach?.forget(ctx.token),
    ]);
    if (listed.status === 'rejected') throw listed.reason;
    await ctx.links.forget(listed.value.gateways);
    if (forgotten.status === 'rejected') throw forgotten.reason;
    return { outcome: 'ok', status: 200, body: disconnectResponse() };
  } catch (e) {
    ctx.fields['errorCode'] = unlessTokenRefused(e).errorCode;
    return { outcome: outcomeOf(e), status: 200, body: disconnectResponse() };
  }
};
