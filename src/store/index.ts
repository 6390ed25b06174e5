export * from './types';
export {
  DynamoUserStore,
  DEFAULT_LINK_CODE_TTL_SECONDS,
  LINK_CODE_REUSE_MARGIN_SECONDS,
  type DynamoUserStoreOptions,
} from './dynamo-user-store';
export { LinkCodeError } from './families/link-codes';
export { isLinkCode } from './items';
export { StoreError, isStoreError } from './errors';
export { dynamoClient, ALEXA_TABLE_BUDGET, SETUP_TABLE_BUDGET, worstCallMs, type TableBudget } from './dynamo-client';
export { withLocalAnswers, openTableConnections, userItemWithOneTv, type LocalAnswer } from './priming';
