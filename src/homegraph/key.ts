// The service-account key Request Sync is authorised with: the JSON file the Google Cloud console hands
// out, kept by the operator as a secret. "Use the downloaded service account JSON file to create a JSON Web
// Token (JWT)" (https://developers.home.google.com/cloud-to-cloud/integration/request-sync). Only the
// fields the JWT grant needs are read; the private key becomes a KeyObject at once, so a key that does not
// parse is refused here and not at the first sync. No error quotes the text: it is the secret.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { isRecord } from '../json';
import { HomeGraphError } from './errors';

export interface ServiceAccountKey {
  /** The JWT's iss. */
  clientEmail: string;
  /** Where the signed JWT is exchanged for an access token, and the JWT's aud. */
  tokenUri: string;
  /** The JWT header's kid, when the file names it. */
  keyId?: string;
  privateKey: KeyObject;
}

/** The key file's JSON, as read from the secret. */
export function parseServiceAccountKey(text: string): ServiceAccountKey {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's own message quotes a piece of the text.
    throw badKey('the secret is not JSON');
  }
  if (!isRecord(json)) throw badKey('the secret is not a JSON object');
  if (json['type'] !== 'service_account')
    throw badKey('the secret is not a service-account key (its "type" is not "service_account")');
  const clientEmail = json['client_email'];
  const tokenUri = json['token_uri'];
  const pem = json['private_key'];
  const keyId = json['private_key_id'];
  if (typeof clientEmail !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(clientEmail))
    throw badKey('the key has no client_email');
  if (typeof tokenUri !== 'string' || !isTokenUri(tokenUri)) throw badKey("the key's token_uri is not an https URL");
  if (typeof pem !== 'string') throw badKey('the key has no private_key');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw badKey("the key's private_key is not a PEM private key");
  }
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw badKey("the key's private_key is not an RSA key (RS256 signs with RSA)");
  return {
    clientEmail,
    tokenUri,
    privateKey,
    ...(typeof keyId === 'string' && /^[0-9a-f]{1,128}$/i.test(keyId) && { keyId }),
  };
}

/**
 * The signed assertion goes to token_uri, so it must be https (Google's is https://oauth2.googleapis.com/token);
 * plain http only on loopback, where tests and the sandbox run their stand-in.
 */
function isTokenUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' &&
      (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'))
  );
}

const badKey = (detail: string): HomeGraphError => new HomeGraphError('bad-key', 'secret', detail);
