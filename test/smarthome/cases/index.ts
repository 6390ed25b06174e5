import type { SmartHomeCase } from '../../support/smarthome/case';
import { controlCases } from './control';
import { discoveryCases } from './discovery';
import { directiveCases, failureCases } from './failures';

export const allCases: SmartHomeCase[] = [...discoveryCases, ...controlCases, ...failureCases, ...directiveCases];
