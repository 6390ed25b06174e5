// Where Alexa lives: its three regions, the AWS region whose Lambda each calls, and the Amazon services
// a skill talks to on a customer's behalf (Login with Amazon, the Alexa event gateway of the region).
// Sources: developer.amazon.com/docs/smarthome/send-events.html (gateway endpoints),
// developer.amazon.com/docs/smarthome/authenticate-a-customer-permissions.html (LWA token URL).

/** The AWS region Alexa calls for each of its regions: the smart-home model's Lambda must be there. */
export const ALEXA_AWS_REGIONS = { NA: 'us-east-1', EU: 'eu-west-1', FE: 'us-west-2' } as const;
export type AlexaRegion = keyof typeof ALEXA_AWS_REGIONS;

/** Which Alexa region serves each locale this project speaks. */
export const LOCALE_REGIONS: Readonly<Record<string, AlexaRegion>> = {
  'en-US': 'NA',
  'en-CA': 'NA',
  'en-GB': 'EU',
  'en-IN': 'EU',
  'en-AU': 'FE',
  'ja-JP': 'FE',
};

/**
 * The Alexa region a function deployed in this AWS region serves: Alexa sends a customer's directives
 * to the Lambda of the customer's region, so the region a grant arrived in is the customer's.
 */
export function alexaRegionOf(awsRegion: string | undefined): AlexaRegion | undefined {
  return (Object.keys(ALEXA_AWS_REGIONS) as AlexaRegion[]).find((r) => ALEXA_AWS_REGIONS[r] === awsRegion);
}

/** Where events go, per region of the customer. */
export const EVENT_GATEWAY_URLS: Readonly<Record<AlexaRegion, string>> = {
  NA: 'https://api.amazonalexa.com/v3/events',
  EU: 'https://api.eu.amazonalexa.com/v3/events',
  FE: 'https://api.fe.amazonalexa.com/v3/events',
};

export const LWA_TOKEN_URL = 'https://api.amazon.com/auth/o2/token';
