import type { SmartHomeCase } from '../../support/smarthome/case';
import { controlCases } from './control';
import { discoveryCases } from './discovery';
import { directiveCases, failureCases } from './failures';
import { healthCases } from './health';
import { hostileCases } from './hostile';

export const allCases: SmartHomeCase[] = [
  ...discoveryCases,
  ...controlCases,
  ...failureCases,
  ...directiveCases,
  ...healthCases,
  ...hostileCases,
];
