// What the device would let a user press on a RenderDocument: each TouchWrapper's label and the arguments
// its SendEvent sends, bound as an APL runtime binds them. Never bundled. Amazon's pages and the binding
// forms read: docs/sandbox.md#apl-touch.
import { isRecord, type JsonObject } from '../../json';

export interface AplKey {
  label: string;
  arguments: unknown[];
}

type Context = Record<string, unknown>;

/** Every key of the document, once each (the round and landscape layouts hold the same keys). */
export function keysOf(directive: unknown): AplKey[] {
  if (!isRecord(directive) || !isRecord(directive['document'])) return [];
  const document = directive['document'];
  const datasources = isRecord(directive['datasources']) ? directive['datasources'] : {};
  const main = isRecord(document['mainTemplate']) ? document['mainTemplate'] : {};
  const context: Context = {};
  for (const p of Array.isArray(main['parameters']) ? main['parameters'] : []) {
    if (typeof p === 'string') context[p] = p === 'payload' ? datasources : datasources[p];
  }
  const layouts = isRecord(document['layouts']) ? document['layouts'] : {};
  const keys = new Map<string, AplKey>();
  walk(main['items'] ?? main['item'], context, layouts, (key) => keys.set(JSON.stringify(key), key));
  return [...keys.values()];
}

/** The key labelled `label` ("8 フジテレビ"), or by its number alone ("8") or its name alone ("フジテレビ"); case and spaces aside. */
export function keyLabelled(directive: unknown, label: string): AplKey | undefined {
  const wanted = squash(label);
  const keys = keysOf(directive);
  const numbered = (key: AplKey): [string, string] => {
    const [, number = '', name = ''] = /^(\d+)\s*(.*)$/.exec(key.label.trim()) ?? [];
    return [number, squash(name)];
  };
  return (
    keys.find((k) => squash(k.label) === wanted) ?? keys.find((k) => numbered(k).includes(wanted) && wanted !== '')
  );
}

const squash = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

function walk(node: unknown, context: Context, layouts: JsonObject, found: (key: AplKey) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, context, layouts, found);
    return;
  }
  if (!isRecord(node)) return;
  const type = node['type'];
  if (typeof node['data'] === 'string') {
    const data = evaluate(node['data'], context);
    for (const item of Array.isArray(data) ? data : [])
      walk(node['item'] ?? node['items'], { ...context, data: item }, layouts, found);
    return;
  }
  const layout = typeof type === 'string' ? layouts[type] : undefined;
  if (isRecord(layout)) {
    const inner: Context = { ...context };
    for (const p of Array.isArray(layout['parameters']) ? (layout['parameters'] as unknown[]) : []) {
      const name = isRecord(p) ? p['name'] : p;
      if (typeof name !== 'string') continue;
      inner[name] = name in node ? evaluate(node[name], context) : isRecord(p) ? p['default'] : undefined;
    }
    walk(layout['items'] ?? layout['item'], inner, layouts, found);
    return;
  }
  if (type === 'TouchWrapper') {
    const presses = Array.isArray(node['onPress']) ? (node['onPress'] as unknown[]) : [node['onPress']];
    const send = presses.find((c) => isRecord(c) && c['type'] === 'SendEvent');
    if (isRecord(send)) {
      const args = Array.isArray(send['arguments']) ? (send['arguments'] as unknown[]) : [];
      found({
        label: String(textOf(node['item'] ?? node['items'], context) ?? ''),
        arguments: args.map((a) => evaluate(a, context)),
      });
    }
    return;
  }
  walk(node['items'] ?? node['item'], context, layouts, found);
}

function textOf(node: unknown, context: Context): unknown {
  if (Array.isArray(node)) return node.map((n) => textOf(n, context)).find((t) => t !== undefined);
  if (!isRecord(node)) return undefined;
  // A Text shows its entities as the characters they stand for (Amazon, "Text" component, "Markup").
  if (node['type'] === 'Text')
    return String(evaluate(node['text'], context)).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return textOf(node['item'] ?? node['items'], context);
}

/** A whole `${path}` keeps the value's type; `${path}` inside text becomes text. */
function evaluate(value: unknown, context: Context): unknown {
  if (typeof value !== 'string') return value;
  const whole = /^\$\{([^}]*)\}$/.exec(value);
  if (whole) return resolve(whole[1]!, context);
  return value.replace(/\$\{([^}]*)\}/g, (_, path: string) => String(resolve(path, context) ?? ''));
}

function resolve(path: string, context: Context): unknown {
  const parts = path.trim().match(/[A-Za-z_]\w*|\[\d+\]/g) ?? [];
  let value: unknown = context;
  for (const part of parts) {
    const key = part.startsWith('[') ? Number(part.slice(1, -1)) : part;
    value =
      Array.isArray(value) && typeof key === 'number'
        ? value[key]
        : isRecord(value) && typeof key === 'string'
          ? value[key]
          : undefined;
  }
  return value;
}
