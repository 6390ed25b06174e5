// serverless-esbuild reads a function's `esbuildEntrypoint` (the file it bundles when `handler` names
// another, here the voice functions' entry.mjs) but declares no schema for it; declared here, so that
// `configValidationMode: error` accepts it and still refuses every property nobody reads.
class EsbuildEntrypointSchema {
  constructor(serverless) {
    serverless.configSchemaHandler.defineFunctionProperties('aws', {
      properties: { esbuildEntrypoint: { type: 'string' } },
    });
  }
}

module.exports = EsbuildEntrypointSchema;
