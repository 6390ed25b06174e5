// The cold bench's "secret" variant (bench/cold-powertools.ts): the smart-home function as deployed,
// carrying the hand-written Secrets Manager read (src/homegraph/secret.ts), which loads its client only
// when first called, as a read of the Alexa client secret in AcceptGrant would. A control directive
// never calls it: what the variant measures is the weight it adds to the cold start.
export * from '../../src/smarthome/lambda';
export { keyFromSecret } from '../../src/homegraph/secret';
