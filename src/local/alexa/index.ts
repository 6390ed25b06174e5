// The local stand-ins for Amazon's side of Alexa (Login with Amazon, the event gateway) and the
// smart-home message schema they check events against. Never bundled into a Lambda.
export {
  startAlexaStandIn,
  type AlexaDevice,
  type AlexaStandIn,
  type DeviceState,
  type AlexaStandInOptions,
  type ReceivedEvent,
  type StandInRegion,
} from './stand-in';
export { expectValidSmartHomeMessage, smartHomeSchemaErrors } from './schema';
