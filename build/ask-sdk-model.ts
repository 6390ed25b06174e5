// Stands in for `ask-sdk-model` in the Lambda bundles. Everything the skill takes from it is a type,
// erased at build; at run time ask-sdk-core reads one value, services.ServiceClientFactory, and builds
// one only for a skill given an API client (ours has none). Loading the package itself declares every
// Alexa service client (about 20 ms of the skill's start-up); here it loads only if a factory is built.
import type { services as model } from 'ask-sdk-model';

type FactoryClass = typeof model.ServiceClientFactory;
type FactoryConfig = ConstructorParameters<FactoryClass>[0];

class LazyServiceClientFactory {
  constructor(config: FactoryConfig) {
    // The real package, by path so that the alias that points here does not apply to it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a factory is made
    const real = require('../node_modules/ask-sdk-model/index.js') as typeof import('ask-sdk-model');
    // A constructor may return another object: callers get the real factory.
    return new real.services.ServiceClientFactory(config) as unknown as LazyServiceClientFactory;
  }
}

export const services = { ServiceClientFactory: LazyServiceClientFactory as unknown as FactoryClass };
