// `${skillId:}` in serverless.yml: the skill's id from SKILL_ID. Both functions accept only that skill
// (docs/deploying.md, step 1: the skill exists before its functions), so there is no placeholder to fall
// back on: without SKILL_ID the configuration does not resolve, and `serverless deploy` stops before
// anything is built or created, with a message naming SKILL_ID (osls alone would say only "Value not
// found at env source"). Every command reads the configuration, so invoke and logs take SKILL_ID too, as
// the shell of docs/deploying.md has it. The form is the one the developer console shows (Copy Skill
// ID); npm run doctor checks it with every other input (skill/package.ts, SKILL_ID_FORM).
class RequireSkillId {
  constructor(serverless) {
    this.configurationVariablesSources = {
      skillId: {
        resolve: () => {
          const skillId = (process.env.SKILL_ID ?? '').trim();
          if (skillId === '') {
            throw new serverless.classes.Error(
              'SKILL_ID is not set: the functions accept only the skill with this id. Create the skill first '
              + '(developer console, Create Skill, then Copy Skill ID) and set SKILL_ID=amzn1.ask.skill.<uuid> '
              + '(docs/deploying.md; npm run doctor checks every deploy input).',
            );
          }
          return { value: skillId };
        },
      },
    };
  }
}

module.exports = RequireSkillId;
