// The skill package checked against the Alexa skill-management model's own TypeScript types
// (`ask-smapi-model`, Amazon's SMAPI model): each JSON document becomes an object literal assigned to
// its SMAPI type in a module compiled in memory with the project's strict options, so an unknown key,
// a missing field or a wrong enum value is a compile error, reported with the path it is at.
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const CHECK_FILE = path.join(ROOT, 'test', 'support', '__smapi_check__.ts');

/**
 * Amazon's documentation, console and the ASK SDK's consent card name the country-and-postal-code
 * permission `alexa::devices:all:address:country_and_postal_code:read` (use-device-address.html); the
 * SMAPI model's enum spells it with one colon (`alexa:devices:…`). The documented name is accepted too.
 * And the model's slot-type value requires `synonyms`, which Amazon's own sample models leave out when a
 * value has none (as models/build.ts does): that one key is optional here; nothing else is relaxed.
 */
const PREAMBLE = `import type { v1 } from 'ask-smapi-model';
type Permission = v1.skill.Manifest.PermissionName | 'alexa::devices:all:address:country_and_postal_code:read';
type Manifest = Omit<v1.skill.Manifest.SkillManifest, 'permissions'> & { permissions?: { name: Permission }[] };
type ManifestEnvelope = { manifest: Manifest };
type SynonymsOptional<T> = T extends (infer U)[] ? SynonymsOptional<U>[]
  : T extends object ? ('synonyms' extends keyof T ? Omit<{ [K in keyof T]: SynonymsOptional<T[K]> }, 'synonyms'> & { synonyms?: T['synonyms'] } : { [K in keyof T]: SynonymsOptional<T[K]> })
  : T;
type InteractionModel = SynonymsOptional<v1.skill.interactionModel.InteractionModelData>;
`;

/** What each document is, as an SMAPI type. */
export const SMAPI_TYPES = {
  manifest: 'ManifestEnvelope',
  interactionModel: 'InteractionModel',
  accountLinking: 'v1.skill.accountLinking.AccountLinkingRequest',
} as const;

export interface SmapiDocument {
  name: string;
  type: keyof typeof SMAPI_TYPES;
  json: unknown;
}

/** The .d.ts files a check reads besides its own module: TypeScript's lib and ask-smapi-model. */
const libraries = new Map<string, ts.SourceFile>();

/** The compiler's complaints, one line each, naming the document; empty when every one type-checks. */
export function smapiTypeErrors(documents: SmapiDocument[]): string[] {
  const source =
    PREAMBLE +
    documents
      .map(
        (d, i) => `// ${d.name}\nexport const doc${i}: ${SMAPI_TYPES[d.type]} = ${JSON.stringify(d.json, null, 1)};\n`,
      )
      .join('');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) => {
    if (path.resolve(file) === CHECK_FILE) return ts.createSourceFile(file, source, language);
    // The libraries' files, parsed once for every check (each check has the same options).
    const parsed = libraries.get(file) ?? getSourceFile(file, language, ...rest);
    if (parsed) libraries.set(file, parsed);
    return parsed;
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === CHECK_FILE || fileExists(file);
  const program = ts.createProgram([CHECK_FILE], options, host);
  const checked = program.getSourceFile(CHECK_FILE);
  return ts.getPreEmitDiagnostics(program, checked).map((d) => {
    const where =
      d.file && d.start !== undefined ? documentAt(source, d.file.getLineAndCharacterOfPosition(d.start).line) : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** The name of the document a line of the generated module belongs to. */
function documentAt(source: string, line: number): string {
  const lines = source
    .split('\n')
    .slice(0, line + 1)
    .reverse();
  return lines.find((l) => l.startsWith('// '))?.slice(3) ?? 'preamble';
}
