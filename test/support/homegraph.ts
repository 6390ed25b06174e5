// Google's side of Request Sync for a test file: a service account's key pair made here, the loopback
// stand-in of its token endpoint and of HomeGraph (src/local/google/homegraph.ts) holding the public half,
// and the key file as the Google Cloud console hands it out, its token_uri the stand-in's.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { startHomeGraphStandIn, type HomeGraphStandIn } from '../../src/local/google/homegraph';
import { useFixture } from './fixture';

export const CLIENT_EMAIL = 'request-sync@tv-remote-test.iam.gserviceaccount.com';

export interface GoogleSide {
  readonly homegraph: HomeGraphStandIn;
  /** The key file's JSON text: what the operator stores as the secret. */
  readonly keyFile: string;
  /** The private key, PEM: the secret a log line must never show. */
  readonly privateKeyPem: string;
}

/** A key file for the stand-in; `fields` replace or add fields (a broken key). */
export function keyFileFor(
  homegraph: HomeGraphStandIn,
  privateKeyPem: string,
  fields: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    type: 'service_account',
    project_id: 'tv-remote-test',
    private_key_id: '0123456789abcdef0123456789abcdef01234567',
    private_key: privateKeyPem,
    client_email: homegraph.clientEmail,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: homegraph.tokenUri,
    ...fields,
  });
}

export const newPrivateKey = (): { privateKey: KeyObject; publicKey: KeyObject } =>
  generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Registers the hooks: the stand-in started before the file's tests, told to fail no more after each, closed after all. */
export function useHomeGraph(): GoogleSide {
  const started = useFixture("Google's side", {
    start: async () => {
      const { privateKey, publicKey } = newPrivateKey();
      const homegraph = await startHomeGraphStandIn({ publicKey, clientEmail: CLIENT_EMAIL });
      const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      return { homegraph, keyFile: keyFileFor(homegraph, privateKeyPem), privateKeyPem };
    },
    close: (side) => side.homegraph.close(),
    afterEach: (side) => {
      side.homegraph.fail('token', undefined);
      side.homegraph.fail('homegraph', undefined);
    },
  });
  return {
    get homegraph() {
      return started().homegraph;
    },
    get keyFile() {
      return started().keyFile;
    },
    get privateKeyPem() {
      return started().privateKeyPem;
    },
  };
}

/** Pieces of the PEM's base64 body: any of them in a text means the key leaked. */
export function keyPieces(privateKeyPem: string): string[] {
  const body = privateKeyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const pieces: string[] = [];
  for (let i = 0; i + 24 <= body.length; i += 24) pieces.push(body.slice(i, i + 24));
  return pieces;
}
