// What a rule of Alexa's says when it refuses: shared by rules.ts and the rule modules it gathers.

/** One thing Alexa would refuse, with the rule and where Amazon says so; each rule module narrows `Rule` to its own. */
export interface Refusal<Rule extends string = string> {
  rule: Rule;
  detail: string;
  source: string;
}
