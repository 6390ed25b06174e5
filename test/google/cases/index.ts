import type { GoogleCase } from '../../support/google/case';
import { executeCases } from './execute';
import { hostileCases } from './hostile';
import { queryCases } from './query';
import { syncCases } from './sync';

export const allCases: GoogleCase[] = [...syncCases, ...queryCases, ...executeCases, ...hostileCases];
