// Echo devices with screens as their requests describe them, and touches on the keypad as Alexa sends them.
//
// A device that shows APL lists Alexa.Presentation.APL in supportedInterfaces with its runtime's
// maxVersion, and describes its screen in context.Viewport: mode, shape, size in pixels, dpi (Amazon,
// "Alexa.Presentation.APL Interface Reference", supportedInterfaces and the Viewport object; "Request and
// Response JSON Reference", ViewportState). APL lays out in dp: width × 160 / dpi (Amazon, "Viewport Object
// in the Data-binding Context").
// The devices, by their viewport profile (Amazon, "Viewport Profiles", developer.amazon.com/docs/
// alexa-presentation-language/apl-alexa-viewport-profiles-package.html; "What's New in APL 1.8" for Echo
// Show 15; the size groups of ask-sdk-core's getViewportProfile): Echo Spot hubRoundSmall 480×480 px at
// 160 dpi; Echo Show 5 hubLandscapeSmall 960×480 at 160; Echo Show 8 hubLandscapeMedium 1280×800 at 213
// (960×600 dp); Echo Show 10 hubLandscapeLarge 1280×800 at 160; Echo Show 15 and 21 hubLandscapeXLarge
// 1920×1080 at 160.
import { USER_EVENT } from '../../../src/skill/screen/device';
import { KEYPAD_TOKEN } from '../../../src/skill/screen/document';
import { echoScreen, withScreen } from '../../../src/local/sandbox/screen';
import { otherRequest, type RequestOptions, type RequestSpec } from '../skill/requests';

export interface Screen {
  name: string;
  shape: 'ROUND' | 'RECTANGLE';
  pixelWidth: number;
  pixelHeight: number;
  dpi: number;
}

export const SCREENS: readonly Screen[] = [
  { name: 'Echo Spot', shape: 'ROUND', pixelWidth: 480, pixelHeight: 480, dpi: 160 },
  { name: 'Echo Show 5', shape: 'RECTANGLE', pixelWidth: 960, pixelHeight: 480, dpi: 160 },
  { name: 'Echo Show 8', shape: 'RECTANGLE', pixelWidth: 1280, pixelHeight: 800, dpi: 213 },
  { name: 'Echo Show 10', shape: 'RECTANGLE', pixelWidth: 1280, pixelHeight: 800, dpi: 160 },
  { name: 'Echo Show 15', shape: 'RECTANGLE', pixelWidth: 1920, pixelHeight: 1080, dpi: 160 },
  { name: 'Echo Show 21', shape: 'RECTANGLE', pixelWidth: 1920, pixelHeight: 1080, dpi: 160 },
];

export const screenNamed = (name: string): Screen => {
  const screen = SCREENS.find((s) => s.name === name);
  if (!screen) throw new Error(`no screen ${name}`);
  return screen;
};

export const ECHO_SHOW_8 = screenNamed('Echo Show 8');

/** The APL viewport (dp) the screen lays the document out in. */
export function dpSize(screen: Screen): { width: number; height: number } {
  return {
    width: Math.round((screen.pixelWidth * 160) / screen.dpi),
    height: Math.round((screen.pixelHeight * 160) / screen.dpi),
  };
}

/** The request as it comes from `screen`, whose APL runtime goes up to `maxVersion`. */
export function onScreen(spec: RequestSpec, screen: Screen = ECHO_SHOW_8, maxVersion = '2023.3'): RequestSpec {
  return (who) => withScreen(spec(who), echoScreen(screen, maxVersion));
}

/**
 * A touch: the UserEvent a key's SendEvent sends, inside the session the keypad was shown in (Amazon,
 * APL Interface Reference, UserEvent request: token, arguments, source, components). `args` is what the
 * key sends, or anything a forger puts there.
 */
export function touch(args: unknown, options: { token?: unknown; screen?: Screen } & RequestOptions = {}): RequestSpec {
  const { token = KEYPAD_TOKEN, screen, ...rest } = options;
  return onScreen(
    otherRequest(
      USER_EVENT,
      {
        token,
        arguments: args,
        source: { type: 'TouchWrapper', handler: 'Press', id: '', value: false },
        components: {},
      },
      { session: 'ongoing', ...rest },
    ),
    screen,
  );
}
