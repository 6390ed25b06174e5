// The deploy inputs the stack reads, checked by npm run doctor's own code (scripts/doctor.ts,
// stackInputProblems, loaded through tsx) so `serverless package` and `deploy` refuse what doctor refuses:
//   ${skillId:} in serverless.yml: SKILL_ID, or a stop before anything is built or created. Both functions
//   accept only the skill with this id (docs/deploying.md, step 1: the skill exists before its functions),
//   so there is no placeholder to fall back on; osls alone would say only "Value not found at env
//   source". Every command reads the configuration, so invoke and logs take SKILL_ID too, as the shell
//   of docs/deploying.md has it.
//   Packaging (and so deploying) also stops on a wrong --param value (the messaging client, its secret's
//   name, monitoring, the alarm address, Request Sync's key), each with doctor's line for it.
const path = require('node:path');

/** doctor's checks, from TypeScript: tsx compiles it on the fly, as npm run doctor runs it. */
function doctor() {
  const { require: tsxRequire } = require('tsx/cjs/api');
  return tsxRequire(path.join(__dirname, '..', 'scripts', 'doctor.ts'), __filename);
}

class DeployInputs {
  constructor(serverless, options) {
    const stop = (problems) => {
      throw new serverless.classes.Error(
        `${problems.join('\n')}\n(npm run doctor checks every deploy input; docs/deploying.md)`,
      );
    };
    this.configurationVariablesSources = {
      skillId: {
        resolve: () => {
          const skillId = (process.env.SKILL_ID ?? '').trim();
          if (skillId === '') {
            stop([
              'SKILL_ID is not set: the functions accept only the skill with this id. Create the skill first ' +
                '(developer console, Create Skill, then Copy Skill ID) and set SKILL_ID=amzn1.ask.skill.<uuid>.',
            ]);
          }
          const problems = doctor()
            .stackInputProblems({ skillId, params: {} })
            .filter((p) => p.startsWith('SKILL_ID'));
          if (problems.length > 0) stop(problems);
          return { value: skillId };
        },
      },
    };
    this.hooks = {
      'before:package:initialize': () => {
        const { inputsFrom, stackInputProblems } = doctor();
        const params = [].concat(options.param ?? []).map((p) => `--param=${p}`);
        const problems = stackInputProblems(inputsFrom(params, process.env));
        if (problems.length > 0) stop(problems);
      },
    };
  }
}

module.exports = DeployInputs;
