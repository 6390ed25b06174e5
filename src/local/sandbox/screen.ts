// The sandbox's Echo has a screen: an Echo Show 8 (APL in supportedInterfaces, its viewport), so opening
// the skill shows the touch remote, and ":touch <label>" presses a key of what is on the screen: the
// UserEvent its SendEvent sends (read off the document by the stand-in, src/local/alexa/apl-touch.ts),
// in the session the remote was shown in. The screen goes when the session ends.
// Echo Show 8: 1280×800 px at 213 dpi, hubLandscapeMedium (Amazon, "Viewport Profiles").
import { randomUUID } from 'node:crypto';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { isRecord } from '../../json';
import { keyLabelled, keysOf } from '../alexa/apl-touch';
import type { ConsoleCommand } from './console';
import { speechText } from './speech-text';

/** The newest APL the sandbox's Echo runs, as a 2023 Echo Show 8 reports it. */
const MAX_VERSION = '2023.3';

/** The request as it comes from an Echo Show 8. */
export function onEchoShow(request: RequestEnvelope): RequestEnvelope {
  const system = request.context.System;
  return {
    ...request,
    context: {
      ...request.context,
      System: { ...system, device: { ...system.device!, supportedInterfaces: { ...system.device?.supportedInterfaces, 'Alexa.Presentation.APL': { runtime: { maxVersion: MAX_VERSION } } } } },
      Viewport: {
        experiences: [{ arcMinuteWidth: 246, arcMinuteHeight: 144, canRotate: false, canResize: false }],
        mode: 'HUB', shape: 'RECTANGLE', pixelWidth: 1280, pixelHeight: 800, currentPixelWidth: 1280, currentPixelHeight: 800, dpi: 213, touch: ['SINGLE'],
      },
    } as RequestEnvelope['context'],
  };
}

/** What is on the screen: the last document in this session, and the request and answer it came with. */
export class SandboxScreen {
  private shown?: { directive: unknown; request: RequestEnvelope; attributes: Record<string, unknown> };

  /** After each answer: a new document replaces the old one; the end of the session clears the screen. */
  seen(request: RequestEnvelope, response: ResponseEnvelope): void {
    const directive = response.response.directives?.find((d) => d.type === 'Alexa.Presentation.APL.RenderDocument');
    if (response.response.shouldEndSession === true) this.shown = undefined;
    else if (directive) this.shown = { directive, request, attributes: response.sessionAttributes ?? {} };
    else if (this.shown) this.shown = { ...this.shown, attributes: response.sessionAttributes ?? this.shown.attributes };
  }

  /** The status line of the remote on the screen. */
  status(): string | undefined {
    const d = this.shown?.directive;
    const remote = isRecord(d) && isRecord(d['datasources']) ? d['datasources']['remote'] : undefined;
    return isRecord(remote) && typeof remote['status'] === 'string' ? remote['status'] : undefined;
  }

  /** The touch of the key labelled `label`, or why there is none. */
  touch(label: string): { request: RequestEnvelope; label: string } | { problem: string } {
    if (!this.shown) return { problem: 'Nothing is on the screen: open the skill first (the sandbox\'s Echo is an Echo Show 8).' };
    const key = keyLabelled(this.shown.directive, label);
    if (!key) return { problem: `No key "${label}" on the screen. The keys: ${keysOf(this.shown.directive).map((k) => k.label).join(', ')}` };
    const { request: last, attributes } = this.shown;
    const request = {
      ...last,
      session: last.session && { ...last.session, new: false, attributes },
      request: {
        type: 'Alexa.Presentation.APL.UserEvent', requestId: `amzn1.echo-api.request.${randomUUID()}`, timestamp: new Date().toISOString(),
        locale: last.request.locale, token: tokenOf(this.shown.directive), arguments: key.arguments,
        source: { type: 'TouchWrapper', handler: 'Press', id: '', value: false }, components: {},
      },
    } as unknown as RequestEnvelope;
    return { request, label: key.label };
  }
}

function tokenOf(directive: unknown): unknown {
  return isRecord(directive) ? directive['token'] : undefined;
}

/** ":touch 8", ":touch フジテレビ", ":touch Volume +": presses the key, shows the screen's line and what Alexa said. */
export function touchCommand(screen: SandboxScreen, send: (request: RequestEnvelope) => Promise<ResponseEnvelope>, tvLines: () => Promise<string[]>): ConsoleCommand {
  return {
    usage: ':touch <key>',
    describe: 'press a key of the remote on the screen by its label ("8", "フジテレビ", "Volume +")',
    async run(label) {
      const found = screen.touch(label);
      if ('problem' in found) return [found.problem];
      const response = await send(found.request);
      screen.seen(found.request, response);
      return [`  [touch: ${found.label}]`, `  Screen: ${screen.status() ?? '(no remote)'}`, `Alexa: ${speechText(response.response.outputSpeech) || '(says nothing)'}`, ...await tvLines()];
    },
  };
}
