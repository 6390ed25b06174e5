// Amazon's certification rules for what a custom skill says, as checks on one response heard through the
// Alexa stand-in (test/support/skill/conversation.ts). The certification suite
// (test/skill/certification.test.ts) holds every response of its table to them. Each rule names its page,
// with Amazon's own words where the page has them.
import type { Heard } from '../../../src/local/sandbox/custom-skill';

export const PAGES = {
  functional:
    'Amazon, "Functional Testing for a Custom Skill" (developer.amazon.com/en-US/docs/alexa/custom-skills/functional-testing-for-a-custom-skill.html)',
  voice:
    'Amazon, "Voice Interface and User Experience Testing for a Custom Skill" (developer.amazon.com/en-US/docs/alexa/custom-skills/voice-interface-and-user-experience-testing-for-a-custom-skill.html)',
  prompts:
    'Amazon, "Design the Prompts for Your Skill" (developer.amazon.com/en-US/docs/alexa/interaction-model-design/design-the-prompts-for-your-skill.html)',
  linking:
    'Amazon, "Let Users Enable Your Skill without Account Linking" (developer.amazon.com/en-US/docs/alexa/account-linking/configure-optional-account-linking.html)',
  /** The certification team's own articles on the Alexa developer forums. */
  sessionClosure:
    'Amazon, "Skill Functionality Essentials: Session Closure" (amazon.developer.forums.answerhub.com/articles/242597)',
} as const;

/**
 * Voice Interface and User Experience Testing, "Session management": "If the flag is set to continue,
 * Alexa then listens and waits for the user's response." Session Closure: "After every response that
 * asks the user a question, the session remains open and the device waits for user response", and its
 * bad example is a session that "remains open with no prompt to the user". Design the Prompts: "A prompt
 * is when the device invites input from the user. This could be in the form of a question or a selection
 * of options for the user to choose from." So an open session's speech (not only its reprompt, said
 * seconds later) asks: a question, or an invitation to say something; a closed one asks nothing.
 */
export const SESSION_RULE = `${PAGES.voice}, Session management; ${PAGES.sessionClosure}; ${PAGES.prompts}`;

/** The sentences of an SSML speech, its tags taken out. */
export function sentences(ssml: string): string[] {
  const text = ssml
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
  return text
    .split(/(?<=[.?!。?!])\s*/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const QUESTION = /[??]$/u;
/** Asked to say something now: "Please say yes or no.", "Say its name, …", 「…で答えてください。」. */
const INVITATION = [
  /^(?:sorry, )?(?:please )?(?:say|answer|try saying|tell me)\b/i,
  /(?:言って|答えて|言ってみて)ください。?$/u,
];
/** A phrase with the wake word is a request of its own, said later ("Try: Alexa, turn on the bedroom TV."), not an answer now. */
const WAKE_WORD = /\bAlexa\b|アレクサ/iu;

/** The sentences of a speech that ask the user for something: questions and invitations to speak now. */
export function asking(ssml: string): string[] {
  return sentences(ssml).filter((s) => QUESTION.test(s) || (INVITATION.some((r) => r.test(s)) && !WAKE_WORD.test(s)));
}

/**
 * Design the Prompts for Your Skill: a prompt may be "a selection of options for the user to choose
 * from", and prompts "should be specific and clear": a question that offers a choice names its options
 * ("Which TV: ?" and 「?のどれですか?」 offer none).
 */
const EMPTY_CHOICE = [/:\s*[??]/u, /[??]の(?:どれ|どちら)/u];

export const speechOf = (heard: Heard): string =>
  (heard.response.response.outputSpeech as { ssml?: string } | undefined)?.ssml ?? '';
const repromptOf = (heard: Heard): string =>
  (heard.response.response.reprompt?.outputSpeech as { ssml?: string } | undefined)?.ssml ?? '';

/**
 * What a response breaks of the session rule (empty when nothing): an open session that asks nothing, a
 * closed one that asks, a choice with no options.
 */
export function sessionProblems(heard: Heard): string[] {
  if (heard.refused !== undefined) return [`Alexa refused the response: ${heard.refused}`];
  const { shouldEndSession } = heard.response.response;
  const speech = speechOf(heard);
  const asked = asking(speech);
  const problems: string[] = [];
  if (shouldEndSession === false && asked.length === 0) {
    problems.push(
      `keeps the session open but its speech asks nothing: "${speech}" (the reprompt, seconds later: "${repromptOf(heard)}")`,
    );
  }
  if (shouldEndSession === true && asked.length > 0) problems.push(`ends the session but asks: "${asked.join(' ')}"`);
  for (const s of [speech, repromptOf(heard)])
    if (EMPTY_CHOICE.some((r) => r.test(s))) problems.push(`offers a choice with no options: "${s}"`);
  // A response with words decides whether the microphone opens (left out, a screen keeps the session without it).
  if (shouldEndSession === undefined && speech !== '')
    problems.push(`says "${speech}" and leaves the session neither open nor closed`);
  return problems;
}
