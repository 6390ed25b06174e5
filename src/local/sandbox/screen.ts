// An Echo with a screen, as its requests describe it (APL in supportedInterfaces, context.Viewport); the
// sandbox's Echo is an Echo Show 8. Amazon's pages and the sizes: docs/sandbox.md#sandbox-screen.
import type { RequestEnvelope } from 'ask-sdk-model';
import { isRecord } from '../../json';

export const RENDER_DOCUMENT = 'Alexa.Presentation.APL.RenderDocument';

/** A screen by its size and density. */
export interface ScreenSize {
  shape: 'ROUND' | 'RECTANGLE';
  pixelWidth: number;
  pixelHeight: number;
  dpi: number;
}

/** What a device with a screen says of it in each request: its APL runtime and its Viewport. */
export interface EchoScreen {
  maxVersion: string;
  viewport: Record<string, unknown>;
}

/** The newest APL a 2023 Echo Show 8 reports. */
const MAX_VERSION = '2023.3';

export function echoScreen(size: ScreenSize, maxVersion = MAX_VERSION): EchoScreen {
  return {
    maxVersion,
    viewport: {
      experiences: [{ arcMinuteWidth: 246, arcMinuteHeight: 144, canRotate: false, canResize: false }],
      mode: 'HUB',
      shape: size.shape,
      pixelWidth: size.pixelWidth,
      pixelHeight: size.pixelHeight,
      currentPixelWidth: size.pixelWidth,
      currentPixelHeight: size.pixelHeight,
      dpi: size.dpi,
      touch: ['SINGLE'],
    },
  };
}

export const ECHO_SHOW_8 = echoScreen({ shape: 'RECTANGLE', pixelWidth: 1280, pixelHeight: 800, dpi: 213 });

/** The request as it comes from a device with `screen`. */
export function withScreen(request: RequestEnvelope, screen: EchoScreen): RequestEnvelope {
  const system = request.context.System;
  return {
    ...request,
    context: {
      ...request.context,
      System: {
        ...system,
        device: {
          ...system.device!,
          supportedInterfaces: {
            ...system.device?.supportedInterfaces,
            'Alexa.Presentation.APL': { runtime: { maxVersion: screen.maxVersion } },
          },
        },
      },
      Viewport: screen.viewport,
    } as RequestEnvelope['context'],
  };
}

/** The token a RenderDocument names its document by, which the document's UserEvents carry back. */
export function documentToken(directive: unknown): string | undefined {
  return isRecord(directive) && typeof directive['token'] === 'string' ? directive['token'] : undefined;
}

/** The status line of the keypad on the screen. */
export function keypadStatus(directive: unknown): string | undefined {
  const keypad =
    isRecord(directive) && isRecord(directive['datasources']) ? directive['datasources']['keypad'] : undefined;
  return isRecord(keypad) && typeof keypad['status'] === 'string' ? keypad['status'] : undefined;
}
