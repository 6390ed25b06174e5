// Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles. Lambda hands the function's
// role credentials to it in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, the first
// link of the SDK's default chain; the other links (SSO, ini files, credential_process, web identity,
// container and instance metadata) can never answer there, yet they and the STS/SSO clients they
// carry made up a fifth of the bundle. Outside Lambda (tests, sandbox) the SDK's own chain is used.
import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

type Provider = ReturnType<typeof fromEnv>;
type AwsCredentialIdentity = Awaited<ReturnType<Provider>>;

export const defaultProvider = (init: FromEnvInit = {}): Provider => fromEnv(init);

// The rest of the package's interface, with its semantics: only expiring credentials need refreshing.
export const credentialsWillNeedRefresh = (credentials?: AwsCredentialIdentity): boolean =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: AwsCredentialIdentity): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
