// Alexa's progressive response: speech played while the skill is still working on the answer, sent to
// the Progressive Response API (POST {apiEndpoint}/v1/directives, VoicePlayer.Speak, with the request's
// apiAccessToken and requestId; Amazon, "Send the User a Progressive Response"). It is only a courtesy:
// every failure is ignored, within a short timeout, and the answer follows either way.
import type { RequestEnvelope } from 'ask-sdk-model';
import { exchange } from '../../outbound';

export const PROGRESSIVE_TIMEOUT_MS = 1000;

/** True when Alexa accepted the speech (204). */
export async function sayWhileWorking(
  envelope: RequestEnvelope,
  speech: string,
  timeoutMs = PROGRESSIVE_TIMEOUT_MS,
): Promise<boolean> {
  const { apiEndpoint, apiAccessToken } = envelope.context?.System ?? {};
  const requestId = envelope.request?.requestId;
  if (!apiEndpoint || !apiAccessToken || !requestId) return false;
  try {
    const { status } = await exchange(`${apiEndpoint.replace(/\/+$/, '')}/v1/directives`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiAccessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        header: { requestId },
        directive: { type: 'VoicePlayer.Speak', speech: `<speak>${speech}</speak>` },
      }),
      timeoutMs,
      maxBytes: 16 * 1024,
    });
    return status === 204;
  } catch {
    return false;
  }
}
