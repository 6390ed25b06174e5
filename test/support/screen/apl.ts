// Amazon's own APL validator, apl-suggester (github.com/alexa/apl-suggester, the checks of the APL
// authoring tool), run offline over a document and its datasources. Every finding counts, warnings
// included: "zero errors" is read as nothing to report. It loads packages over the network only for a
// document's `import`, and the keypad has none (document.ts; checked beside it in screen-document.test.ts).
import { StaticAplTemplateValidator } from 'apl-suggester';

export interface Finding {
  path: string;
  message: string;
  level?: string;
}

const validator = new StaticAplTemplateValidator();
const seen = new Map<string, Finding[]>();

/** What apl-suggester reports on the document and on its datasources (each distinct pair validated once). */
export async function aplFindings(document: object, datasources: object): Promise<Finding[]> {
  const key = JSON.stringify([document, datasources]);
  const known = seen.get(key);
  if (known) return known;
  // It prints a note to the console for each component it knows no mixin of: noise, not a finding.
  const { log, warn } = console;
  console.log = () => undefined;
  console.warn = () => undefined;
  try {
    const found = [...(await validator.validate(document)), ...(await validator.validateDataSources(datasources))].map(
      (f) => ({ path: f.path, message: f.errorMessage, level: f.level }),
    );
    seen.set(key, found);
    return found;
  } finally {
    console.log = log;
    console.warn = warn;
  }
}
