import { MAX_STEPS } from '../../../src/tv/control';
import { channelStep, times, volumeStep } from '../../support/device-calls';
import type { Given, SkillCase } from '../../support/skill/case';
import { fault, tvOn } from '../../support/skill/given';
import { intent } from '../../support/skill/requests';

const VOLUME = '/device/v2/tv/volume/';
const CHANNEL = '/device/v2/tv/channel/';

/** The user's TV with its own presses for "volume up" with no number, as setup stores it. */
const volumeStepOf =
  (presses: number): Given =>
  async (ctx) => {
    if (!ctx.tv) throw new Error('this step needs a user with a TV');
    ctx.tv = { ...ctx.tv, volumeStep: presses };
    await ctx.store.tvs.saveTv(ctx.userId, ctx.tv);
  };

/** The N of "I turned the volume up N of 10 steps", 0 when it ran out of time before the first. */
function stepsSaid(speech: string): number {
  const match = /volume up (\d+) of 10 steps/.exec(speech);
  return match ? Number(match[1]) : 0;
}

export const volumeCases: SkillCase[] = [
  {
    description: 'volume up without a number raises the volume one step',
    given: [tvOn],
    ja: { speech: '<speak>音量を上げました。</speak>' },
    request: intent('VolumeUpIntent', { count: undefined }),
    expected: {
      calls: (tv) => [volumeStep(tv, 'up')],
      speech: 'OK, volume up.',
      shouldEndSession: true,
      tv: { volume: 11 },
    },
  },
  {
    description: 'volume up with no number on a TV set up with volumeStep 3 sends its three presses',
    ja: { speech: '音量を3つ上げました。' },
    given: [tvOn, volumeStepOf(3)],
    request: intent('VolumeUpIntent', { count: undefined }),
    expected: {
      calls: (tv) => times(3, volumeStep(tv, 'up')),
      speech: 'OK, volume up 3.',
      shouldEndSession: true,
      tv: { volume: 13 },
    },
  },
  {
    description: 'volume up 3 sends three steps one after another',
    given: [tvOn],
    ja: { speech: '音量を3つ上げました。' },
    request: intent('VolumeUpIntent', { count: '3' }),
    expected: {
      calls: (tv) => times(3, volumeStep(tv, 'up')),
      speech: 'OK, volume up 3.',
      shouldEndSession: true,
      tv: { volume: 13 },
    },
  },
  {
    description: 'volume down 2 sends two steps down',
    given: [tvOn],
    ja: { speech: '音量を2つ下げました。' },
    request: intent('VolumeDownIntent', { count: '2' }),
    expected: {
      calls: (tv) => times(2, volumeStep(tv, 'down')),
      speech: 'OK, volume down 2.',
      shouldEndSession: true,
      tv: { volume: 8 },
    },
  },
  {
    description: 'turn it down without a number lowers the volume one step',
    given: [tvOn],
    ja: { speech: '音量を下げました。' },
    request: intent('VolumeDownIntent'),
    expected: {
      calls: (tv) => [volumeStep(tv, 'down')],
      speech: 'OK, volume down.',
      shouldEndSession: true,
      tv: { volume: 9 },
    },
  },
  {
    description: 'volume up 40 is more than one command sends: refused before the first press, and says why',
    ja: { speech: `音量は一度に${MAX_STEPS}段階までしか変えられないので、そのままにしました。` },
    request: intent('VolumeUpIntent', { count: '40' }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: `I can change the volume by at most ${MAX_STEPS} steps at a time, so I left it as it is.`,
      shouldEndSession: true,
      tv: { volume: 10 },
    },
  },
  {
    description: 'volume up 15 sends fifteen presses',
    given: [tvOn],
    ja: { speech: '音量を15上げました。' },
    request: intent('VolumeUpIntent', { count: '15' }),
    expected: {
      calls: (tv) => times(15, volumeStep(tv, 'up')),
      speech: 'OK, volume up 15.',
      shouldEndSession: true,
      tv: { volume: 25 },
    },
  },
  {
    description: 'volume down 0 says the range it takes and sends nothing',
    ja: { speech: `音量は一度に1から${MAX_STEPS}段階まで変えられるので、そのままにしました。` },
    request: intent('VolumeDownIntent', { count: '0' }),
    expected: {
      outcome: 'refused',
      calls: [],
      speech: `I can change the volume by 1 to ${MAX_STEPS} steps at a time, so I left it as it is.`,
      shouldEndSession: true,
      tv: { volume: 10 },
    },
  },
  {
    description: 'a run of 10 volume steps stops where the next call could outlast the budget, and says how far it got',
    given: [tvOn],
    ja: { speech: '時間切れのため、音量は10のうち5つだけ上げました。' },
    // A clock that advances one second per device call: with a 7 s budget and a 3 s call timeout,
    // calls may start at 0..4 s, so 5 of 10 steps are sent and the last can end by 7 s at the latest.
    skill: {
      budgetMs: 7000,
      timeoutMs: 3000,
      clock: (ctx) => {
        const start = Date.now();
        return () => start + ctx.emulator.calls.length * 1000;
      },
    },
    request: intent('VolumeUpIntent', { count: '10' }),
    expected: {
      outcome: 'partial',
      calls: (tv) => times(5, volumeStep(tv, 'up')),
      speech: 'I turned the volume up 5 of 10 steps before running out of time.',
      shouldEndSession: true,
      tv: { volume: 15 },
    },
  },
  {
    description:
      'with slow device calls and a small budget, a run of 10 volume steps stops early and says how many were sent',
    // 100 ms per call, 250 ms call timeout, 1 s budget: at most 8 calls can start in time, so the run
    // cannot finish; how many it sends depends on the machine, so the check ties speech, calls and TV together.
    skill: { budgetMs: 1000, timeoutMs: 250 },
    given: [tvOn, fault({ method: 'PUT', path: VOLUME, times: 10, latencyMs: 100 })],
    request: intent('VolumeUpIntent', { count: '10' }),
    expected: {
      outcome: 'partial',
      calls: (tv, speech) => times(stepsSaid(speech), volumeStep(tv, 'up')),
      speech:
        /I turned the volume up \d of 10 steps before running out of time\.|I ran out of time before I could change the volume\./,
      shouldEndSession: true,
      check: (ctx, response) => {
        const said = stepsSaid(JSON.stringify(response));
        expect(said).toBeLessThan(10);
        expect(ctx.emulator.tvState(ctx.tv?.thingId ?? '')?.volume).toBe(10 + said);
      },
    },
  },
  {
    description: 'a failure part-way through a volume run says what was done, then what went wrong',
    ja: {
      speech: '音量を5つのうち2つ上げたところで、問題が起きました。ご自宅のゲートウェイかリモコンにつながりません。',
    },
    given: [tvOn, fault({ method: 'PUT', path: VOLUME, after: 2, errorCode: 7 })],
    request: intent('VolumeUpIntent', { count: '5' }),
    expected: {
      outcome: 'partial',
      calls: (tv) => times(3, volumeStep(tv, 'up')),
      speech:
        "I turned the volume up 2 of 5 steps, then something went wrong. I can't reach your home gateway or remote right now.",
      shouldEndSession: true,
      tv: { volume: 12 },
    },
  },
  {
    description: 'a token refused part-way through a channel run says what was done and asks to relink',
    ja: {
      speech:
        'チャンネルを3つのうち1つ上げたところで、問題が起きました。テレビリモコンのアカウントをもう一度リンクする必要があります。',
    },
    given: [tvOn, fault({ method: 'PUT', path: CHANNEL, after: 1, status: 401 })],
    request: intent('NextChannelIntent', { count: '3' }),
    expected: {
      outcome: 'partial',
      calls: (tv) => times(2, channelStep(tv, 'next')),
      speech: 'I moved up 1 of 3 channels, then something went wrong. Your TV remote account needs to be linked again.',
      card: { type: 'LinkAccount' },
      shouldEndSession: true,
      tv: { channel: 2 },
    },
  },
  {
    description: 'a step the TV refuses first of all is reported as the failure alone',
    ja: {
      speech: '<speak>テレビがその操作を受け付けませんでした。テレビの電源が入っているか確認してください。</speak>',
    },
    given: [fault({ method: 'PUT', path: VOLUME, errorCode: 16 })],
    request: intent('VolumeUpIntent', { count: '3' }),
    expected: {
      outcome: 'device_state',
      calls: (tv) => [volumeStep(tv, 'up')],
      speech: "<speak>The TV didn't accept that command. Check that it's turned on.</speak>",
      shouldEndSession: true,
      tv: { volume: 10 },
    },
  },
];
