// What setup knows of Google: Request Sync through HomeGraph, authorised with a service-account key.
export {
  HomeGraph,
  HOMEGRAPH_BASE_URL,
  HOMEGRAPH_SCOPE,
  JWT_BEARER_GRANT,
  signedAssertion,
  type HomeGraphOptions,
  type RequestSyncOutcome,
} from './client';
export { HomeGraphError, isHomeGraphError, type HomeGraphErrorKind, type HomeGraphService } from './errors';
export { parseServiceAccountKey, type ServiceAccountKey } from './key';
export { keyFromSecret } from './secret';
export { RequestSync, type SyncOutcome } from './sync';
