// Alexa's rules for APL in a custom skill's responses and manifest, each beside the Amazon page it comes
// from; rules.ts runs the response rules with the others. Never bundled. Summary: docs/sandbox.md#apl-rules.
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { isRecord } from '../../json';
import type { Refusal } from './refusal';

const APL_INTERFACE_PAGE =
  'Amazon, "Alexa.Presentation.APL Interface Reference" (developer.amazon.com/en-US/docs/alexa/alexa-presentation-language/apl-interface.html)';
const APL_DOCUMENT_PAGE =
  'Amazon, "APL Document" (developer.amazon.com/en-US/docs/alexa/alexa-presentation-language/apl-document.html)';
const VIEWPORTS_PAGE =
  'Amazon, "Select the Viewport Profiles Your Skill Supports" (developer.amazon.com/docs/alexa/alexa-presentation-language/apl-select-the-viewport-profiles-your-skill-supports.html)';
const MANIFEST_PAGE =
  'Amazon, "Skill Manifest Schemas", custom: interfaces (developer.amazon.com/docs/alexa/smapi/skill-manifest.html)';

export type AplRuleName = 'apl-unsupported' | 'apl-newer-than-device' | 'apl-directive-shape' | 'apl-manifest';

const APL_DIRECTIVES = new Set(['Alexa.Presentation.APL.RenderDocument', 'Alexa.Presentation.APL.ExecuteCommands']);

/** What Alexa would refuse in the response's APL directives, given the request's device. */
export function aplRefusals(request: RequestEnvelope, envelope: ResponseEnvelope): Refusal<AplRuleName>[] {
  const directives = (envelope.response?.directives ?? []).filter((d) => APL_DIRECTIVES.has(d.type));
  if (directives.length === 0) return [];
  const apl = aplInterface(request);
  const refusals: Refusal<AplRuleName>[] = [];
  for (const d of directives) {
    const directive = d as unknown as Record<string, unknown>;
    if (apl === undefined) {
      refusals.push({
        rule: 'apl-unsupported',
        source: APL_INTERFACE_PAGE,
        detail: `${d.type} to a device whose supportedInterfaces does not list Alexa.Presentation.APL`,
      });
      continue;
    }
    if (typeof directive['token'] !== 'string' || directive['token'] === '') {
      refusals.push({ rule: 'apl-directive-shape', source: APL_INTERFACE_PAGE, detail: `${d.type} without a token` });
    }
    if (d.type !== 'Alexa.Presentation.APL.RenderDocument') continue;
    const document = directive['document'];
    if (!isRecord(document) || document['type'] !== 'APL' || !isRecord(document['mainTemplate'])) {
      refusals.push({
        rule: 'apl-directive-shape',
        source: APL_DOCUMENT_PAGE,
        detail: 'RenderDocument without a document of type APL with a mainTemplate',
      });
      continue;
    }
    const version = document['version'];
    if (typeof version !== 'string' || apl.maxVersion === undefined || newer(version, apl.maxVersion)) {
      refusals.push({
        rule: 'apl-newer-than-device',
        source: APL_INTERFACE_PAGE,
        detail: `document version ${String(version)} to a device whose maxVersion is ${apl.maxVersion ?? '(none)'}`,
      });
    }
  }
  return refusals;
}

/** What the manifest's APL declaration lacks, empty when the skill may send APL. */
export function manifestAplRefusals(manifest: unknown): Refusal<AplRuleName>[] {
  const refuse = (detail: string): Refusal<AplRuleName> => ({ rule: 'apl-manifest', source: MANIFEST_PAGE, detail });
  const custom =
    isRecord(manifest) && isRecord(manifest['manifest']) && isRecord(manifest['manifest']['apis'])
      ? manifest['manifest']['apis']['custom']
      : undefined;
  const interfaces = isRecord(custom) ? custom['interfaces'] : undefined;
  const apl: unknown = Array.isArray(interfaces)
    ? interfaces.find((i) => isRecord(i) && i['type'] === 'ALEXA_PRESENTATION_APL')
    : undefined;
  if (!isRecord(apl)) return [refuse('apis.custom.interfaces does not declare ALEXA_PRESENTATION_APL')];
  const viewports = apl['supportedViewports'];
  if (!Array.isArray(viewports) || viewports.length === 0)
    return [{ ...refuse('ALEXA_PRESENTATION_APL declares no supportedViewports'), source: VIEWPORTS_PAGE }];
  const refusals: Refusal<AplRuleName>[] = [];
  viewports.forEach((v, i) => {
    const problem = viewportProblem(v);
    if (problem) refusals.push({ ...refuse(`supportedViewports[${i}] ${problem}`), source: VIEWPORTS_PAGE });
  });
  return refusals;
}

/** A device's screen as its request describes it (context.Viewport: mode, shape, pixel sizes, dpi). */
export interface ScreenSize {
  mode: string;
  shape: string;
  pixelWidth: number;
  pixelHeight: number;
  dpi: number;
}

/**
 * True when one of the manifest's viewports takes the screen: Alexa sends APL only for those. The ranges
 * are the viewport profiles' (Amazon, "Configure Your Skill with the APL Interface", developer.amazon.com/
 * docs/alexa-presentation-language/apl-support-for-your-skill.html: hubLandscapeMedium 960–1279 × 600–959), which
 * are sizes in dp, the unit APL lays out in: pixels × 160 / dpi ("Viewport Object in the Data-binding
 * Context": minWidth, maxWidth … "in display-independent pixels (dp)"). An Echo Show 8, 1280×800 px at
 * 213 dpi, is 960×600 dp.
 */
export function manifestTakes(manifest: unknown, screen: ScreenSize): boolean {
  const custom =
    isRecord(manifest) && isRecord(manifest['manifest']) && isRecord(manifest['manifest']['apis'])
      ? manifest['manifest']['apis']['custom']
      : undefined;
  const interfaces = isRecord(custom) && Array.isArray(custom['interfaces']) ? custom['interfaces'] : [];
  const viewports = interfaces.flatMap((i: unknown) =>
    isRecord(i) && Array.isArray(i['supportedViewports']) ? (i['supportedViewports'] as unknown[]) : [],
  );
  const { width, height } = dpSize(screen);
  return viewports.some(
    (v) =>
      viewportProblem(v) === undefined &&
      isRecord(v) &&
      v['mode'] === screen.mode &&
      v['shape'] === screen.shape &&
      (v['minWidth'] as number) <= width &&
      width <= (v['maxWidth'] as number) &&
      (v['minHeight'] as number) <= height &&
      height <= (v['maxHeight'] as number),
  );
}

/** The screen in dp; a screen without a usable dpi reads as 160, where a pixel is a dp. */
export function dpSize(screen: Pick<ScreenSize, 'pixelWidth' | 'pixelHeight' | 'dpi'>): {
  width: number;
  height: number;
} {
  const dpi = Number.isFinite(screen.dpi) && screen.dpi > 0 ? screen.dpi : 160;
  return { width: Math.round((screen.pixelWidth * 160) / dpi), height: Math.round((screen.pixelHeight * 160) / dpi) };
}

/** The screen a request's context.Viewport describes, read tolerantly; undefined when it describes none. */
export function screenOfViewport(viewport: unknown): ScreenSize | undefined {
  if (!isRecord(viewport)) return undefined;
  const { mode, shape, pixelWidth, pixelHeight, dpi } = viewport;
  if (
    typeof mode !== 'string' ||
    typeof shape !== 'string' ||
    typeof pixelWidth !== 'number' ||
    typeof pixelHeight !== 'number'
  )
    return undefined;
  return { mode, shape, pixelWidth, pixelHeight, dpi: typeof dpi === 'number' ? dpi : 160 };
}

/** The modes and shapes of VIEWPORTS_PAGE; sizes are whole pixels, each range min <= max. */
function viewportProblem(v: unknown): string | undefined {
  if (!isRecord(v)) return 'is not an object';
  if (!['HUB', 'TV', 'MOBILE', 'AUTO', 'PC'].includes(String(v['mode']))) return `has mode ${String(v['mode'])}`;
  if (!['ROUND', 'RECTANGLE'].includes(String(v['shape']))) return `has shape ${String(v['shape'])}`;
  for (const side of ['Width', 'Height']) {
    const min = v[`min${side}`];
    const max = v[`max${side}`];
    if (!Number.isInteger(min) || !Number.isInteger(max) || (min as number) <= 0 || (min as number) > (max as number))
      return `has no range of whole pixels for its ${side.toLowerCase()}`;
  }
  return undefined;
}

function aplInterface(request: RequestEnvelope): { maxVersion?: string } | undefined {
  const interfaces: unknown = (request as { context?: { System?: { device?: { supportedInterfaces?: unknown } } } })
    ?.context?.System?.device?.supportedInterfaces;
  const apl = isRecord(interfaces) ? interfaces['Alexa.Presentation.APL'] : undefined;
  if (!isRecord(apl)) return undefined;
  const max = isRecord(apl['runtime']) ? apl['runtime']['maxVersion'] : undefined;
  return typeof max === 'string' ? { maxVersion: max } : {};
}

/** APL versions compare part by part as numbers (1.9 < 2022.1 < 2023.3). */
function newer(version: string, max: string): boolean {
  const a = version.split('.').map(Number);
  const b = max.split('.').map(Number);
  if ([...a, ...b].some((n) => !Number.isFinite(n))) return true;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}
