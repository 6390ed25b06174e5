// Where the functions are deployed. The skill and setup show the person a command to run; it must name
// this stage and region, or it would invoke a function that does not exist (the default stage is dev).
import { optionalEnv } from './config';

export interface Deployment {
  stage: string;
  region: string;
  /** Running under `serverless invoke local`: the next run is local too. */
  local?: boolean;
}

/** STAGE and REGION as serverless.yml passes them; undefined outside a deployment (tests, the sandbox). */
export function deploymentFromEnv(env: NodeJS.ProcessEnv = process.env): Deployment | undefined {
  const stage = optionalEnv('STAGE', env);
  const region = optionalEnv('REGION', env);
  if (!stage || !region) return undefined;
  return optionalEnv('IS_LOCAL', env) === 'true' ? { stage, region, local: true } : { stage, region };
}

/** The Serverless command that runs the deployed setup function with this event. */
export function setupInvokeCommand(event: Record<string, string>, deployment: Deployment | undefined): string {
  const target = deployment
    ? `${deployment.local ? ' local' : ''} --stage ${deployment.stage} --region ${deployment.region}`
    : '';
  return `npx serverless invoke${target} -f setup --data '${JSON.stringify(event)}'`;
}
