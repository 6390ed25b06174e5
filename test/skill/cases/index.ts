import type { SkillCase } from '../../support/skill/case';
import { accountCases } from './account';
import { channelCases } from './channel';
import { envelopeCases } from './envelopes';
import { failureCases } from './failures';
import { muteCases } from './mute';
import { nameCases } from './names';
import { powerCases } from './power';
import { sessionCases } from './session';
import { severalTvCases } from './several-tvs';
import { volumeCases } from './volume';

export const allCases: SkillCase[] = [
  ...powerCases,
  ...channelCases,
  ...nameCases,
  ...volumeCases,
  ...failureCases,
  ...accountCases,
  ...sessionCases,
  ...envelopeCases,
  ...severalTvCases,
  ...muteCases,
];
