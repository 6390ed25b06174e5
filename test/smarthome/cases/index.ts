import type { SmartHomeCase } from '../support/case';
import { controlCases } from './control';
import { discoveryCases } from './discovery';
import { directiveCases, failureCases } from './failures';

export const allCases: SmartHomeCase[] = [...discoveryCases, ...controlCases, ...failureCases, ...directiveCases];
