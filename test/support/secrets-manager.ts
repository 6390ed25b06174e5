// A loopback stand-in for Secrets Manager's GetSecretValue, the one call the setup Lambda makes to it: the
// AWS JSON 1.1 protocol (POST /, X-Amz-Target: secretsmanager.GetSecretValue) the SDK speaks, reached
// through AWS_ENDPOINT_URL_SECRETS_MANAGER as a deployed function reaches the real one through its region.
// Answers as the API reference documents (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html):
// the secret's SecretString, or ResourceNotFoundException for a name it does not hold.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SecretsManagerStandIn {
  url: string;
  /** Holds `value` under `name`. */
  put(name: string, value: string): void;
  /** The SecretIds asked for, in order. */
  reads(): string[];
  close(): Promise<void>;
}

export async function startSecretsManagerStandIn(): Promise<SecretsManagerStandIn> {
  const secrets = new Map<string, string>();
  const reads: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue')
        return reply(400, { __type: 'UnknownOperationException' });
      const { SecretId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { SecretId?: string };
      reads.push(String(SecretId));
      const value = SecretId === undefined ? undefined : secrets.get(SecretId);
      if (value === undefined)
        return reply(400, {
          __type: 'ResourceNotFoundException',
          Message: `Secrets Manager can't find the specified secret ${SecretId}.`,
        });
      return reply(200, {
        ARN: `arn:aws:secretsmanager:us-east-1:123456789012:secret:${SecretId}-AbCdEf`,
        Name: SecretId,
        SecretString: value,
        VersionId: '00000000-0000-0000-0000-000000000001',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 1_700_000_000,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    put: (name, value) => void secrets.set(name, value),
    reads: () => [...reads],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
