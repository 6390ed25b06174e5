import type { SkillCase } from '../support/case';
import { accountCases } from './account';
import { channelCases } from './channel';
import { envelopeCases } from './envelopes';
import { failureCases } from './failures';
import { powerCases } from './power';
import { sessionCases } from './session';
import { volumeCases } from './volume';

export const allCases: SkillCase[] = [
  ...powerCases, ...channelCases, ...volumeCases, ...failureCases, ...accountCases, ...sessionCases,
  ...envelopeCases,
];
