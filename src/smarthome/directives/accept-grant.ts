// AcceptGrant: Alexa's permission to send events for this customer (Alexa.Authorization, sent once the
// account is linked). Its code is exchanged with Login with Amazon for tokens, kept per home gateway the
// grantee's device-cloud token reaches (as Discover finds TVs), so setup can report a TV to Alexa the
// moment it is added. Anything that fails is answered ACCEPT_GRANT_FAILED, and Alexa offers to retry.
import { isAlexaApiError } from '../../alexa/errors';
import { isDeviceCloudError } from '../../cloud/errors';
import { gatewaysOf } from '../../cloud/gateways';
import { asRecord } from '../../json';
import { settleCommand } from '../../metrics';
import { outcomeOf } from '../../outcome';
import { isWellFormedToken } from '../../token';
import { scopeToken } from '../request';
import { acceptGrantErrorResponse, acceptGrantResponse } from '../respond';
import type { DirectiveModule } from './directive';

/** Without `keeping` (no client id and secret deployed) the grant is accepted and dropped, as Alexa allows. */
export const acceptGrant: DirectiveModule = async ({ payload }, { cloud, grantKeeping: keeping, logger }) => {
  if (keeping === undefined) return acceptGrantResponse();
  const grant = asRecord(payload['grant']);
  // A grant code is a short printable string (Amazon's sample: 20 characters); anything else is not one.
  const code =
    grant?.['type'] === 'OAuth2.AuthorizationCode' &&
    typeof grant['code'] === 'string' &&
    /^[\x21-\x7e]{1,512}$/.test(grant['code'])
      ? grant['code']
      : undefined;
  const grantee = scopeToken(payload['grantee']);
  // Refused before the single-use code is spent: a malformed grantee could reach no device-cloud account.
  if (code === undefined || grantee === undefined || !isWellFormedToken(grantee)) {
    logger.warn('alexa grant refused', {
      class: 'malformed',
      detail: code === undefined ? 'no OAuth2.AuthorizationCode grant' : 'no well-formed BearerToken grantee',
    });
    settleCommand('refused');
    return acceptGrantErrorResponse('the directive carries no authorization code or no grantee token');
  }
  try {
    // Both at once: the code is single-use and short-lived, the plugin list is one device-cloud call.
    const [tokens, gateways] = await Promise.all([keeping.lwa.exchangeCode(code), gatewaysOf(cloud, grantee)]);
    const store = await keeping.grants();
    const grantFor = {
      region: keeping.region,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.expiresAt,
    };
    await Promise.all(gateways.map((gatewayId) => store.saveAlexaGrant(gatewayId, grantFor)));
    if (gateways.length === 0)
      logger.warn('alexa grant kept for no gateway: the account has none yet; TVs are found by discovery', {
        region: keeping.region,
      });
    else logger.info('alexa grant kept', { gateways: gateways.length, region: keeping.region });
    return acceptGrantResponse();
  } catch (e) {
    // By class only: the codes and kinds, never a token or what a service said.
    const cause = isAlexaApiError(e)
      ? { class: e.kind, ...e.fields() }
      : isDeviceCloudError(e)
        ? { class: 'device-cloud', ...e.fields() }
        : { class: e instanceof Error ? e.name : 'unknown' };
    logger.warn('alexa grant failed', cause);
    // Answered with a message, not thrown: the metrics hear how it failed here.
    settleCommand(outcomeOf(e));
    return acceptGrantErrorResponse(
      isAlexaApiError(e) && e.service === 'login-with-amazon'
        ? 'Failed to handle the AcceptGrant directive because the request to Login with Amazon failed'
        : 'Failed to handle the AcceptGrant directive because the grant could not be kept',
    );
  }
};
