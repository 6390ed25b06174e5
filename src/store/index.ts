export * from './types';
export {
  DynamoUserStore,
  DEFAULT_LINK_CODE_TTL_SECONDS,
  LINK_CODE_REUSE_MARGIN_SECONDS,
  type DynamoUserStoreOptions,
  type UserStore,
} from './dynamo-user-store';
export type { AccountLinks } from './families/account-link';
export type { AlexaGrants } from './families/alexa-grants';
export type { LinkCodes } from './families/link-codes';
export type { Setups } from './families/setup-progress';
export type { Tvs } from './families/tvs';
export { LinkCodeError } from './families/link-codes';
export { isLinkCode } from './items';
export { StoreError, isStoreError } from './errors';
export { dynamoClient, ALEXA_TABLE_BUDGET, SETUP_TABLE_BUDGET, worstCallMs, type TableBudget } from './dynamo-client';
export { withLocalAnswers, openTableConnections, userItemWithOneTv, type LocalAnswer } from './priming';
