// "Which TV?" answered in words written without reading the skill (test/skill/which-tv-held-out-phrasings.ts):
// each answer is heard by the Alexa stand-in at the pending question, as the command's own intent with the
// TV slot elicited, and must reach the TV it names. As with the held-out commands (held-out.test.ts) each
// batch's share is printed, and under 90 % the test fails with every miss.
import { addDemoTv, newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { echo } from '../support/skill/conversation';
import { useDeployedSkill } from '../support/skill/deployed';
import { WHICH_TV_BATCHES } from './which-tv-held-out-phrasings';

const REQUIRED_SHARE = 0.9;

const loopback = useLoopback();
const skill = useDeployedSkill(loopback);

const LOCALES = [
  ['en-US', 'en', 'next channel', 'stop', (names: string) => `Which TV: ${names}?`],
  ['ja-JP', 'ja', '次のチャンネル', 'ストップ', (names: string) => `どのテレビですか?${names}のどちらですか?`],
] as const;

describe.each(LOCALES)('"Which TV?" answered in unseen words, in %s', (locale, lang, command, stop, question) => {
  it.each(WHICH_TV_BATCHES.map((b) => [b.name, b] as const))(
    `the %s batch reaches the TV each answer names, ${REQUIRED_SHARE * 100} % or more`,
    async (name, batch) => {
      const token = newToken();
      const e = echo({ locale, handler: skill.handler, token });
      await loopback.dynamo.store.links.saveAccessToken(e.userId(), token);
      const names = batch.tvs[lang];
      const first = await registerDemoTv(loopback.emulator, token, { tvName: names[0] });
      const second = await addDemoTv(loopback.emulator, token, first.remote, { tvName: names[1] });
      await loopback.dynamo.store.tvs.saveTv(e.userId(), first.tv);
      await loopback.dynamo.store.tvs.saveTv(e.userId(), second.tv);
      // Channels wrap past 12, so every press moves one.
      const channels = () => [first, second].map((t) => loopback.emulator.tvState(t.tv.thingId)?.channel ?? 0);
      const short = names.map((n) =>
        lang === 'ja' ? n.replace(/のテレビ$/u, '') : n.replace(/ TV$/u, '').toLowerCase(),
      );
      const asked = question(lang === 'ja' ? `${short[0]}と${short[1]}` : `${short[0]} or ${short[1]}`);
      for (const n of names) await e.standIn.ask(lang === 'ja' ? `${n}をつけて` : `turn on the ${n.toLowerCase()}`);

      const missed: string[] = [];
      const answers = batch.answers[lang];
      for (const [answer, meant] of answers) {
        expect(e.said(await e.say(command))).toBe(asked);
        const before = channels();
        const heard = await e.say(answer);
        const moved = channels().flatMap((c, i) => (c !== before[i] ? [i] : []));
        if (moved.length !== 1 || moved[0] !== meant)
          missed.push(`${answer} -> ${e.said(heard)} (moved: ${moved.join(',') || 'none'}, meant ${meant})`);
        // A new session for the next answer: the TV chosen is remembered only for this one.
        if (e.standIn.sessionOpen()) await e.say(stop);
      }
      const share = (answers.length - missed.length) / answers.length;
      process.stdout.write(
        `${locale}, "Which TV?", ${name} batch: ${answers.length - missed.length}/${answers.length} answers reach their TV (${(share * 100).toFixed(0)} %)\n` +
          missed.map((m) => `  missed: ${m}\n`).join(''),
      );
      expect(answers.length).toBeGreaterThanOrEqual(30);
      if (share < REQUIRED_SHARE) expect(missed).toEqual([]);
    },
  );
});
