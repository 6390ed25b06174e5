export {
  LOCAL_AWS_ENV,
  startDynalite,
  useLocalAwsDefaults,
  type DynaliteOptions,
  type RunningDynalite,
} from './dynalite-server';
export {
  createUserTable,
  readUserTableDefinition,
  SERVERLESS_YML,
  USER_TABLE_RESOURCE,
  type UserTableDefinition,
} from './table-definition';
